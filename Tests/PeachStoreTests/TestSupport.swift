import Foundation
import GRDB
import PeachCore
import PeachFixtures

@testable import PeachStore

/// A fresh, empty folder under the system's temporary directory.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("PeachStoreTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// The bytes of a file, to show that something did not change it.
func contents(of path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

/// `count` varied records, oldest first, 0–4 s apart with millisecond parts: every kind of value
/// the record rules allow (`SeededRecords`), the cent values with all the digits a `Double`
/// holds, so that a round trip through text has to keep every one.
func sampleRecords(count: Int, seed: UInt64 = 1) -> [TrainingRecord] {
    Array(
        SeededRecords(
            count: count, seed: seed, start: Timestamp(millisecondsSince1970: 1_772_368_496_000), spacing: 0...4_000))
}

func comparison(
    at seconds: Double, reference: Int = 60, interval: DirectedInterval = .prime, centOffset: Double = 12.5,
    isCorrect: Bool = true, tuningSystem: TuningSystem = .equalTemperament
) -> TrainingRecord {
    let note = try! MIDINote(reference)
    return .comparison(
        ComparisonRecord(
            timestamp: Timestamp(Date(timeIntervalSince1970: seconds)),
            context: try! ExerciseContext(referenceNote: note, interval: interval, tuningSystem: tuningSystem),
            centOffset: Cents(centOffset), isCorrect: isCorrect))
}

func pitchMatching(
    at seconds: Double, reference: Int = 60, interval: DirectedInterval = .prime, initial: Double = 40,
    error: Double = -3.5, tuningSystem: TuningSystem = .equalTemperament
) -> TrainingRecord {
    let note = try! MIDINote(reference)
    return .pitchMatching(
        PitchMatchingRecord(
            timestamp: Timestamp(Date(timeIntervalSince1970: seconds)),
            context: try! ExerciseContext(referenceNote: note, interval: interval, tuningSystem: tuningSystem),
            initialCentOffset: Cents(initial), userCentError: Cents(error)))
}

extension AppDatabase {
    /// Stores one record, in a transaction of its own, under a new id, as the server stores a
    /// device's records (`saveSyncedRecords`, its one way of writing a record).
    func store(_ record: TrainingRecord) throws {
        _ = try saveSyncedRecords([SyncedRecord(id: RecordID(UUID().uuidString)!, record: record)])
    }
}

/// Every record of the database, oldest first.
func allRecords(_ database: AppDatabase) throws -> [TrainingRecord] {
    var records: [TrainingRecord] = []
    try database.writer.read { db in try StoredRecord.forEach(in: db) { _, record in records.append(record) } }
    return records
}
