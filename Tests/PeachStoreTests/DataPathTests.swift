import Foundation
import Testing

@testable import PeachStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--data` naming something that is not a regular file: refused before SQLite opens it.
@Suite("--data must name a regular file or a new path")
final class DataPathTests {
    let peach: URL
    let folder: URL

    init() throws {
        peach = try builtExecutable("peach")
        folder = try makeTemporaryDirectory()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// Each kind of path, what the message calls it, and the path.
    func oddPaths() throws -> [(kind: String, path: String)] {
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = folder.appendingPathComponent("folder").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let link = folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        return [
            ("a named pipe", fifo), ("a character device", "/dev/null"), ("a folder", directory),
            ("a named pipe", link),
        ]
    }

    @Test("stats and serve refuse a named pipe, a character device, a folder and a link to a pipe, at once")
    func refused() throws {
        let journalsBefore = Set(try FileManager.default.contentsOfDirectory(atPath: "/dev"))
        for (kind, path) in try oddPaths() {
            for command in [["stats"], ["serve", "--port", "0"]] {
                let result = try runProcess(peach, command + ["--data", path], timeLimit: 20)
                #expect(!result.timedOut, "\(command) on \(kind) hung")
                #expect(result.status != 0)
                #expect(result.errors.contains("\(path) is \(kind), not a database file"), "\(result.errors)")
            }
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: "/dev")) == journalsBefore)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "folder", "link.sqlite", "pipe",
            ])
    }

    @Test("AppDatabase.open refuses a named pipe without blocking, for every access")
    func namedPipe() throws {
        let fifo = folder.appendingPathComponent("pipe").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for access in [AppDatabase.Access.reading, .writing, .serving] {
            #expect(throws: StoreError.notAFile(path: fifo, kind: "a named pipe")) {
                try AppDatabase.open(path: fifo, access: access)
            }
        }
    }
}
