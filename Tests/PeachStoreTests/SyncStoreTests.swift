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
        let ids = (0..<6).map { _ in UUID().uuidString.lowercased() }
        let batch = zip(ids, records).map { AppDatabase.SyncedRecord(id: $0, record: $1) }
        #expect(try database.saveSyncedRecords(batch) == .init(stored: Array(0..<6)))
        #expect(try database.saveSyncedRecords(batch) == .init(alreadyStored: Array(0..<6)))
        // Upper case is the same id; a changed record under a stored id is a conflict, also within a batch.
        let fresh = UUID().uuidString.lowercased()
        let outcome = try database.saveSyncedRecords([
            .init(id: ids[0].uppercased(), record: records[0]), .init(id: ids[1], record: records[2]),
            .init(id: fresh, record: records[3]), .init(id: fresh, record: records[4]),
            .init(id: fresh, record: records[3]),
        ])
        #expect(outcome == .init(stored: [2], alreadyStored: [0, 4], conflicting: [1, 3]))
        #expect(try database.recordCounts().total == 7)
        let stored = try database.writer.read { db in
            try String.fetchAll(
                db, sql: "SELECT exerciseID FROM comparisonRecord UNION SELECT exerciseID FROM pitchMatchingRecord")
        }
        #expect(Set(stored) == Set(ids + [fresh]))
    }

    @Test("a record the tables refuse fails the whole batch: nothing of it is stored")
    func batchIsOneTransaction() throws {
        let database = try AppDatabase.inMemory()
        let note = try MIDINote(60)
        let bad = TrainingRecord.comparison(
            ComparisonRecord(
                timestamp: Timestamp(millisecondsSince1970: 1_780_000_000_000), referenceNote: note, targetNote: note,
                interval: .prime, tuningSystem: .equalTemperament, centOffset: 0, isCorrect: true))
        #expect(throws: StoreError.self) {
            try database.saveSyncedRecords([
                .init(id: UUID().uuidString, record: sampleRecords(count: 1)[0]),
                .init(id: UUID().uuidString, record: bad),
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
