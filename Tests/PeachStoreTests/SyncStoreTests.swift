import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

@Suite("AppDatabase: synced records and settings")
struct SyncStoreTests {
    @Test("a batch is stored in one transaction, idempotent by id; different content under a stored id conflicts")
    func syncedRecords() throws {
        let database = try AppDatabase.inMemory()
        let records = sampleRecords(count: 6)
        let ids = (0..<6).map { _ in RecordID(UUID().uuidString)! }
        let batch = zip(ids, records).map { AppDatabase.SyncedRecord(id: $0, record: $1) }
        #expect(try database.saveSyncedRecords(batch) == .init(stored: Array(0..<6)))
        #expect(try database.saveSyncedRecords(batch) == .init(alreadyStored: Array(0..<6)))
        // Upper case is the same id; a changed record under a stored id is a conflict, also within a batch.
        let fresh = RecordID(UUID().uuidString)!
        let outcome = try database.saveSyncedRecords([
            .init(id: RecordID(ids[0].text.uppercased())!, record: records[0]), .init(id: ids[1], record: records[2]),
            .init(id: fresh, record: records[3]), .init(id: fresh, record: records[4]),
            .init(id: fresh, record: records[3]),
        ])
        #expect(outcome == .init(stored: [2], alreadyStored: [0, 4], conflicting: [1, 3]))
        #expect(try database.recordCounts().total == 7)
        let stored = try database.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT exerciseID FROM comparisonRecord UNION SELECT exerciseID FROM pitchMatchingRecord")
        }
        #expect(Set(stored) == Set((ids + [fresh]).map(\.text)))
    }

    @Test("a record the tables refuse fails the whole batch: nothing of it is stored")
    func batchIsOneTransaction() throws {
        let database = try AppDatabase.inMemory()
        let note = try MIDINote(60)
        let bad = TrainingRecord.comparison(
            ComparisonRecord(
                timestamp: Timestamp(millisecondsSince1970: 1_780_000_000_000),
                context: ExerciseContext(
                    referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
                centOffset: 0, isCorrect: true))
        #expect(throws: StoreError.self) {
            try database.saveSyncedRecords([
                .init(id: RecordID(UUID().uuidString)!, record: sampleRecords(count: 1)[0]),
                .init(id: RecordID(UUID().uuidString)!, record: bad),
            ])
        }
        #expect(try database.recordCounts().total == 0)
    }

    @Test("v6 keeps the settings (never changed) and drops the pending exercises")
    func migrationV6() throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration)
        try AppDatabase.migrator.migrate(queue, upTo: "v5: device ids are never reused")
        try queue.write { db in
            try db.execute(sql: "INSERT INTO setting (key, value) VALUES ('referencePitch', '442')")
            try db.execute(
                sql: "INSERT INTO pendingExercise VALUES ('6F9619FF-8B86-D011-B42D-00CF4FC964FF', '', 1, x'00')")
        }
        let database = try AppDatabase(queue)
        let synced = try database.loadSyncedSettings()
        #expect(synced.settings.referencePitch.hertz == 442)
        #expect(synced.changedAt("referencePitch") == 0)
        #expect(try queue.read { db in try db.tableExists("pendingExercise") } == false)
    }

    @Test("v7 stores ids lowercase, renames ids that are no UUID, sets aside cent errors beyond ±200: nothing is lost")
    func migrationV7() throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration)
        try AppDatabase.migrator.migrate(queue, upTo: "v6: settings changed at, no pending exercises")
        let upper = "019CA965-0580-7CC1-BEEB-8DA1658EEC67"  // as the CSV import made them
        let lower = "8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7f"  // as devices make them
        try queue.write { db in
            let comparison =
                "INSERT INTO comparisonRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, centOffset, isCorrect) VALUES (?, ?, 60, 67, 'P5', 'up', 'justIntonation', -12.5, 0)"
            let matching =
                "INSERT INTO pitchMatchingRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, initialCentOffset, userCentError) VALUES (?, ?, 60, 60, 'P1', 'up', 'equalTemperament', 40, ?)"
            try db.execute(sql: comparison, arguments: [upper, 1_772_368_496_000])
            try db.execute(sql: comparison, arguments: [lower, 1_772_368_497_000])
            try db.execute(sql: comparison, arguments: [lower.uppercased(), 1_772_368_498_000])  // the same id again
            try db.execute(sql: comparison, arguments: ["A", 1_772_368_499_000])
            try db.execute(sql: matching, arguments: [" " + lower.dropLast(), 1_772_368_500_000, -7.5])
            try db.execute(sql: matching, arguments: [upper.lowercased(), 1_772_368_501_000, 200])  // another table
            for (index, error) in [500, 1e200, -1e308].enumerated() {
                try db.execute(sql: matching, arguments: [UUID().uuidString, 1_772_368_502_000 + Int64(index), error])
            }
        }
        let database = try AppDatabase(queue)
        let ids = try queue.read { db in
            try String.fetchAll(
                db, sql: "SELECT exerciseID FROM comparisonRecord UNION ALL SELECT exerciseID FROM pitchMatchingRecord")
        }
        #expect(ids.count == 6)
        #expect(Set(ids).count == 6)
        #expect(ids.allSatisfy { RecordID($0)?.text == $0 })
        #expect(ids.contains(upper.lowercased()) && ids.contains(lower))
        let records = try allRecords(database)
        #expect(records.count == 6)
        let times = (0..<6).map { 1_772_368_496_000 + Int64($0) * 1000 }
        #expect(records.map(\.timestamp.millisecondsSince1970) == times)
        let setAside = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT reason, record FROM setAsideRecord ORDER BY id").map {
                ($0[0] as String, $0[1] as String)
            }
        }
        #expect(setAside.count == 3)
        #expect(setAside.allSatisfy { $0.0 == "its userCentError is beyond ±200 cents" })
        #expect(
            setAside[0].1.contains(#""table":"pitchMatchingRecord""#)
                && setAside[0].1.contains(#""userCentError":500.0"#))
        #expect(setAside[2].1.contains("-1.0e+308"))
        #expect(try database.setAsideRecordCount() == 3)
        let profile = try database.loadProfile()
        #expect(profile.pitchMatchingCount == 2)
        #expect(ProfileSnapshot.encode(profile).allSatisfy { $0.isFinite })
        // From now on the tables hold the rules.
        let beyond = pitchMatching(at: 1, error: 500)
        #expect(throws: StoreError.self) { try database.store(beyond) }
    }

    @Test("saving settings stamps the changed ones; a change back to the default is kept with its time")
    func settingsTimes() throws {
        let database = try AppDatabase.inMemory()
        var settings = TrainingSettings()
        try settings.apply(["referencePitch": "442", "noteDuration": "1.5"])
        try database.saveSettings(settings, changedAt: Timestamp(millisecondsSince1970: 100))
        try settings.apply(["noteDuration": "1"])
        try database.saveSettings(settings, changedAt: Timestamp(millisecondsSince1970: 200))
        let synced = try database.loadSyncedSettings()
        #expect(synced.settings == settings)
        #expect(synced.changedAt == ["referencePitch": 100, "noteDuration": 200])
        // Without a time (as before sync) nothing is stamped and unchanged defaults are not stored.
        try database.saveSettings(TrainingSettings())
        #expect(try database.loadSyncedSettings().changedAt == ["referencePitch": 100, "noteDuration": 200])
    }

    @Test("last writer wins per setting: later applies, tie and older keep, refused ones are listed")
    func merging() {
        let held = SyncedSettings(changedAt: ["referencePitch": 50])
        let (merged, refused) = held.merging([
            "referencePitch": .init(value: "415", changedAt: 50), "noteDuration": .init(value: "2", changedAt: 60),
            "loudnessVariation": .init(value: "7", changedAt: 70), "nonsense": .init(value: "", changedAt: 1),
            "tuningSystem": .init(value: "pythagorean", changedAt: 0),
        ])
        #expect(merged.settings.referencePitch.hertz == 440)
        #expect(merged.settings.noteDuration == 2)
        #expect(merged.settings.tuningSystem == .equalTemperament)
        #expect(merged.changedAt == ["referencePitch": 50, "noteDuration": 60])
        #expect(refused.map(\.key) == ["loudnessVariation", "nonsense"])
        #expect(refused[1].error == .unknownSetting("nonsense"))
        // Applying the same changes again changes nothing.
        #expect(merged.merging(["noteDuration": .init(value: "2", changedAt: 60)]).0 == merged)
    }
}
