import Foundation
import GRDB
import GRDBSQLite
import PeachCore

/// The columns of the record tables, and the conversions between a row and a `TrainingRecord`.
/// Timestamps are whole milliseconds since 1970 UTC.
enum StoredRecord {
    /// One table per kind of record, in the order records of the same time are listed.
    enum Table: String, CaseIterable {
        case comparisonRecord, pitchMatchingRecord, rhythmOffsetDetectionRecord, continuousRhythmMatchingRecord

        /// The columns after `id, exerciseID, timestamp`: what `insert` binds and `select` reads.
        var columns: [String] {
            switch self {
            case .comparisonRecord: StoredRecord.contextColumns + ["centOffset", "isCorrect"]
            case .pitchMatchingRecord: StoredRecord.contextColumns + ["initialCentOffset", "userCentError"]
            case .rhythmOffsetDetectionRecord: ["tempoBPM", "offsetMs", "isCorrect"]
            case .continuousRhythmMatchingRecord:
                ["tempoBPM", "meanOffsetMs"] + (0..<4).map { "meanOffsetMsPosition\($0)" } + ["hitCount"]
            }
        }
    }

    /// The pitch tables' columns of the exercise's context, after the timestamp.
    static let contextColumns = ["referenceNote", "targetNote", "interval", "direction", "tuningSystem"]

    static func select(_ table: Table) -> String {
        "SELECT id, timestamp, \(table.columns.joined(separator: ", ")) FROM \(table.rawValue)"
    }

    static func table(of record: TrainingRecord) -> Table {
        switch record {
        case .comparison: .comparisonRecord
        case .pitchMatching: .pitchMatchingRecord
        case .rhythmOffsetDetection: .rhythmOffsetDetectionRecord
        case .continuousRhythmMatching: .continuousRhythmMatchingRecord
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
        let width = 2 + table.columns.count
        let row = "(" + Array(repeating: "?", count: width).joined(separator: ", ") + ")"
        let values = Array(repeating: row, count: rows.count).joined(separator: ", ")
        let statement = try db.cachedStatement(
            sql:
                "INSERT INTO \(table.rawValue) (exerciseID, timestamp, \(table.columns.joined(separator: ", "))) VALUES \(values)"
        )
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (index, (record, exerciseID)) in rows.enumerated() {
            precondition(Self.table(of: record) == table, "a record of another table")
            bind(record, exerciseID: exerciseID, from: Int32(index * width), handle)
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else {
            throw DatabaseError(
                resultCode: ResultCode(rawValue: code),
                message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: statement.sql)
        }
    }

    /// Rows a CSV import inserts at once (`insert(_:into:_:)`): 64 rows of at most 10 values.
    static let batchSize = 64

    /// Binds a record's values to the parameters after `offset`, in its table's order.
    private static func bind(
        _ record: TrainingRecord, exerciseID: String, from offset: Int32, _ handle: SQLiteStatement
    ) {
        bind(exerciseID, offset + 1, handle)
        sqlite3_bind_int64(handle, offset + 2, record.timestamp.millisecondsSince1970)
        // NaN would be bound as NULL by SQLite and refused by NOT NULL, as the CHECKs want; the
        // record rules refuse it before (a position's NULL means "no mean").
        func double(_ value: Double?, _ column: Int32) {
            if let value {
                sqlite3_bind_double(handle, offset + column, value)
            } else {
                sqlite3_bind_null(handle, offset + column)
            }
        }
        switch record {
        case .comparison(let comparison):
            bind(comparison.context, from: offset + 2, handle)
            sqlite3_bind_double(handle, offset + 8, comparison.centOffset.value)
            sqlite3_bind_int64(handle, offset + 9, comparison.isCorrect ? 1 : 0)
        case .pitchMatching(let matching):
            bind(matching.context, from: offset + 2, handle)
            sqlite3_bind_double(handle, offset + 8, matching.initialCentOffset.value)
            sqlite3_bind_double(handle, offset + 9, matching.userCentError.value)
        case .rhythmOffsetDetection(let detection):
            sqlite3_bind_int64(handle, offset + 3, Int64(detection.tempo.value))
            sqlite3_bind_double(handle, offset + 4, detection.offsetMs)
            sqlite3_bind_int64(handle, offset + 5, detection.isCorrect ? 1 : 0)
        case .continuousRhythmMatching(let matching):
            sqlite3_bind_int64(handle, offset + 3, Int64(matching.tempo.value))
            sqlite3_bind_double(handle, offset + 4, matching.meanOffsetMs)
            for (position, mean) in matching.positionMeanOffsetsMs.enumerated() { double(mean, 5 + Int32(position)) }
            if let hits = matching.hitCount {
                sqlite3_bind_int64(handle, offset + 9, Int64(hits))
            } else {
                sqlite3_bind_null(handle, offset + 9)
            }
        }
    }

    /// Binds a pitch record's context to the five parameters after `offset`.
    private static func bind(_ context: ExerciseContext, from offset: Int32, _ handle: SQLiteStatement) {
        sqlite3_bind_int64(handle, offset + 1, Int64(context.referenceNote.rawValue))
        sqlite3_bind_int64(handle, offset + 2, Int64(context.targetNote.rawValue))
        bind(context.interval.interval.abbreviation, offset + 3, handle)
        // A prime has no direction; it is stored as up (the table insists).
        let direction = context.interval.interval == .prime ? Direction.up : context.interval.direction
        bind(direction.rawValue, offset + 4, handle)
        bind(context.tuningSystem.rawValue, offset + 5, handle)
    }

    /// Whether a record with the same merge key is in `table` among the rows up to `lastID` — the
    /// merge rule of a CSV import (docs/cli.md): the time (ms) and, for pitch, the reference and
    /// target note, for rhythm the tempo. Bound through the C API like `insert`: this runs once
    /// per row of a merged file.
    static func exists(_ record: TrainingRecord, upToID lastID: Int64, _ db: Database) throws -> Bool {
        let table = table(of: record)
        let key: [(column: String, value: Int64)] =
            switch record {
            case .comparison(let comparison):
                [
                    ("referenceNote", Int64(comparison.context.referenceNote.rawValue)),
                    ("targetNote", Int64(comparison.context.targetNote.rawValue)),
                ]
            case .pitchMatching(let matching):
                [
                    ("referenceNote", Int64(matching.context.referenceNote.rawValue)),
                    ("targetNote", Int64(matching.context.targetNote.rawValue)),
                ]
            case .rhythmOffsetDetection(let detection): [("tempoBPM", Int64(detection.tempo.value))]
            case .continuousRhythmMatching(let matching): [("tempoBPM", Int64(matching.tempo.value))]
            }
        let conditions = key.map { " AND \($0.column) = ?" }.joined()
        let statement = try db.cachedStatement(
            sql: "SELECT 1 FROM \(table.rawValue) WHERE timestamp = ?\(conditions) AND id <= ? LIMIT 1")
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        sqlite3_bind_int64(handle, 1, record.timestamp.millisecondsSince1970)
        for (index, part) in key.enumerated() { sqlite3_bind_int64(handle, Int32(index + 2), part.value) }
        sqlite3_bind_int64(handle, Int32(key.count + 2), lastID)
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

    /// The record stored for an exercise id in any table, if any.
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

    /// Calls `body` with every record of every table, oldest first, ordered by (timestamp, table
    /// in `Table`'s order, insertion order). One statement per table walks its timestamp index and
    /// they are merged, so nothing is sorted and no array of records is built.
    ///
    /// Columns are read through SQLite's C API (GRDB documents `sqliteStatement` for this):
    /// this is the start-up path over every record, and the tables' CHECKs guarantee what
    /// each text column can hold, so no `String` needs to be made per row.
    /// - Complexity: O(n) time, O(1) memory.
    static func forEach(in db: Database, _ body: (Int64, TrainingRecord) throws -> Void) throws {
        let tables = Table.allCases
        let statements = try tables.map { try db.makeStatement(sql: select($0) + " ORDER BY timestamp, id") }
        var next = try tables.indices.map { try step(statements[$0], tables[$0], db) }
        while true {
            // The earliest head; on a tie the first table's, as `Table` orders them.
            var earliest: Int?
            for index in next.indices {
                guard let head = next[index] else { continue }
                if let current = earliest, next[current]!.0 <= head.0 { continue }
                earliest = index
            }
            guard let index = earliest, let (milliseconds, record) = next[index] else { return }
            try body(milliseconds, record)
            next[index] = try step(statements[index], tables[index], db)
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
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        let record: TrainingRecord
        switch table {
        case .comparisonRecord:
            record = .comparison(
                ComparisonRecord(
                    timestamp: timestamp, context: try context(handle),
                    centOffset: Cents(sqlite3_column_double(handle, 7)),
                    isCorrect: sqlite3_column_int64(handle, 8) != 0))
        case .pitchMatchingRecord:
            record = .pitchMatching(
                PitchMatchingRecord(
                    timestamp: timestamp, context: try context(handle),
                    initialCentOffset: Cents(sqlite3_column_double(handle, 7)),
                    userCentError: Cents(sqlite3_column_double(handle, 8))))
        case .rhythmOffsetDetectionRecord:
            record = .rhythmOffsetDetection(
                RhythmOffsetDetectionRecord(
                    timestamp: timestamp, tempo: try tempo(handle), offsetMs: sqlite3_column_double(handle, 3),
                    isCorrect: sqlite3_column_int64(handle, 4) != 0))
        case .continuousRhythmMatchingRecord:
            func optional(_ column: Int32) -> Double? {
                sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : sqlite3_column_double(handle, column)
            }
            record = .continuousRhythmMatching(
                ContinuousRhythmMatchingRecord(
                    timestamp: timestamp, tempo: try tempo(handle), meanOffsetMs: sqlite3_column_double(handle, 3),
                    positionMeanOffsetsMs: (4..<8).map { optional($0) },
                    hitCount: sqlite3_column_type(handle, 8) == SQLITE_NULL
                        ? nil : Int(sqlite3_column_int64(handle, 8))))
        }
        return (milliseconds, record)
    }

    /// A stored row that breaks the schema: the tables' CHECKs make this mean damage.
    private static var outsideTheSchema: StoreError {
        .corrupt(path: "the database", detail: "a record has values outside the schema")
    }

    /// A pitch row's context (columns 2–6).
    private static func context(_ handle: SQLiteStatement) throws -> ExerciseContext {
        guard let reference = MIDINote(rawValue: Int(sqlite3_column_int64(handle, 2))),
            let target = MIDINote(rawValue: Int(sqlite3_column_int64(handle, 3))),
            let interval = interval(handle, 4),
            let direction = firstByte(handle, 5).flatMap({
                $0 == UInt8(ascii: "u") ? .up : $0 == UInt8(ascii: "d") ? .down : nil
            }) as Direction?,
            let tuningSystem = tuningSystem(handle, 6)
        else { throw outsideTheSchema }
        return ExerciseContext(
            referenceNote: reference, targetNote: target, interval: DirectedInterval(interval, direction),
            tuningSystem: tuningSystem)
    }

    /// A rhythm row's tempo (column 2).
    private static func tempo(_ handle: SQLiteStatement) throws -> TempoBPM {
        guard let tempo = TempoBPM(Int(sqlite3_column_int64(handle, 2))) else { throw outsideTheSchema }
        return tempo
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
