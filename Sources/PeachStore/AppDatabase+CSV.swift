import Foundation
import GRDB
import PeachCore

extension AppDatabase {
    /// Writes every record as CSV (docs/cli.md, "The CSV format": Peach iOS export format 3), oldest first, in
    /// pieces of about 64 KiB given to `write`, streaming from one read transaction: a
    /// consistent snapshot that does not block the server's writes. An error `write` throws (a
    /// full disk) ends the export with that error.
    /// - Complexity: O(n) time; O(1) memory beyond what `write` keeps.
    public func exportCSV(_ write: (String) throws -> Void) throws {
        try Self.mapErrors(path: path) {
            try writer.read { db in
                var chunk = CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
                chunk.reserveCapacity(1 << 16)
                try StoredRecord.forEach(in: db) { milliseconds, record in
                    CSVExport.appendRow(for: record, milliseconds: milliseconds, to: &chunk)
                    if chunk.utf8.count >= 1 << 16 - 256 {
                        try write(chunk)
                        chunk.removeAll(keepingCapacity: true)
                    }
                }
                try write(chunk)
            }
        }
    }

    /// The whole export as one string (convenient for small databases and tests).
    public func exportCSV() throws -> String {
        var text = ""
        try exportCSV { text += $0 }
        return text
    }

    /// Imports a CSV file (format 3, as exported by Peach here or on iOS), all or nothing (see
    /// `importCSV(_:mode:confirmedDeletion:)` with a file).
    public func importCSV(_ data: Data, mode: ImportMode, confirmedDeletion: RecordCounts? = nil) throws
        -> ImportSummary
    {
        try importCSV(CSVFile(parsing: data), mode: mode, confirmedDeletion: confirmedDeletion)
    }

    /// Imports a checked CSV file, all or nothing, in one transaction that merges or replaces.
    ///
    /// A replace deletes only what the user was shown: `confirmedDeletion` must equal the
    /// stored records' counts at the moment of writing (from `recordCounts()`), else it throws
    /// `ReplaceNotConfirmed` with the counts as they are now and changes nothing. An empty
    /// database needs no confirmation. Imported records get new exercise ids (the CSV has none): version-7 UUIDs
    /// from the record's time. Any error (a file on disk that changed since it was checked and
    /// is now invalid included) undoes the whole transaction.
    /// - Complexity: O(n log m) for n rows and m stored records; memory as `file` holds it.
    public func importCSV(_ file: CSVFile, mode: ImportMode, confirmedDeletion: RecordCounts? = nil) throws
        -> ImportSummary
    {
        try Self.mapErrors(path: path) {
            try write { db in
                // Every row was just checked by the core's record rules (the CSV reader makes each
                // record through them), which a test holds to the tables' CHECKs at every edge,
                // and the ids are made here in their one spelling: SQLite's own evaluation of the
                // CHECKs on every row would be three fifths of a large import. For this
                // transaction only; `quick_check` (beside every start, `peach check`) evaluates
                // them over every row again.
                try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
                defer { try? db.execute(sql: "PRAGMA ignore_check_constraints = OFF") }
                var replaced = 0
                let lastExistingID: [StoredRecord.Table: Int64]
                switch mode {
                case .replace:
                    let stored = try Self.recordCounts(db)
                    guard stored.total == 0 || stored == confirmedDeletion else {
                        // A replace imports a counted file (`CSVFile(checkingFileAt:)` or an
                        // upload), so that this can say what it would import.
                        guard let importing = file.recordCount else {
                            preconditionFailure("a replace of an uncounted file")
                        }
                        throw ReplaceNotConfirmed(stored: stored, importing: importing)
                    }
                    for table in StoredRecord.Table.allCases {
                        try db.execute(sql: "DELETE FROM \(table.rawValue)")
                        replaced += db.changesCount
                    }
                    // The devices' answers it removed stay removed (`historyRemovals`).
                    try Self.countRemoval(db)
                    lastExistingID = [:]
                case .merge:
                    // Duplicates are looked for among the records stored before this import only,
                    // so a file that holds the same record twice keeps both, as replace would.
                    var ids: [StoredRecord.Table: Int64] = [:]
                    for table in StoredRecord.Table.allCases {
                        ids[table] = try Int64.fetchOne(db, sql: "SELECT max(id) FROM \(table.rawValue)") ?? 0
                    }
                    lastExistingID = ids
                }
                var added = 0
                var duplicates = 0
                // Seeded once from the system, then fast: ids need to be distinct, not secret.
                var generator = SeededRandomNumberGenerator(seed: UInt64.random(in: .min ... .max))
                try file.forEachRecord { record in
                    let table = StoredRecord.table(of: record)
                    if let lastID = lastExistingID[table], lastID > 0 {
                        if try StoredRecord.exists(record, upToID: lastID, db) {
                            duplicates += 1
                            return
                        }
                    }
                    let exerciseID = ImportedExerciseID.make(
                        milliseconds: record.timestamp.millisecondsSince1970, using: &generator)
                    try StoredRecord.insert(record, exerciseID: exerciseID, into: db)
                    added += 1
                }
                return ImportSummary(
                    mode: mode, added: added, skippedDuplicates: duplicates,
                    replaced: replaced)
            }
        }
    }
}

/// Writing records as CSV rows.
enum CSVExport {
    /// One row of the format-3 header's 19 columns, ended by LF: a record's own columns filled,
    /// the others empty, as the Peach iOS app writes them.
    static func appendRow(for record: TrainingRecord, milliseconds: Int64, to text: inout String) {
        switch record {
        case .comparison(let record):
            appendContext(CSVFormat.comparisonType, milliseconds, record.context, to: &text)
            text +=
                CSVFormat.decimal(record.centOffset.value) + "," + (record.isCorrect ? "true" : "false") + ",,,,,,,,,\n"
        case .pitchMatching(let record):
            appendContext(CSVFormat.pitchMatchingType, milliseconds, record.context, to: &text)
            text +=
                ",," + CSVFormat.decimal(record.initialCentOffset.value) + ","
                + CSVFormat.decimal(record.userCentError.value)
                + ",,,,,,,\n"
        case .rhythmOffsetDetection(let record):
            appendStart(CSVFormat.rhythmOffsetDetectionType, milliseconds, to: &text)
            text += ",,,,,,," + (record.isCorrect ? "true" : "false") + ",,,"
            text += String(record.tempo.value) + "," + CSVFormat.decimal(record.offsetMs) + ",,,,,\n"
        case .continuousRhythmMatching(let record):
            appendStart(CSVFormat.continuousRhythmMatchingType, milliseconds, to: &text)
            text += ",,,,,,,,,," + String(record.tempo.value) + ",," + CSVFormat.decimal(record.meanOffsetMs)
            for mean in record.positionMeanOffsetsMs { text += "," + (mean.map(CSVFormat.decimal) ?? "") }
            text += "\n"
        }
    }

    /// The type and time, each followed by its comma.
    private static func appendStart(_ type: String, _ milliseconds: Int64, to text: inout String) {
        text += type + "," + Timestamp(millisecondsSince1970: milliseconds).isoText + ","
    }

    private static func appendContext(
        _ type: String, _ milliseconds: Int64, _ context: ExerciseContext, to text: inout String
    ) {
        let reference = context.referenceNote
        let target = context.targetNote
        appendStart(type, milliseconds, to: &text)
        text += String(reference.rawValue) + ","
        text += reference.name + "," + String(target.rawValue) + "," + target.name + ","
        text += context.interval.interval.abbreviation + "," + context.tuningSystem.rawValue + ","
    }
}
