import Foundation
import GRDB
import PeachCore

extension AppDatabase {
    /// Whether `record(_:exerciseID:)` stored the record or found it already there.
    public enum RecordOutcome: Sendable, Equatable {
        case recorded
        /// The exercise was recorded before; this is the record stored then (timestamps are
        /// kept to the millisecond).
        case alreadyRecorded(TrainingRecord)
    }

    /// Records one answered exercise in one transaction, committed durably (WAL,
    /// `synchronous=FULL`) before it returns. Idempotent by exercise id: a second call with the
    /// same id stores nothing and returns the record stored the first time. `pending` is
    /// applied in the same transaction either way (the answered exercise retired, the next one
    /// issued), so that the stored pending exercises never disagree with the records.
    /// - Complexity: O(log n); one fsync of the WAL.
    @discardableResult
    public func record(
        _ record: TrainingRecord, exerciseID: UUID, pending: PendingChange = PendingChange()
    ) throws -> RecordOutcome {
        let id = exerciseID.uuidString
        return try Self.mapErrors(path: path) {
            try writer.write { db in
                try Self.apply(pending, in: db)
                if let stored = try StoredRecord.record(exerciseID: id, in: db) { return .alreadyRecorded(stored) }
                try StoredRecord.insert(record, exerciseID: id, into: db)
                return .recorded
            }
        }
    }

    /// Streams every record, oldest first, into a new profile: one pass over a cursor, no
    /// array of all records.
    /// - Complexity: O(n) time; memory is the profile's own.
    public func loadProfile() throws -> PerceptualProfile {
        try Self.mapErrors(path: path) {
            try writer.read { db in
                var profile = PerceptualProfile()
                try StoredRecord.forEach(in: db) { _, record in profile.add(record) }
                return profile
            }
        }
    }

    /// Calls `body` with every record, oldest first, inside one read transaction (a consistent
    /// snapshot: concurrent writes are not seen and are not blocked).
    public func forEachRecord(_ body: (TrainingRecord) throws -> Void) throws {
        try Self.mapErrors(path: path) {
            try writer.read { db in try StoredRecord.forEach(in: db) { _, record in try body(record) } }
        }
    }

    /// Deletes every training record and pending exercise; settings and paired devices stay.
    /// Returns how many records were deleted.
    @discardableResult
    public func deleteAllTrainingData() throws -> Int {
        try Self.mapErrors(path: path) {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM pendingExercise")
                var deleted = 0
                for table in StoredRecord.Table.allCases {
                    try db.execute(sql: "DELETE FROM \(table.rawValue)")
                    deleted += db.changesCount
                }
                return deleted
            }
        }
    }

    /// Records per training mode (a prime interval means a unison mode), and the oldest and
    /// newest timestamp.
    public func recordCounts() throws -> RecordCounts {
        try Self.mapErrors(path: path) {
            try writer.read { db in
                var byMode: [TrainingMode: Int] = [:]
                var first: Int64?
                var last: Int64?
                for table in StoredRecord.Table.allCases {
                    let kind: TrainingMode.Kind = table == .comparisonRecord ? .comparison : .pitchMatching
                    let rows = try Row.fetchAll(
                        db,
                        sql:
                            "SELECT interval = 'P1', count(*), min(timestamp), max(timestamp) FROM \(table.rawValue) GROUP BY 1"
                    )
                    for row in rows {
                        let mode = TrainingMode.of(kind: kind, interval: row[0] ? .prime : .perfectFifthUp)
                        byMode[mode, default: 0] += row[1] as Int
                        first = [first, row[2]].compactMap { $0 }.min()
                        last = [last, row[3]].compactMap { $0 }.max()
                    }
                }
                return RecordCounts(
                    byMode: byMode, first: first.map(Milliseconds.date), last: last.map(Milliseconds.date))
            }
        }
    }
}
