import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

@Suite("AppDatabase: records, profile, settings")
struct AppDatabaseTests {
    @Test("a file database is WAL with synchronous=FULL, Peach's application id and a busy timeout")
    func fileConfiguration() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("nested/deeper/peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        let (journalMode, synchronous, applicationID) = try database.writer.writeWithoutTransaction { db in
            (
                try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"),
                try Int32.fetchOne(db, sql: "PRAGMA application_id")
            )
        }
        #expect(journalMode == "wal")
        #expect(synchronous == 2)  // FULL
        #expect(applicationID == AppDatabase.applicationID)
    }

    @Test("a recorded answer is stored; the same exercise id again stores nothing and returns the first record")
    func idempotentRecording() throws {
        let database = try AppDatabase.inMemory()
        let id = UUID()
        let first = comparison(at: 1_772_368_496.123, centOffset: 8.25)
        #expect(try database.record(first, exerciseID: id) == .recorded)
        let retry = comparison(at: 1_772_368_999, centOffset: -50)
        #expect(try database.record(retry, exerciseID: id) == .alreadyRecorded(first))
        #expect(try database.record(pitchMatching(at: 1_772_369_000), exerciseID: id) == .alreadyRecorded(first))
        #expect(try allRecords(database) == [first])
    }

    @Test("records load oldest first, comparisons and matchings interleaved, timestamps to the millisecond")
    func loadingOrder() throws {
        let database = try AppDatabase.inMemory()
        let records = [
            pitchMatching(at: 30), comparison(at: 10.001),
            comparison(at: 20, interval: DirectedInterval(.minorThird, .down)),
            pitchMatching(at: 10.5, interval: .perfectFifthUp, tuningSystem: .pythagorean),
        ]
        for record in records { try database.record(record, exerciseID: UUID()) }
        let loaded = try allRecords(database)
        #expect(loaded == records.sorted { $0.timestamp < $1.timestamp })
    }

    @Test(
        "the profile streamed from the database equals the profile built from the same records",
        arguments: [false, true])
    func profileLoading(onFile: Bool) throws {
        // On a file the two record tables are read on two threads at once.
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database =
            onFile ? try AppDatabase.open(path: folder.appendingPathComponent("p.sqlite").path) : try .inMemory()
        let records = sampleRecords(count: 2_000)
        for record in records { try database.record(record, exerciseID: UUID()) }
        #expect(try database.loadProfile() == PerceptualProfile(records: records))
    }

    @Test("the database refuses a record that breaks its rules (CHECK constraints)")
    func schemaChecks() throws {
        let database = try AppDatabase.inMemory()
        for bad in [
            comparison(at: 1, centOffset: 0), comparison(at: 1, centOffset: 100.5), comparison(at: 1, centOffset: .nan),
            pitchMatching(at: 1, initial: 101), pitchMatching(at: 1, error: .infinity),
            comparison(at: 253_402_300_800),  // year 10000: no four-digit year for the CSV
        ] {
            #expect(throws: StoreError.self) { try database.record(bad, exerciseID: UUID()) }
        }
        try database.writer.write { db in
            let insert =
                "INSERT INTO comparisonRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, centOffset, isCorrect) VALUES (?, 0, ?, ?, ?, ?, ?, 5, 1)"
            for arguments: StatementArguments in [
                ["a", 200, 200, "P1", "up", "equalTemperament"],  // note out of range
                ["b", 60, 67, "P9", "up", "equalTemperament"],  // unknown interval
                ["c", 60, 66, "P5", "up", "equalTemperament"],  // target does not match the interval
                ["d", 60, 53, "P5", "up", "equalTemperament"],  // nor the direction
                ["e", 60, 60, "P1", "down", "equalTemperament"],  // a prime is up
                ["f", 60, 67, "P5", "up", "meantone"],  // unknown tuning system
            ] {
                #expect(throws: DatabaseError.self) { try db.execute(sql: insert, arguments: arguments) }
            }
            try db.execute(sql: insert, arguments: ["g", 60, 53, "P5", "down", "justIntonation"])
        }
    }

    @Test("deleting all training data returns the count and keeps the settings")
    func deleteAll() throws {
        let database = try AppDatabase.inMemory()
        var settings = TrainingSettings()
        try settings.setValue("442", for: .referencePitch)
        try database.saveSettings(settings)
        for record in sampleRecords(count: 7) { try database.record(record, exerciseID: UUID()) }
        #expect(try database.deleteAllTrainingData(now: Timestamp(millisecondsSince1970: 1_800_000_000_000)) == 7)
        #expect(try database.recordCounts().total == 0)
        #expect(try database.loadSettings() == settings)
    }

    @Test("record counts per mode and the date range")
    func counts() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.recordCounts() == RecordCounts(byMode: [:], first: nil, last: nil))
        let records = [
            comparison(at: 100), comparison(at: 50.5), comparison(at: 70, interval: .perfectFifthUp),
            pitchMatching(at: 300.25, interval: DirectedInterval(.octave, .down)), pitchMatching(at: 200),
            pitchMatching(at: 10, interval: .perfectFifthUp), pitchMatching(at: 20, interval: .perfectFifthUp),
        ]
        for record in records { try database.record(record, exerciseID: UUID()) }
        let counts = try database.recordCounts()
        #expect(counts[.comparison] == 2)
        #expect(counts[.intervalComparison] == 1)
        #expect(counts[.pitchMatching] == 1)
        #expect(counts[.intervalPitchMatching] == 3)
        #expect(counts.total == 7)
        #expect(counts.first == Timestamp(millisecondsSince1970: 10_000))
        #expect(counts.last == Timestamp(millisecondsSince1970: 300_250))
    }

    @Test("settings: defaults when nothing is stored; saved settings read back; only changes are stored")
    func settings() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        #expect(try database.loadSettings() == TrainingSettings())
        var settings = TrainingSettings()
        try settings.apply([
            "noteRangeLower": "48", "noteRangeUpper": "72", "noteDuration": "0.7", "intervals": "P5up,m3down",
            "tuningSystem": "justIntonation", "language": "de",
        ])
        try database.saveSettings(settings)
        #expect(try AppDatabase.open(path: path).loadSettings() == settings)
        let stored = try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM setting") }
        #expect(stored == 6)
        try database.saveSettings(TrainingSettings())
        #expect(try database.loadSettings() == TrainingSettings())
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM setting") } == 0)
    }

    @Test("a stored setting this version does not accept falls back to its default, the others stay")
    func lenientSettings() throws {
        let database = try AppDatabase.inMemory()
        try database.writer.write { db in
            try db.execute(
                sql:
                    "INSERT INTO setting (key, value) VALUES ('referencePitch', '300'), ('noteDuration', '2'), ('futureSetting', 'x')"
            )
        }
        let settings = try database.loadSettings()
        #expect(settings.referencePitch == TrainingSettings().referencePitch)
        #expect(settings.noteDuration == 2)
    }

    @Test("the default path follows XDG_DATA_HOME, else ~/.local/share")
    func defaultPath() {
        #expect(
            AppDatabase.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/home/u"])
                == "/data/peach/peach.sqlite")
        #expect(AppDatabase.defaultPath(environment: ["HOME": "/home/u"]) == "/home/u/.local/share/peach/peach.sqlite")
        #expect(
            AppDatabase.defaultPath(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/peach/peach.sqlite")
    }
}
