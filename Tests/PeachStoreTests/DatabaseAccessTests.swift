import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

/// The bytes of a database file and of its `-wal` (nil when there is none).
struct DatabaseFiles: Equatable {
    var database: Data
    var wal: Data?

    init(_ path: String) throws {
        database = try contents(of: path)
        wal = FileManager.default.fileExists(atPath: path + "-wal") ? try contents(of: path + "-wal") : nil
    }
}

/// The `peach` executable on real files: what reading commands and refused imports leave behind,
/// and a `-wal` that belongs to another database.
@Suite("Reading commands write nothing; a -wal of another database is refused")
final class DatabaseAccessTests {
    let peach: URL
    let folder: URL
    let path: String

    init() throws {
        peach = try builtExecutable("peach")
        folder = try makeTemporaryDirectory()
        path = folder.appendingPathComponent("peach.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: [String], timeLimit: TimeInterval = 120) throws -> ProcessResult {
        try runProcess(
            peach, arguments, environment: ["XDG_DATA_HOME": folder.appendingPathComponent("xdg").path],
            timeLimit: timeLimit)
    }

    /// A database with `records` records and a paired device, left open (its WAL in use) for
    /// as long as the result lives.
    func makeDatabase(at path: String, records: Int, seed: UInt64 = 1) async throws -> AppDatabase {
        let database = try AppDatabase.open(path: path)
        for record in sampleRecords(count: records, seed: seed) { try database.store(record) }
        _ = try await database.addDevice(
            name: "iPhone · Safari", tokenHash: Data(repeating: 7, count: 32),
            at: Date(timeIntervalSince1970: 1_780_000_000))
        return database
    }

    /// A CSV with one bad row, which every import refuses.
    func badCSV() throws -> String {
        let file = folder.appendingPathComponent("bad.csv")
        try Data(
            (CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
                + "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,67,G4,P9,equalTemperament,12.5,true,,,,,,,,,\n").utf8
        ).write(to: file)
        return file.path
    }

    /// Each reading command and two refused imports, with the status each must end with.
    func readingCommands() throws -> [(arguments: [String], succeeds: Bool)] {
        let bad = try badCSV()
        let output = folder.appendingPathComponent("export.csv").path
        return [
            (["stats"], true), (["export"], true), (["export", "--output", output], true), (["devices"], true),
            (["import", bad], false), (["import", bad, "--replace"], false),
        ].map { ($0.0 + ["--data", path], $0.1) }
    }

    @Test("stats, export, devices and refused imports leave a closed database byte-for-byte as it was, with no -wal")
    func closedDatabase() async throws {
        _ = try await makeDatabase(at: path, records: 300)
        let before = try DatabaseFiles(path)
        #expect(before.wal == nil)
        for (arguments, succeeds) in try readingCommands() {
            let result = try run(arguments)
            #expect((result.status == 0) == succeeds, "\(arguments): \(result.errors)")
            #expect(try DatabaseFiles(path) == before, "\(arguments) changed the files")
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "\(arguments) left a -shm")
        }
        let exported = try run(["export", "--data", path])
        #expect(exported.output.split(separator: "\n").count == 302)
    }

    @Test("beside a running server, they leave the file and its -wal byte-for-byte as they were")
    func databaseInUse() async throws {
        _ = try await makeDatabase(at: path, records: 60)
        // The server in a process of its own: reading the files here would drop this process's
        // POSIX locks on them (closing any descriptor of a file does), and SQLite's with them.
        let server = Process()
        server.executableURL = peach
        server.arguments = ["serve", "--port", "0", "--data", path]
        let output = Pipe()
        server.standardOutput = output
        try server.run()
        defer {
            server.interrupt()
            server.waitUntilExit()
        }
        var printed = Data()
        while !String(decoding: printed, as: UTF8.self).contains("Peach is running") {
            let chunk = output.fileHandleForReading.availableData
            try #require(!chunk.isEmpty, "peach serve exited")
            printed += chunk
        }
        let before = try DatabaseFiles(path)
        #expect((before.wal?.count ?? 0) > 0)
        for (arguments, succeeds) in try readingCommands() {
            let result = try run(arguments)
            #expect((result.status == 0) == succeeds, "\(arguments): \(result.errors)")
            #expect(try DatabaseFiles(path) == before, "\(arguments) changed the files")
        }
        let exported = try run(["export", "--data", path])
        #expect(exported.output.split(separator: "\n").count == 62)
        #expect(server.isRunning)
    }

    @Test("stats on a path that does not exist shows an empty history and creates nothing")
    func missingFile() throws {
        let result = try run(["stats", "--data", path])
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains("No training records yet."))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("a -wal left by another database is refused by every command and the server; both files stay untouched")
    func foreignWAL() async throws {
        _ = try await makeDatabase(at: path, records: 300)
        let otherPath = folder.appendingPathComponent("other.sqlite").path
        let other = try await makeDatabase(at: otherPath, records: 3, seed: 9)
        try FileManager.default.copyItem(atPath: otherPath + "-wal", toPath: path + "-wal")
        let before = try DatabaseFiles(path)
        let good = folder.appendingPathComponent("good.csv")
        try Data(try other.exportCSV().utf8).write(to: good)
        let commands = [
            ["stats"], ["export"], ["devices"], ["import", good.path], ["reset", "--yes"], ["devices", "revoke", "1"],
            ["serve", "--port", "0"],
        ]
        for arguments in commands {
            let result = try run(arguments + ["--data", path], timeLimit: 30)
            #expect(result.status != 0 && !result.timedOut, "\(arguments)")
            #expect(result.errors.contains("peach.sqlite-wal beside"), "\(arguments): \(result.errors)")
            #expect(result.errors.contains("belongs to another database file"), "\(arguments)")
            #expect(try DatabaseFiles(path) == before, "\(arguments) changed the files")
        }
        #expect(throws: StoreError.foreignWAL(path: path)) { try AppDatabase.open(path: path) }
        // Moved away as the message says, the file opens with all its records.
        try FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        #expect(try AppDatabase.open(path: path, access: .reading).recordCounts().total == 300)
    }

    @Test("every write carries the identity: a -wal of another database's one answer holds its page 1 and is refused")
    func foreignWALOfOneAnswer() async throws {
        _ = try await makeDatabase(at: path, records: 300)
        let otherPath = folder.appendingPathComponent("other.sqlite").path
        let other = try AppDatabase.open(path: otherPath)
        // Its creation copied into the file, then one answer: without the identity rewritten in
        // every write, a WAL of record and index pages only, which SQLite would apply unnoticed.
        try await other.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try other.store(comparison(at: 1_772_368_496))
        let wal = try contents(of: otherPath + "-wal")
        let frame = 24 + 4096
        let pages = stride(from: 32, to: wal.count, by: frame).map { offset in
            wal[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        #expect(pages.contains(1), "pages in the WAL: \(pages)")
        try wal.write(to: URL(fileURLWithPath: path + "-wal"))
        let before = try DatabaseFiles(path)
        for access in [AppDatabase.Access.reading, .writing, .serving] {
            #expect(throws: StoreError.foreignWAL(path: path)) { try AppDatabase.open(path: path, access: access) }
            #expect(try DatabaseFiles(path) == before)
        }
    }

    @Test("a database's own -wal left by a crash is read, not refused")
    func ownWALAfterCrash() async throws {
        let server = try await makeDatabase(at: path, records: 40)
        // A copy of the file and its WAL as a crash would leave them (the server is still open).
        let copy = folder.appendingPathComponent("copy/peach.sqlite").path
        try FileManager.default.createDirectory(
            atPath: (copy as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy + "-wal")
        let exported = try run(["export", "--data", copy])
        #expect(exported.status == 0, "\(exported.errors)")
        #expect(exported.output == (try server.exportCSV()))
        #expect(try AppDatabase.open(path: copy).recordCounts().total == 40)
    }
}
