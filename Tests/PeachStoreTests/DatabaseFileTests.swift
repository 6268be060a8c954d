import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

@Suite("Database files: identity, corruption, migrations, two users at once")
struct DatabaseFileTests {
    @Test("a file that is not SQLite is refused with a clear message and left byte-for-byte untouched")
    func notSQLite() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("notes.sqlite").path
        let original = Data("These are my notes, not a database.\n".utf8) + Data((0..<4096).map { UInt8($0 % 251) })
        try original.write(to: URL(fileURLWithPath: path))
        let error = try #require(throws: StoreError.self) { try AppDatabase.open(path: path) }
        #expect(error == .notADatabase(path: path))
        #expect(error.description.contains("not a Peach database") && error.description.contains("untouched"))
        #expect(try contents(of: path) == original)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("an SQLite database of another application is refused and left byte-for-byte untouched")
    func foreignDatabase() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("other.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: "CREATE TABLE contact (name TEXT); INSERT INTO contact VALUES ('Ada')")
            }
        }
        let original = try contents(of: path)
        let error = try #require(throws: StoreError.self) { try AppDatabase.open(path: path) }
        #expect(error == .notAPeachDatabase(path: path))
        #expect(error.description.contains("not one written by Peach"))
        #expect(try contents(of: path) == original)
    }

    @Test(
        "a damaged Peach database is refused before anything is written to it, by every way of opening it",
        arguments: ["overwritten pages", "truncated"], [AppDatabase.Access.serving, .writing])
    func corrupt(_ damage: String, access: AppDatabase.Access) async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        do {
            let database = try AppDatabase.open(path: path)
            for record in sampleRecords(count: 3_000) { try database.store(record) }
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))  // Closed cleanly: all in the file.
        var bytes = try contents(of: path)
        let pageSize = 4096
        #expect(bytes.count > 20 * pageSize)
        switch damage {
        case "truncated":
            bytes = bytes.prefix(bytes.count / 2)
        default:
            for index in (bytes.count / 2)..<(bytes.count / 2 + 3 * pageSize) { bytes[index] = 0xA5 }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        let refusal: StoreError
        do {
            // A file cut short is refused as it opens; damage inside it by the whole-file check
            // that runs beside the start, which the server awaits and every write waits for.
            let database = try AppDatabase.open(path: path, access: access)
            let check = try await #require(throws: StoreError.self) { try await database.integrityVerdict() }
            let write = try #require(throws: StoreError.self) { try database.store(comparison(at: 1)) }
            #expect(write == check)
            refusal = write
        } catch let error as StoreError {
            #expect(damage == "truncated")
            refusal = error
        }
        guard case .corrupt = refusal else {
            Issue.record("expected .corrupt, got \(refusal)")
            return
        }
        #expect(refusal.description.contains("damaged"))
        #expect(try contents(of: path) == bytes, "the file as it was, after the database closed")
        // `peach check` reads every page on demand and says the same.
        #expect(throws: StoreError.self) { try AppDatabase.open(path: path, access: .reading).check() }
    }

    @Test("an empty file becomes a new Peach database")
    func emptyFile() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let database = try AppDatabase.open(path: path)
        try database.store(comparison(at: 1))
        #expect(try database.recordCounts().total == 1)
    }

    /// Schema v1 exactly as it shipped. Never edit this: it stands for every database an older
    /// Peach has written, and the test shows the current code opens it and keeps its data.
    static let schemaV1 = """
        PRAGMA application_id = 1348821864;
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: records and settings');
        CREATE TABLE comparisonRecord (
            id INTEGER PRIMARY KEY, exerciseID TEXT NOT NULL UNIQUE, timestamp INTEGER NOT NULL,
            referenceNote INTEGER NOT NULL CHECK (referenceNote BETWEEN 0 AND 127),
            targetNote INTEGER NOT NULL CHECK (targetNote BETWEEN 0 AND 127),
            interval TEXT NOT NULL, direction TEXT NOT NULL, tuningSystem TEXT NOT NULL,
            centOffset REAL NOT NULL, isCorrect INTEGER NOT NULL) STRICT;
        CREATE INDEX comparisonRecord_timestamp ON comparisonRecord(timestamp);
        CREATE TABLE pitchMatchingRecord (
            id INTEGER PRIMARY KEY, exerciseID TEXT NOT NULL UNIQUE, timestamp INTEGER NOT NULL,
            referenceNote INTEGER NOT NULL, targetNote INTEGER NOT NULL,
            interval TEXT NOT NULL, direction TEXT NOT NULL, tuningSystem TEXT NOT NULL,
            initialCentOffset REAL NOT NULL, userCentError REAL NOT NULL) STRICT;
        CREATE INDEX pitchMatchingRecord_timestamp ON pitchMatchingRecord(timestamp);
        CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT;
        INSERT INTO comparisonRecord VALUES (1, 'A', 1772368496000, 60, 67, 'P5', 'up', 'justIntonation', -12.5, 0);
        INSERT INTO comparisonRecord VALUES (2, 'B', 1772368497250, 62, 62, 'P1', 'up', 'equalTemperament', 3.25, 1);
        INSERT INTO pitchMatchingRecord VALUES (1, 'C', 1772368496500, 64, 61, 'm3', 'down', 'pythagorean', 44.0, -7.5);
        INSERT INTO setting VALUES ('referencePitch', '442');
        """

    @Test("a database written at schema v1 opens with this version and keeps all its data")
    func migrationFromV1() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.inTransaction {
                    try db.execute(sql: Self.schemaV1)
                    return .commit
                }
            }
        }
        let database = try AppDatabase.open(path: path)
        #expect(
            try allRecords(database) == [
                comparison(
                    at: 1_772_368_496, reference: 60, interval: .perfectFifthUp, centOffset: -12.5, isCorrect: false,
                    tuningSystem: .justIntonation),
                pitchMatching(
                    at: 1_772_368_496.5, reference: 64, interval: DirectedInterval(.minorThird, .down), initial: 44,
                    error: -7.5, tuningSystem: .pythagorean),
                comparison(at: 1_772_368_497.25, reference: 62, centOffset: 3.25, isCorrect: true),
            ])
        #expect(try database.loadSettings().referencePitch.hertz == 442)
        let completed = try database.writer.read { db in try AppDatabase.migrator.hasCompletedMigrations(db) }
        #expect(completed)
    }

    @Test("a database written by a newer Peach is refused, untouched")
    func newerSchema() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        do {
            let database = try AppDatabase.open(path: path)
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99: from the future')")
            }
        }
        let original = try contents(of: path)
        let error = try #require(throws: StoreError.self) { try AppDatabase.open(path: path) }
        #expect(error == .newerSchema(path: path))
        #expect(try contents(of: path) == original)
    }

    @Test("two AppDatabases on one file: one records while the other exports and loads, without errors or long waits")
    func twoUsers() async throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let server = try AppDatabase.open(path: path)
        let records = sampleRecords(count: 400, seed: 11)
        for record in records.prefix(200) { try server.store(record) }
        let exporter = try AppDatabase.open(path: path)

        async let writing: Duration = {
            var longest = Duration.zero
            for record in records.dropFirst(200) {
                let clock = ContinuousClock()
                let start = clock.now
                try server.store(record)
                longest = max(longest, clock.now - start)
            }
            return longest
        }()
        async let reading: (Duration, [Int]) = {
            var longest = Duration.zero
            var rowCounts: [Int] = []
            for _ in 0..<20 {
                let clock = ContinuousClock()
                let start = clock.now
                let csv = try exporter.exportCSV()
                _ = try exporter.loadProfile()
                try exporter.store(comparison(at: 2_000_000_000))
                longest = max(longest, clock.now - start)
                rowCounts.append(csv.split(separator: "\n").count - 2)
            }
            return (longest, rowCounts)
        }()
        let (longestWrite, (longestRead, rowCounts)) = try await (writing, reading)
        // Neither waited on the other's lock until the busy timeout: in WAL mode readers never
        // wait and a write waits only for the other's one transaction. Half the timeout is far
        // above a transaction here yet far below a stuck lock; speed itself is a benchmark's
        // business (a busy 2-core machine made a 1 s bound flaky).
        let stuck = Duration.seconds(AppDatabase.busyTimeout / 2)
        #expect(longestWrite < stuck)
        #expect(longestRead < stuck)
        #expect(rowCounts.allSatisfy { $0 >= 200 })
        #expect(try server.recordCounts().total == 420)
        let integrity = try await server.writer.read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check") }
        #expect(integrity == ["ok"])
    }
}
