import Foundation
import GRDB
import PeachCore

extension AppDatabase {
    /// The record stored for an exercise id, if any: how the server recognises a retried answer
    /// after a restart, when the exercise is no longer pending in memory.
    /// - Complexity: O(log n) (the exercise id is unique, hence indexed).
    public func trainingRecord(exerciseID: UUID) throws -> TrainingRecord? {
        try Self.mapErrors(path: path) {
            try writer.read { db in try StoredRecord.record(exerciseID: exerciseID.uuidString, in: db) }
        }
    }
}
