import GRDB
import PeachCore

extension AppDatabase {
    /// A record a device made, under the id the device gave it.
    public struct SyncedRecord: Sendable, Equatable {
        public var id: RecordID
        public var record: TrainingRecord

        public init(id: RecordID, record: TrainingRecord) {
            self.id = id
            self.record = record
        }
    }

    /// What `saveSyncedRecords` did with each record of a batch, by index into the batch.
    public struct SyncedRecordsOutcome: Sendable, Equatable {
        /// Stored by this call: the records the profile must now add.
        public var stored: [Int] = []
        /// Already stored with identical content (a retried batch, or the id twice in a batch).
        public var alreadyStored: [Int] = []
        /// The id is already stored with different content: not stored.
        public var conflicting: [Int] = []
        /// Made before the history was last reset: not stored, and never will be.
        public var discarded: [Int] = []

        public init(stored: [Int] = [], alreadyStored: [Int] = [], conflicting: [Int] = [], discarded: [Int] = []) {
            self.stored = stored
            self.alreadyStored = alreadyStored
            self.conflicting = conflicting
            self.discarded = discarded
        }
    }

    /// Stores a batch of records from a device in one transaction, committed durably before it
    /// returns (WAL, `synchronous=FULL`): either every record the outcome calls stored is on
    /// disk, or (on an error) none is. Idempotent by id, which is kept in `exerciseID` (UNIQUE):
    /// an id already stored with identical content is accepted again and stores nothing, with
    /// different content it is a conflict. The records must follow the rules of every record
    /// (the core's validating initialisers): a record the tables' CHECKs refuse fails the whole
    /// batch. Ids are stored in their one spelling (`RecordID`). A record made before the history
    /// was last reset is discarded: a device that answered before a reset, and syncs only after
    /// it, cannot bring the deleted history back. "Before" is on the server's clock: a record's
    /// timestamp (the device's clock) plus `clockOffset`, the milliseconds the server's clock was
    /// ahead of the device's when the device sent the batch (docs/sync.md, "A reset").
    /// - Complexity: O(k · log n) for k records into n; one fsync for the batch.
    public func saveSyncedRecords(_ records: [SyncedRecord], clockOffset: Int64 = 0) throws -> SyncedRecordsOutcome {
        // Nothing to store (an empty batch, or every record refused): no transaction, no fsync.
        guard !records.isEmpty else { return SyncedRecordsOutcome() }
        return try Self.mapErrors(path: path) {
            try write { db in
                var outcome = SyncedRecordsOutcome()
                let resetAt = try Self.historyResetAt(db)
                for (index, synced) in records.enumerated() {
                    if let resetAt,
                        synced.record.timestamp.millisecondsSince1970 &+ clockOffset < resetAt.millisecondsSince1970
                    {
                        outcome.discarded.append(index)
                        continue
                    }
                    let id = synced.id.text
                    if let stored = try StoredRecord.record(exerciseID: id, in: db) {
                        if stored == synced.record {
                            outcome.alreadyStored.append(index)
                        } else {
                            outcome.conflicting.append(index)
                        }
                    } else {
                        try StoredRecord.insert(synced.record, exerciseID: id, into: db)
                        outcome.stored.append(index)
                    }
                }
                return outcome
            }
        }
    }

    /// Whether a record of the id `id` is stored, in any table.
    /// - Complexity: O(log n) per table (the id is unique, hence indexed).
    public func holdsRecord(_ id: RecordID) throws -> Bool {
        try Self.mapErrors(path: path) {
            try writer.read { db in try StoredRecord.record(exerciseID: id.text, in: db) != nil }
        }
    }
}
