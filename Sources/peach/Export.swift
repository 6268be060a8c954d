import ArgumentParser
import Foundation
import PeachStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `peach export`: every record as CSV, oldest first.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write all training records as CSV (Peach export format 3, as the iOS app reads it).",
        discussion: "Writes to standard output unless --output is given. Settings are not exported.")

    @OptionGroup var store: StoreOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the CSV to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() async throws {
        let database = try store.openDatabase(.reading)
        guard let output else {
            var stream = FileOutputStream(FileHandle.standardOutput)
            try database.exportCSV(to: &stream)
            return
        }
        // Written beside the target and renamed into place, so that a failed export never leaves
        // half a file where a complete one was expected.
        let target = URL(fileURLWithPath: output)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        guard FileManager.default.createFile(atPath: temporary.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary.path)
        else {
            throw ValidationError("Cannot write \(output): check that its folder exists and that you may write to it.")
        }
        do {
            var stream = FileOutputStream(handle)
            try database.exportCSV(to: &stream)
            try handle.synchronize()
            try handle.close()
            // rename(2) replaces an existing file atomically.
            guard rename(temporary.path, target.path) == 0 else {
                throw ValidationError("Cannot write \(output): \(String(cString: strerror(errno))).")
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
