import Foundation
import GRDB
import PeachCore

extension AppDatabase {
    /// Streams every record, oldest first, into a new profile: one pass over a cursor per
    /// record table, no array of all records. The tables are read in two halves at the same time
    /// on two threads (a record of one table never changes the statistics of another's), which
    /// nearly halves Peach's start-up with many records on a machine with two cores or more; an
    /// in-memory database reads one after the other.
    /// - Complexity: O(n) time; memory is the profile's own.
    public func loadProfile() throws -> PerceptualProfile {
        let halves: [[StoredRecord.Table]] = [
            [.comparisonRecord, .rhythmOffsetDetectionRecord], [.pitchMatchingRecord, .continuousRhythmMatchingRecord],
        ]
        let results = ProfileParts(count: halves.count)
        // A pool reads the two tables on two of its connections at once; the one connection of a
        // reading command would read them one after the other, so the second table gets a
        // reading connection of its own.
        let second: any DatabaseReader =
            writer is DatabaseQueue && FileManager.default.fileExists(atPath: path)
            ? (try? DatabaseIdentity.readingConnection(path: path)) ?? writer : writer
        DispatchQueue.concurrentPerform(iterations: halves.count) { index in
            results.set(index) {
                try Self.mapErrors(path: path) {
                    try (index == 0 ? writer : second).read { db in
                        var profile = PerceptualProfile()
                        for table in halves[index] {
                            try StoredRecord.forEach(table, in: db) { profile.add($0) }
                        }
                        return profile
                    }
                }
            }
        }
        let parts = try results.values()
        return PerceptualProfile(joining: parts[0], parts[1])
    }

    /// Deletes every training record and remembers `now` as the time of the reset, in one
    /// transaction; settings and paired devices stay. Records made before it that a device
    /// uploads later are dropped (`saveSyncedRecords`), and devices drop their own at their next
    /// sync (`historyResetAt`). Returns how many records were deleted.
    @discardableResult
    public func deleteAllTrainingData(now: Timestamp) throws -> Int {
        try Self.mapErrors(path: path) {
            try write { db in
                var deleted = 0
                for table in StoredRecord.Table.allCases {
                    try db.execute(sql: "DELETE FROM \(table.rawValue)")
                    deleted += db.changesCount
                }
                try db.execute(
                    sql: "INSERT OR REPLACE INTO historyReset (id, resetAt) VALUES (1, ?)",
                    arguments: [now.millisecondsSince1970])
                try Self.countRemoval(db)
                return deleted
            }
        }
    }

    /// When the history was last reset (`deleteAllTrainingData`), or nil if never.
    public func historyResetAt() throws -> Timestamp? {
        try Self.mapErrors(path: path) { try writer.read(Self.historyResetAt) }
    }

    /// How many times every record of the history was removed on purpose (a reset, a replacing
    /// import): a device remembers it with the newest record the history accepted from it, and
    /// offers its answers again when that record is missing only if the count is no higher now
    /// (the record was lost with a newer state of the file, not removed; docs/sync.md).
    public func historyRemovals() throws -> Int64 {
        try Self.mapErrors(path: path) { try writer.read(Self.historyRemovals) }
    }

    /// `historyRemovals()` within a transaction.
    static func historyRemovals(_ db: Database) throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT count FROM historyRemovals") ?? 0
    }

    /// Counts one more removal of every record, within the transaction that removes them.
    static func countRemoval(_ db: Database) throws {
        try db.execute(
            sql: """
                INSERT INTO historyRemovals (id, count) VALUES (1, 1)
                ON CONFLICT (id) DO UPDATE SET count = count + 1
                """)
    }

    /// `historyResetAt()` within a transaction.
    static func historyResetAt(_ db: Database) throws -> Timestamp? {
        try Int64.fetchOne(db, sql: "SELECT resetAt FROM historyReset").map(Timestamp.init(millisecondsSince1970:))
    }

    /// How many rows an earlier Peach stored that break the record rules, set aside by migration
    /// v7 (`migrateToRecordRules`): kept in the file, in no statistic and no export.
    public func setAsideRecordCount() throws -> Int {
        try Self.mapErrors(path: path) {
            try writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM setAsideRecord") ?? 0 }
        }
    }

    /// Records per training mode (a prime interval means a unison mode), and the oldest and
    /// newest timestamp.
    public func recordCounts() throws -> RecordCounts {
        try Self.mapErrors(path: path) { try writer.read(Self.recordCounts) }
    }

    /// What `recordCounts()` says, from a profile loaded from this database (`loadProfile`,
    /// which counts every mode's records as it reads them) and the timestamp index: without a
    /// second pass over every record, which would make `peach stats` take half again as long.
    public func recordCounts(of profile: PerceptualProfile) throws -> RecordCounts {
        try Self.mapErrors(path: path) {
            try writer.read { db in
                var first: Int64?
                var last: Int64?
                for table in StoredRecord.Table.allCases {
                    let row = try Row.fetchOne(db, sql: "SELECT min(timestamp), max(timestamp) FROM \(table.rawValue)")
                    first = [first, row?[0]].compactMap { $0 }.min()
                    last = [last, row?[1]].compactMap { $0 }.max()
                }
                return RecordCounts(
                    byMode: Dictionary(uniqueKeysWithValues: TrainingMode.allCases.map { ($0, profile.count($0)) }),
                    first: first.map(Timestamp.init(millisecondsSince1970:)),
                    last: last.map(Timestamp.init(millisecondsSince1970:)))
            }
        }
    }

    /// `recordCounts()` within a transaction.
    static func recordCounts(_ db: Database) throws -> RecordCounts {
        var counts = RecordCounts(byMode: [:], first: nil, last: nil)
        var first: Int64?
        var last: Int64?
        for table in StoredRecord.Table.allCases {
            let kind: TrainingMode.Kind
            // A rhythm record has no interval: its kind is its mode.
            var unison = "interval = 'P1'"
            switch table {
            case .comparisonRecord: kind = .comparison
            case .pitchMatchingRecord: kind = .pitchMatching
            case .rhythmOffsetDetectionRecord: (kind, unison) = (.rhythmOffsetDetection, "1")
            case .continuousRhythmMatchingRecord: (kind, unison) = (.continuousRhythmMatching, "1")
            }
            let rows = try Row.fetchAll(
                db,
                sql:
                    "SELECT \(unison), count(*), min(timestamp), max(timestamp) FROM \(table.rawValue) GROUP BY 1"
            )
            for row in rows {
                let mode = TrainingMode.of(kind: kind, interval: row[0] ? .prime : .perfectFifthUp)
                counts.byMode[mode, default: 0] += row[1] as Int
                first = [first, row[2]].compactMap { $0 }.min()
                last = [last, row[3]].compactMap { $0 }.max()
            }
        }
        counts.first = first.map(Timestamp.init(millisecondsSince1970:))
        counts.last = last.map(Timestamp.init(millisecondsSince1970:))
        return counts
    }
}

/// The per-table profiles of `loadProfile`, filled in from two threads.
private final class ProfileParts: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<PerceptualProfile, any Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ body: () throws -> PerceptualProfile) {
        let result = Result { try body() }
        lock.withLock { results[index] = result }
    }

    /// The profiles in table order, or the first table's error.
    func values() throws -> [PerceptualProfile] {
        try lock.withLock { results }.map { try $0!.get() }
    }
}
