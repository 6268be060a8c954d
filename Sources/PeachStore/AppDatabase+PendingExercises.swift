import Foundation
import GRDB
import PeachCore

extension AppDatabase {
    /// Every stored pending exercise, oldest first.
    public func pendingExercises() throws -> [PendingExerciseRow] {
        try Self.mapErrors(path: path) {
            try writer.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT exerciseID, client, issuedAt, exercise FROM pendingExercise ORDER BY issuedAt"
                ).compactMap { row in
                    // The table's CHECK keeps ids 36 characters long; a UUID is what was written.
                    guard let id = UUID(uuidString: row[0]) else { return nil }
                    return PendingExerciseRow(
                        exerciseID: id, client: row[1], issuedAt: Timestamp(millisecondsSince1970: row[2]).date,
                        exercise: row[3])
                }
            }
        }
    }

    /// Applies a change of the pending exercises in one durable transaction.
    public func updatePending(_ change: PendingChange) throws {
        try Self.mapErrors(path: path) {
            try write { db in try Self.apply(change, in: db) }
        }
    }

    static func apply(_ change: PendingChange, in db: Database) throws {
        for id in change.retired {
            try db.execute(sql: "DELETE FROM pendingExercise WHERE exerciseID = ?", arguments: [id.uuidString])
        }
        if let row = change.issued {
            try db.execute(
                sql: "INSERT INTO pendingExercise (exerciseID, client, issuedAt, exercise) VALUES (?, ?, ?, ?)",
                arguments: [
                    row.exerciseID.uuidString, row.client, Timestamp(row.issuedAt).millisecondsSince1970, row.exercise,
                ])
        }
    }
}
