import Foundation
import GRDB
import GRDBSQLite
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
        try insert([(record, exerciseID)], into: table(of: record), db)
    }

    /// Inserts records of one table in one statement, `rows.count` rows of values.
    ///
    /// The table's rules hold `IN (…)` lists, for which SQLite builds a small temporary index
    /// each time the statement runs: with one row per statement, that was most of the time of
    /// importing a million records; a CSV import therefore inserts `batchSize` rows at once.
    /// Values are bound through SQLite's C API on GRDB's cached statement (GRDB documents
    /// `sqliteStatement` for this): boxing nine values into `StatementArguments` per row cost a
    /// third of an import.
    static func insert(_ rows: [(record: TrainingRecord, exerciseID: String)], into table: Table, _ db: Database) throws
    {
        guard !rows.isEmpty else { return }
        let columns =
            table == .comparisonRecord
            ? "centOffset, isCorrect" : "initialCentOffset, userCentError"
        let values = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?)", count: rows.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql:
                "INSERT INTO \(table.rawValue) (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, \(columns)) VALUES \(values)"
        )
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (row, (record, exerciseID)) in rows.enumerated() {
            precondition(Self.table(of: record) == table, "a record of another table")
            bind(record, exerciseID: exerciseID, from: Int32(row * 9), handle)
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
        }
    }

    /// Rows a CSV import inserts at once (`insert(_:into:_:)`): 64 rows of 9 values.
    static let batchSize = 64

    /// Binds a record's nine values to the parameters after `offset`.
    private static func bind(
        _ record: TrainingRecord, exerciseID: String, from offset: Int32, _ handle: SQLiteStatement
    ) {
        let context = Context(record)
        let last: (Double, Double) =
            switch record {
            case .comparison(let record): (record.centOffset.value, record.isCorrect ? 1 : 0)
            case .pitchMatching(let record): (record.initialCentOffset.value, record.userCentError.value)
            }
        bind(exerciseID, offset + 1, handle)
        sqlite3_bind_int64(handle, offset + 2, context.milliseconds)
        sqlite3_bind_int64(handle, offset + 3, Int64(context.referenceNote))
        sqlite3_bind_int64(handle, offset + 4, Int64(context.targetNote))
        bind(context.interval, offset + 5, handle)
        bind(context.direction, offset + 6, handle)
        bind(context.tuningSystem, offset + 7, handle)
        // NaN would be bound as NULL by SQLite and refused by NOT NULL, as the CHECKs want.
        sqlite3_bind_double(handle, offset + 8, last.0)
        if case .comparison = record {
            sqlite3_bind_int64(handle, offset + 9, Int64(last.1))
        } else {
            sqlite3_bind_double(handle, offset + 9, last.1)
        }
    }

    /// Whether a record with the same time (ms), reference and target note is in `table` among the
    /// rows up to `lastID` — the merge rule of a CSV import (docs/cli.md). Bound through the C API
    /// like `insert`: this runs once per row of a merged file.
    static func exists(_ context: Context, in table: Table, upToID lastID: Int64, _ db: Database) throws -> Bool {
        let statement = try db.cachedStatement(
            sql:
                "SELECT 1 FROM \(table.rawValue) WHERE timestamp = ? AND referenceNote = ? AND targetNote = ? AND id <= ? LIMIT 1"
        )
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, context.milliseconds)
        sqlite3_bind_int64(handle, 2, Int64(context.referenceNote))
        sqlite3_bind_int64(handle, 3, Int64(context.targetNote))
        sqlite3_bind_int64(handle, 4, lastID)
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
        }
    }

    /// SQLITE_TRANSIENT: SQLite copies the text before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func bind(_ text: String, _ index: Int32, _ handle: SQLiteStatement) {
        var text = text
        text.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                _ = sqlite3_bind_text(handle, index, characters.baseAddress, Int32(characters.count), transient)
            }
        }
    }

    /// The shared columns of a record as stored.
    struct Context {
        var milliseconds: Int64
        var referenceNote: Int
        var targetNote: Int
        var interval: String
        var direction: String
        var tuningSystem: String

        init(_ record: TrainingRecord) {
            let context = record.context
            milliseconds = record.timestamp.millisecondsSince1970
            referenceNote = context.referenceNote.rawValue
            targetNote = context.targetNote.rawValue
            interval = context.interval.interval.abbreviation
            // A prime has no direction; it is stored as up (the table insists).
            direction =
                context.interval.interval == .prime ? Direction.up.rawValue : context.interval.direction.rawValue
            tuningSystem = context.tuningSystem.rawValue
        }
    }

    /// The record stored for an exercise id in either table, if any.
    /// - Complexity: O(log n) per table (the exercise id is unique, hence indexed).
    static func record(exerciseID: String, in db: Database) throws -> TrainingRecord? {
        for table in Table.allCases {
            let statement = try db.cachedStatement(sql: select(table) + " WHERE exerciseID = ?")
            let handle = statement.sqliteStatement
            sqlite3_reset(handle)
            bind(exerciseID, 1, handle)
            defer { sqlite3_reset(handle) }
            if let (_, record) = try step(statement, table, db) { return record }
        }
        return nil
    }

    /// Calls `body` with every record of both tables, oldest first, ordered by (timestamp,
    /// comparisons before pitch matchings, insertion order). Two statements walk the timestamp
    /// indexes and are merged, so nothing is sorted and no array of records is built.
    ///
    /// Columns are read through SQLite's C API (GRDB documents `sqliteStatement` for this):
    /// this is the start-up path over every record, and the tables' CHECKs guarantee what
    /// each text column can hold, so no `String` needs to be made per row.
    /// - Complexity: O(n) time, O(1) memory.
    static func forEach(in db: Database, _ body: (Int64, TrainingRecord) throws -> Void) throws {
        let order = " ORDER BY timestamp, id"
        let comparisons = try db.makeStatement(sql: select(.comparisonRecord) + order)
        let matchings = try db.makeStatement(sql: select(.pitchMatchingRecord) + order)
        var nextComparison = try step(comparisons, .comparisonRecord, db)
        var nextMatching = try step(matchings, .pitchMatchingRecord, db)
        while true {
            switch (nextComparison, nextMatching) {
            case (nil, nil):
                return
            case (let comparison?, let matching) where matching == nil || comparison.0 <= matching!.0:
                try body(comparison.0, comparison.1)
                nextComparison = try step(comparisons, .comparisonRecord, db)
            case (_, let matching?):
                try body(matching.0, matching.1)
                nextMatching = try step(matchings, .pitchMatchingRecord, db)
            default:
                return
            }
        }
    }

    /// Calls `body` with every record of one table, oldest first (timestamp, then insertion
    /// order), read like `forEach(in:_:)`.
    static func forEach(_ table: Table, in db: Database, _ body: (TrainingRecord) throws -> Void) throws {
        let statement = try db.makeStatement(sql: select(table) + " ORDER BY timestamp, id")
        while let (_, record) = try step(statement, table, db) { try body(record) }
    }

    /// The next row of a `select(table)` statement as (milliseconds, record), `nil` at the end.
    /// The one decoder of a stored record: the tables' CHECKs make a failure here mean damage.
    private static func step(_ statement: Statement, _ table: Table, _ db: Database) throws -> (Int64, TrainingRecord)?
    {
        let handle = statement.sqliteStatement
        let code = sqlite3_step(handle)
        guard code == SQLITE_ROW else {
            if code == SQLITE_DONE { return nil }
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
        }
        let milliseconds = sqlite3_column_int64(handle, 1)
        guard let reference = MIDINote(rawValue: Int(sqlite3_column_int64(handle, 2))),
            let target = MIDINote(rawValue: Int(sqlite3_column_int64(handle, 3))),
            let interval = interval(handle, 4),
            let direction = firstByte(handle, 5).flatMap({
                $0 == UInt8(ascii: "u") ? .up : $0 == UInt8(ascii: "d") ? .down : nil
            }) as Direction?,
            let tuningSystem = tuningSystem(handle, 6)
        else {
            throw StoreError.corrupt(path: "the database", detail: "a record has values outside the schema")
        }
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        let context = ExerciseContext(
            referenceNote: reference, targetNote: target, interval: DirectedInterval(interval, direction),
            tuningSystem: tuningSystem)
        switch table {
        case .comparisonRecord:
            return (
                milliseconds,
                .comparison(
                    ComparisonRecord(
                        timestamp: timestamp, context: context, centOffset: Cents(sqlite3_column_double(handle, 7)),
                        isCorrect: sqlite3_column_int64(handle, 8) != 0))
            )
        case .pitchMatchingRecord:
            return (
                milliseconds,
                .pitchMatching(
                    PitchMatchingRecord(
                        timestamp: timestamp, context: context,
                        initialCentOffset: Cents(sqlite3_column_double(handle, 7)),
                        userCentError: Cents(sqlite3_column_double(handle, 8))))
            )
        }
    }

    private static func firstByte(_ handle: SQLiteStatement, _ column: Int32) -> UInt8? {
        guard sqlite3_column_bytes(handle, column) > 0, let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        return text[0]
    }

    /// The interval of a two-byte abbreviation column (`P5`, `m3`, …).
    private static func interval(_ handle: SQLiteStatement, _ column: Int32) -> Interval? {
        guard sqlite3_column_bytes(handle, column) == 2, let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        return intervalsByBytes[UInt16(text[0]) << 8 | UInt16(text[1])]
    }

    private static let intervalsByBytes: [UInt16: Interval] = Dictionary(
        uniqueKeysWithValues: Interval.allCases.map { interval in
            let bytes = Array(interval.abbreviation.utf8)
            return (UInt16(bytes[0]) << 8 | UInt16(bytes[1]), interval)
        })

    private static let tuningSystemNames = TuningSystem.allCases.map { ($0, Array($0.rawValue.utf8)) }

    /// The tuning system whose raw value the column holds (compared as bytes, no `String`).
    private static func tuningSystem(_ handle: SQLiteStatement, _ column: Int32) -> TuningSystem? {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        for (system, name) in tuningSystemNames where name.count == count {
            if name.elementsEqual(UnsafeBufferPointer(start: text, count: count)) { return system }
        }
        return nil
    }
}
