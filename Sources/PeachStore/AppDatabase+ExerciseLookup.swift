import Foundation
import GRDB
import PeachCore

extension AppDatabase {
    /// The record stored for an exercise id, if any: how the server recognises a retried answer
    /// after a restart, when the exercise is no longer pending in memory.
    /// - Complexity: O(log n) (the exercise id is unique, hence indexed).
    public func trainingRecord(exerciseID: UUID) throws -> TrainingRecord? {
        let id = exerciseID.uuidString
        return try Self.mapErrors(path: path) {
            try writer.read { db in
                for table in StoredRecord.Table.allCases {
                    if let row = try Row.fetchOne(db, sql: StoredRecord.select(table) + " WHERE exerciseID = ?", arguments: [id]) {
                        return try StoredRecord.record(from: row, table: table)
                    }
                }
                return nil
            }
        }
    }
}
