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

    @Test("records load oldest first, comparisons and matchings interleaved, timestamps to the millisecond")
    func loadingOrder() throws {
        let database = try AppDatabase.inMemory()
        let records = [
            pitchMatching(at: 30), comparison(at: 10.001),
            comparison(at: 20, interval: DirectedInterval(.minorThird, .down)),
            pitchMatching(at: 10.5, interval: .perfectFifthUp, tuningSystem: .pythagorean),
        ]
        for record in records { try database.store(record) }
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
        for record in records { try database.store(record) }
        #expect(try database.loadProfile() == PerceptualProfile(records: records))
    }

    @Test("the database refuses a record that breaks its rules (CHECK constraints)")
    func schemaChecks() throws {
        let database = try AppDatabase.inMemory()
        for bad in [
            comparison(at: 1, centOffset: 0), comparison(at: 1, centOffset: 100.5), comparison(at: 1, centOffset: .nan),
            pitchMatching(at: 1, initial: 101), pitchMatching(at: 1, error: .infinity),
            pitchMatching(at: 1, error: 200.5),
            comparison(at: 253_402_300_800),  // year 10000: no four-digit year for the CSV
        ] {
            #expect(throws: StoreError.self) { try database.store(bad) }
        }
        try database.writer.write { db in
            let insert =
                "INSERT INTO comparisonRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, centOffset, isCorrect) VALUES (?, 0, ?, ?, ?, ?, ?, 5, 1)"
            func id(_ last: Character) -> String { "8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7" + String(last) }
            for arguments: StatementArguments in [
                [id("a"), 200, 200, "P1", "up", "equalTemperament"],  // note out of range
                [id("b"), 60, 67, "P9", "up", "equalTemperament"],  // unknown interval
                [id("c"), 60, 66, "P5", "up", "equalTemperament"],  // target does not match the interval
                [id("d"), 60, 53, "P5", "up", "equalTemperament"],  // nor the direction
                [id("e"), 60, 60, "P1", "down", "equalTemperament"],  // a prime is up
                [id("f"), 60, 67, "P5", "up", "meantone"],  // unknown tuning system
                // An id in another spelling than the one the store keeps (RecordID).
                ["8C1F0E4A-5B7D-4C2E-9F10-2A3B4C5D6E7F", 60, 67, "P5", "up", "equalTemperament"],
                [" 8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7", 60, 67, "P5", "up", "equalTemperament"],
                ["8c1f0e4a5b7d4c2e9f102a3b4c5d6e7f", 60, 67, "P5", "up", "equalTemperament"],
                ["8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7g", 60, 67, "P5", "up", "equalTemperament"],
            ] {
                #expect(throws: DatabaseError.self) { try db.execute(sql: insert, arguments: arguments) }
            }
            try db.execute(sql: insert, arguments: [id("0"), 60, 53, "P5", "down", "justIntonation"])
        }
    }

    @Test("the tables' CHECKs accept exactly the values the core's record rules accept, at every edge")
    func checksHoldTheRules() throws {
        let database = try AppDatabase.inMemory()
        let note = try MIDINote(60)
        let cents: [Double] = [
            0, -0.0, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0.1, 99.999, 100, -100, 100.nextUp,
            (-100.0).nextDown, 200, -200, 200.nextUp,
            (-200.0).nextDown, 1e200, -1e200, 1e308, -1e308, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
        ]
        let times = [
            Timestamp.year0000.millisecondsSince1970, Timestamp.year0000.millisecondsSince1970 - 1,
            Timestamp.year9999End.millisecondsSince1970, Timestamp.year9999End.millisecondsSince1970 + 1, 0,
            Int64.min, Int64.max,
        ].map(Timestamp.init(millisecondsSince1970:))
        let candidates: [TrainingRecord] =
            cents.flatMap { value in
                [
                    comparison(at: 1_780_000_000, centOffset: value), pitchMatching(at: 1_780_000_000, initial: value),
                    pitchMatching(at: 1_780_000_000, initial: 0, error: value),
                ]
            }
            + times.map { time in
                .comparison(
                    ComparisonRecord(
                        timestamp: time,
                        context: ExerciseContext(
                            referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
                        centOffset: 5, isCorrect: true))
            }
            + rhythmCandidates()
        /// Whether the core's rules take the record: its values through the validating initialiser.
        func coreAccepts(_ record: TrainingRecord) -> Bool {
            switch record {
            case .comparison(let r):
                (try? ComparisonRecord(
                    timestamp: r.timestamp, referenceNote: r.context.referenceNote, targetNote: r.context.targetNote,
                    tuningSystem: r.context.tuningSystem, centOffset: r.centOffset, isCorrect: r.isCorrect)) != nil
            case .pitchMatching(let r):
                (try? PitchMatchingRecord(
                    timestamp: r.timestamp, referenceNote: r.context.referenceNote, targetNote: r.context.targetNote,
                    tuningSystem: r.context.tuningSystem, initialCentOffset: r.initialCentOffset,
                    userCentError: r.userCentError)) != nil
            case .rhythmOffsetDetection(let r):
                (try? RhythmOffsetDetectionRecord(
                    timestamp: r.timestamp, tempoBPM: r.tempo.value, offsetMs: r.offsetMs, isCorrect: r.isCorrect))
                    != nil
            case .continuousRhythmMatching(let r):
                (try? ContinuousRhythmMatchingRecord(
                    timestamp: r.timestamp, tempoBPM: r.tempo.value, meanOffsetMs: r.meanOffsetMs,
                    positionMeanOffsetsMs: r.positionMeanOffsetsMs, hitCount: r.hitCount)) != nil
            }
        }
        var accepted = 0
        try database.writer.write { db in
            for raw in candidates {
                let coreAccepts = coreAccepts(raw)
                let name = "\(raw)"
                // The record as it stands, past the core: what the table alone makes of it.
                let stored =
                    (try? StoredRecord.insert(raw, exerciseID: RecordID(UUID().uuidString)!.text, into: db)) != nil
                #expect(
                    stored == coreAccepts,
                    "\(name): the core \(coreAccepts ? "accepts" : "refuses") it, the table does not")
                if stored { accepted += 1 }
            }
        }
        #expect(accepted > 20 && accepted < candidates.count - 20)
    }

    /// Rhythm records with offsets at and beyond half a sixteenth at the slowest, a middle and the
    /// fastest tempo, and Fill the Gap's counted taps at their edges. (A position's NaN is not
    /// among them: SQLite stores NaN as NULL, which a position may be; the rule alone refuses it.)
    private func rhythmCandidates() -> [TrainingRecord] {
        let time = Timestamp(millisecondsSince1970: 1_780_000_000_000)
        return [40, 80, 200].flatMap { bpm -> [TrainingRecord] in
            let tempo = TempoBPM(bpm)!
            let half = tempo.offsetBoundMs
            let offsets: [Double] = [
                0, -0.0, .leastNonzeroMagnitude, 1, half, -half, half.nextUp, (-half).nextDown, 1e308, .infinity, .nan,
            ]
            return offsets.flatMap { offset -> [TrainingRecord] in
                [
                    .rhythmOffsetDetection(
                        RhythmOffsetDetectionRecord(timestamp: time, tempo: tempo, offsetMs: offset, isCorrect: true)),
                    .continuousRhythmMatching(
                        ContinuousRhythmMatchingRecord(
                            timestamp: time, tempo: tempo, meanOffsetMs: offset,
                            positionMeanOffsetsMs: [nil, nil, nil, nil],
                            hitCount: 8)),
                    .continuousRhythmMatching(
                        ContinuousRhythmMatchingRecord(
                            timestamp: time, tempo: tempo, meanOffsetMs: 1,
                            positionMeanOffsetsMs: [1, offset.isNaN ? nil : offset, nil, -1], hitCount: nil)),
                ]
            }
                + [0, 1, 16, 17, -1].map { hits in
                    .continuousRhythmMatching(
                        ContinuousRhythmMatchingRecord(
                            timestamp: time, tempo: tempo, meanOffsetMs: 1, positionMeanOffsetsMs: [nil, 1, nil, nil],
                            hitCount: hits))
                }
        }
    }

    @Test("the rhythm tables refuse a tempo outside 40–200 BPM, which no TempoBPM can hold")
    func rhythmTempoChecks() throws {
        let database = try AppDatabase.inMemory()
        try database.writer.write { db in
            for (tempo, accepted) in [(39, false), (40, true), (200, true), (201, false), (0, false)] {
                for table in ["rhythmOffsetDetectionRecord", "continuousRhythmMatchingRecord"] {
                    let value =
                        table.hasPrefix("rhythm")
                        ? "offsetMs, isCorrect) VALUES (?, 0, ?, 1, 1)" : "meanOffsetMs) VALUES (?, 0, ?, 1)"
                    let insert = {
                        try db.execute(
                            sql: "INSERT INTO \(table) (exerciseID, timestamp, tempoBPM, \(value)",
                            arguments: [UUID().uuidString.lowercased(), tempo])
                    }
                    // An id in another spelling than the one the store keeps (RecordID).
                    #expect(throws: DatabaseError.self) {
                        try db.execute(
                            sql: "INSERT INTO \(table) (exerciseID, timestamp, tempoBPM, \(value)",
                            arguments: [UUID().uuidString, 80])
                    }
                    if accepted {
                        try insert()
                    } else {
                        #expect(throws: DatabaseError.self, "\(table) \(tempo)") { try insert() }
                    }
                }
            }
        }
    }

    @Test("deleting all training data returns the count and keeps the settings")
    func deleteAll() throws {
        let database = try AppDatabase.inMemory()
        var settings = TrainingSettings()
        try settings.setValue("442", for: .referencePitch)
        try database.saveSettings(settings)
        for record in sampleRecords(count: 7) { try database.store(record) }
        #expect(try database.deleteAllTrainingData(now: Timestamp(millisecondsSince1970: 1_800_000_000_000)) == 7)
        #expect(try database.recordCounts().total == 0)
        #expect(try database.loadSettings() == settings)
        // Each reset is counted as a removal on purpose (devices do not bring its records back).
        #expect(try database.historyRemovals() == 1)
        try database.deleteAllTrainingData(now: Timestamp(millisecondsSince1970: 1_800_000_000_001))
        #expect(try database.historyRemovals() == 2)
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
        for record in records { try database.store(record) }
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
