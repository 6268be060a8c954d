import Foundation
import Testing

/// Compares rendered text with its committed snapshot in `__Snapshots__/` next to this file.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the snapshot is written instead (and the test
/// passes); otherwise a missing or different snapshot fails with the first differing line.
func assertSnapshot(
    _ text: String, named name: String, filePath: StaticString = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let url = URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent()
        .appendingPathComponent("__Snapshots__").appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            Issue.record("could not record snapshot \(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record(
            "no snapshot \(name) yet: run `RECORD_SNAPSHOTS=1 swift test` once and commit the file",
            sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != text else { return }
    let (old, new) = (expected.components(separatedBy: "\n"), text.components(separatedBy: "\n"))
    let line = (0..<min(old.count, new.count)).first { old[$0] != new[$0] } ?? min(old.count, new.count)
    Issue.record(
        """
        \(name) differs from its snapshot at line \(line + 1):
          snapshot: \(line < old.count ? old[line] : "<end>")
          rendered: \(line < new.count ? new[line] : "<end>")
        If the change is intended, run `RECORD_SNAPSHOTS=1 swift test` and review the diff with git.
        """, sourceLocation: sourceLocation)
}
