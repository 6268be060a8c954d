import Foundation
import GRDB
import PeachCore

/// The columns of the two record tables, and the conversions between a row and a
/// `TrainingRecord`. Timestamps are whole milliseconds since 1970 UTC.
enum StoredRecord {
    enum Table: String, CaseIterable {
        case comparisonRecord, pitchMatchingRecord
    }

    /// Both tables start with these columns, in this order; `select` lists the rest.
    static let contextColumns = "id, timestamp, referenceNote, targetNote, interval, direction, tuningSystem"

    static func select(_ table: Table) -> String {
        switch table {
        case .comparisonRecord: "SELECT \(contextColumns), centOffset, isCorrect FROM comparisonRecord"
        case .pitchMatchingRecord:
            "SELECT \(contextColumns), initialCentOffset, userCentError FROM pitchMatchingRecord"
        }
    }

    static func table(of record: TrainingRecord) -> Table {
        switch record {
        case .comparison: .comparisonRecord
        case .pitchMatching: .pitchMatchingRecord
        }
    }

    /// Inserts a record; the exercise id makes it unique.
    static func insert(_ record: TrainingRecord, exerciseID: String, into db: Database) throws {
        let sql: String
        let last: [any DatabaseValueConvertible]
        let context: Context
        switch record {
        case .comparison(let record):
            context = Context(record.timestamp, record.referenceNote, record.targetNote, record.interval, record.tuningSystem)
            sql = "INSERT INTO comparisonRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, centOffset, isCorrect) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            last = [record.centOffset, record.isCorrect]
        case .pitchMatching(let record):
            context = Context(record.timestamp, record.referenceNote, record.targetNote, record.interval, record.tuningSystem)
            sql = "INSERT INTO pitchMatchingRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, initialCentOffset, userCentError) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            last = [record.initialCentOffset, record.userCentError]
        }
        let statement = try db.cachedStatement(sql: sql)
        try statement.execute(arguments: StatementArguments([exerciseID] + context.values + last))
    }

    /// The shared columns of a record as stored.
    struct Context {
        var milliseconds: Int64
        var referenceNote: Int
        var targetNote: Int
        var interval: String
        var direction: String
        var tuningSystem: String

        init(_ timestamp: Date, _ reference: MIDINote, _ target: MIDINote, _ interval: DirectedInterval, _ tuning: TuningSystem) {
            milliseconds = Milliseconds.of(timestamp)
            referenceNote = reference.rawValue
            targetNote = target.rawValue
            self.interval = interval.interval.abbreviation
            // A prime has no direction; it is stored as up (the table insists).
            direction = interval.interval == .prime ? Direction.up.rawValue : interval.direction.rawValue
            tuningSystem = tuning.rawValue
        }

        var values: [any DatabaseValueConvertible] {
            [milliseconds, referenceNote, targetNote, interval, direction, tuningSystem]
        }
    }

    private static let intervalsByAbbreviation = Dictionary(
        uniqueKeysWithValues: Interval.allCases.map { ($0.abbreviation, $0) })

    /// Reads a row of `select(table)`. The tables' CHECKs make a failure here mean damage.
    static func record(from row: Row, table: Table) throws -> TrainingRecord {
        let milliseconds: Int64 = row[1]
        guard let reference = MIDINote(rawValue: row[2]), let target = MIDINote(rawValue: row[3]),
            let interval = intervalsByAbbreviation[row[4] as String],
            let direction = Direction(rawValue: row[5]),
            let tuningSystem = TuningSystem(rawValue: row[6])
        else {
            throw StoreError.corrupt(path: "the database", detail: "a record has values outside the schema")
        }
        let timestamp = Milliseconds.date(milliseconds)
        let directed = DirectedInterval(interval, direction)
        switch table {
        case .comparisonRecord:
            return .comparison(
                ComparisonRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: directed,
                    tuningSystem: tuningSystem, centOffset: row[7], isCorrect: row[8]))
        case .pitchMatchingRecord:
            return .pitchMatching(
                PitchMatchingRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, interval: directed,
                    tuningSystem: tuningSystem, initialCentOffset: row[7], userCentError: row[8]))
        }
    }

    /// Calls `body` with every record of both tables, oldest first, ordered by (timestamp,
    /// comparisons before pitch matchings, insertion order). Two cursors walk the timestamp
    /// indexes and are merged, so nothing is sorted and no array of records is built.
    /// - Complexity: O(n) time, O(1) memory.
    static func forEach(in db: Database, _ body: (Int64, TrainingRecord) throws -> Void) throws {
        let order = " ORDER BY timestamp, id"
        let comparisons = try Row.fetchCursor(db, sql: select(.comparisonRecord) + order)
        let matchings = try Row.fetchCursor(db, sql: select(.pitchMatchingRecord) + order)
        var nextComparison = try comparisons.next().map { (Int64($0[1] as Int64), try record(from: $0, table: .comparisonRecord)) }
        var nextMatching = try matchings.next().map { (Int64($0[1] as Int64), try record(from: $0, table: .pitchMatchingRecord)) }
        while true {
            switch (nextComparison, nextMatching) {
            case (nil, nil):
                return
            case (let comparison?, let matching) where matching == nil || comparison.0 <= matching!.0:
                try body(comparison.0, comparison.1)
                nextComparison = try comparisons.next().map { ($0[1], try record(from: $0, table: .comparisonRecord)) }
            case (_, let matching?):
                try body(matching.0, matching.1)
                nextMatching = try matchings.next().map { ($0[1], try record(from: $0, table: .pitchMatchingRecord)) }
            default:
                return
            }
        }
    }
}

/// Whole milliseconds since 1970-01-01T00:00:00Z: how the store and the CSV keep time.
enum Milliseconds {
    static func of(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    static func date(_ milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
