import Foundation
import GRDB
import PeachCore

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

/// `count` varied records, oldest first, a second or so apart with some millisecond parts:
/// both kinds, unison and intervals up and down, every tuning system.
func sampleRecords(
    count: Int, seed: UInt64 = 1, start: Timestamp = Timestamp(millisecondsSince1970: 1_772_368_496_000)
) -> [TrainingRecord] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var time = start.millisecondsSince1970
    return (0..<count).map { _ in
        time +=
            Int64.random(in: 0...3, using: &generator) * 1000
            + (Bool.random(using: &generator) ? Int64.random(in: 1...999, using: &generator) : 0)
        let interval = DirectedInterval.all.randomElement(using: &generator)!
        let intervalOrPrime = Bool.random(using: &generator) ? .prime : interval
        let reference = try! MIDINote(Int.random(in: 40...80, using: &generator))
        let target = try! reference.transposed(by: intervalOrPrime)
        let tuning = TuningSystem.allCases.randomElement(using: &generator)!
        let timestamp = Timestamp(millisecondsSince1970: time)
        if Bool.random(using: &generator) {
            let magnitude = (Double.random(in: 0.1...100, using: &generator) * 1000).rounded() / 1000
            return .comparison(
                ComparisonRecord(
                    timestamp: timestamp,
                    context: ExerciseContext(
                        referenceNote: reference, targetNote: target, interval: intervalOrPrime, tuningSystem: tuning),
                    centOffset: Cents(Bool.random(using: &generator) ? magnitude : -magnitude),
                    isCorrect: Bool.random(using: &generator)))
        } else {
            return .pitchMatching(
                PitchMatchingRecord(
                    timestamp: timestamp,
                    context: ExerciseContext(
                        referenceNote: reference, targetNote: target, interval: intervalOrPrime, tuningSystem: tuning),
                    initialCentOffset: Cents(Double.random(in: -100...100, using: &generator)),
                    userCentError: Cents(Double.random(in: -150...150, using: &generator))))
        }
    }
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
