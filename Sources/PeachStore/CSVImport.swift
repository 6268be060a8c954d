import Foundation
import PeachCore

/// Reading a CSV file (the Peach iOS app's export format 3, docs/cli.md) into records, checking
/// every row. Files of the formats the Peach apps wrote before (the iOS app's 1 and 2, the web
/// app's 1) are read as the iOS app migrates them (`CSVFormat`).
enum CSVImport {
    /// The longest field accepted, in bytes. The longest value of format 3 is a timestamp with
    /// fractional seconds (about 30 bytes); a longer field means a damaged file, and refusing it
    /// early keeps a gigabyte-long field from ever being held.
    static let maximumFieldBytes = 1024

    /// Reads a CSV file given piece by piece, checking each row as soon as it is complete:
    /// the first invalid row throws a `CSVError` naming its line, column and reason.
    /// - Complexity: O(n) in the bytes; memory O(one piece + one row) beyond the records returned.
    struct Parser {
        private var reader = CSVReader()
        private var stage = Stage.byteOrderMark
        private var isEmpty = true
        /// The file's format, from its first line.
        private var version = CSVFormat.version
        /// Records read so far.
        private(set) var recordCount = 0

        private enum Stage {
            case byteOrderMark, formatLine, header
            case rows(Columns, fieldCount: Int)
        }

        /// Reads the next piece of the file; returns the records completed with it.
        mutating func read(_ piece: some Collection<UInt8>) throws(CSVError) -> [TrainingRecord] {
            // Copied into an array first (a memcpy for `Data`): looking through `Data` a byte at a
            // time with its iterator took a tenth of a large import.
            let bytes = [UInt8](piece)
            // NUL never occurs in text; invalid UTF-8 is caught field by field, with its line.
            guard !bytes.contains(0) else {
                throw CSVError(line: nil, reason: .notText)
            }
            if !bytes.isEmpty { isEmpty = false }
            reader.append(bytes)
            return try advance()
        }

        /// Reads the rest after the last piece; returns the records completed with it.
        mutating func finish() throws(CSVError) -> [TrainingRecord] {
            guard !isEmpty else {
                throw CSVError(line: nil, reason: .emptyFile)
            }
            reader.finish()
            let rows = try advance()
            if case .rows = stage { return rows }
            // The file ended before its header.
            throw CSVError(line: 2, reason: .missingHeader)
        }

        /// Reads every complete line at hand.
        private mutating func advance() throws(CSVError) -> [TrainingRecord] {
            var rows: [TrainingRecord] = []
            while true {
                switch stage {
                case .byteOrderMark:
                    guard reader.skipByteOrderMark() else { return rows }
                    stage = .formatLine
                case .formatLine:
                    guard let line = reader.firstLine(limit: 1000) else { return rows }
                    version = try Self.formatVersion(line)
                    stage = .header
                case .header:
                    // A header has the 19 columns of the format, perhaps a few more from a later version.
                    reader.maximumFields = 1000
                    reader.maximumFieldBytes = CSVImport.maximumFieldBytes
                    guard let (headerLine, names) = try reader.next() else { return rows }
                    let columns = try Self.columns(names, line: headerLine, version: version)
                    reader.maximumFields = names.count
                    reader.columnNames = names
                    stage = .rows(columns, fieldCount: names.count)
                case .rows(let columns, let fieldCount):
                    reader.skipBlankLines()
                    guard let (line, fields) = try reader.next() else { return rows }
                    guard fields.count == fieldCount else {
                        if fields.count < fieldCount && fields.contains(where: { $0.contains(";") }) {
                            throw CSVError(line: line, reason: .semicolonSeparated)
                        }
                        throw CSVError(line: line, reason: .fieldCount(found: fields.count, expected: fieldCount))
                    }
                    let row = RowReader(line: line, fields: fields, columns: columns, version: version)
                    rows.append(try row.record())
                    recordCount += 1
                }
            }
        }

        /// The format the first line names. A spreadsheet that saves the file again pads the line
        /// with the separators of the columns below it (`# peach-export-format:3,,,,`), which
        /// are left out.
        private static func formatVersion(_ line: String) throws(CSVError) -> Int {
            let first = line.trimmingCharacters(in: CharacterSet(charactersIn: " \t,;"))
            let found = first.count > 60 ? String(first.prefix(60)) + "…" : first
            guard first.hasPrefix(CSVFormat.formatPrefix) else {
                throw CSVError(line: 1, reason: .notPeachExport(firstLine: found))
            }
            let versionText = first.dropFirst(CSVFormat.formatPrefix.count).trimmingCharacters(in: .whitespaces)
            guard let version = Int(versionText), version >= CSVFormat.readableVersions.lowerBound else {
                throw CSVError(line: 1, reason: .notPeachExport(firstLine: found))
            }
            guard CSVFormat.readableVersions.contains(version) else {
                throw CSVError(line: 1, reason: .otherFormat(version: versionText.shownInMessage))
            }
            return version
        }

        /// Where each column is: they are found by name, so their order does not matter.
        private static func columns(_ names: [String], line: Int, version: Int) throws(CSVError) -> Columns {
            // `trainingType;timestamp;…` read as one field: a spreadsheet's semicolons.
            if names.count < CSVFormat.columns(version: version).count && names.contains(where: { $0.contains(";") }) {
                throw CSVError(line: line, reason: .semicolonSeparated)
            }
            var columnIndex: [String: Int] = [:]
            for (index, name) in names.enumerated() {
                let name = name.trimmingCharacters(in: .whitespaces)
                // Which of two columns of one name would count is a guess; better say so.
                guard columnIndex.updateValue(index, forKey: name) == nil || name.isEmpty else {
                    throw CSVError(line: line, column: name, reason: .repeatedColumn(name.shownInMessage))
                }
            }
            for column in CSVFormat.columns(version: version) where columnIndex[column] == nil {
                throw CSVError(line: line, column: column, reason: .missingColumn(column, format: version))
            }
            return Columns(index: columnIndex)
        }
    }

    /// The text without leading and trailing spaces and tabs; O(1) when there are none (the
    /// usual case: this runs for every field of a million-row file).
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        func isBlank(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        guard let first = utf8.first, let last = utf8.last, isBlank(first) || isBlank(last) else { return text }
        return String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// Where each column of the format is in this file.
    struct Columns {
        let trainingType, timestamp, referenceNote, targetNote, interval, tuningSystem: Int
        let centOffset, isCorrect, initialCentOffset, userCentError: Int
        /// The rhythm columns: none in format 1; format 2 has the tempo, `offsetMs` and
        /// `userOffsetMs` (its `rhythmMatching` rows' offset, format 3's `meanOffsetMs`).
        let tempoBPM, offsetMs, meanOffsetMs: Int?
        /// `meanOffsetMsPosition0`–`3`, format 3 only.
        let positionMeanOffsets: [Int]?

        init(index: [String: Int]) {
            trainingType = index["trainingType"]!
            timestamp = index["timestamp"]!
            referenceNote = index["referenceNote"]!
            targetNote = index["targetNote"]!
            interval = index["interval"]!
            tuningSystem = index["tuningSystem"]!
            centOffset = index["centOffset"]!
            isCorrect = index["isCorrect"]!
            initialCentOffset = index["initialCentOffset"]!
            userCentError = index["userCentError"]!
            tempoBPM = index["tempoBPM"]
            offsetMs = index["offsetMs"]
            meanOffsetMs = index["meanOffsetMs"] ?? index["userOffsetMs"]
            let positions = (0..<4).compactMap { index["meanOffsetMsPosition\($0)"] }
            positionMeanOffsets = positions.count == 4 ? positions : nil
        }
    }

    /// One data row, read column by column; every failure names the line and column.
    struct RowReader {
        let line: Int
        let fields: [String]
        let columns: Columns
        /// The file's format: an earlier one's names are read as format 3's.
        var version = CSVFormat.version

        func record() throws(CSVError) -> TrainingRecord {
            let type = CSVFormat.trainingType(CSVImport.trimmed(fields[columns.trainingType]), version: version)
            switch type {
            case CSVFormat.comparisonType, CSVFormat.pitchMatchingType: return try pitchRecord(type)
            case CSVFormat.rhythmOffsetDetectionType, CSVFormat.continuousRhythmMatchingType:
                return try rhythmRecord(type)
            default: throw error("trainingType", .unknownTrainingType(found: type.shownInMessage))
            }
        }

        /// A row of Compare Timing or Fill the Gap; a format without the type's columns (format
        /// 1 has none, format 2 no `meanOffsetMsPosition…`) reads them as empty.
        private func rhythmRecord(_ type: String) throws(CSVError) -> TrainingRecord {
            let timestamp = Timestamp(millisecondsSince1970: try timestamp())
            let tempoText = columns.tempoBPM.map(text) ?? ""
            guard let tempoBPM = Int(tempoText), let tempo = TempoBPM(tempoBPM) else {
                throw error("tempoBPM", .tempoOutOfRange(found: tempoText.shownInMessage))
            }
            // The rules are the core's validating initialisers; the only ones a row can break
            // after the tempo are its offsets'.
            if type == CSVFormat.rhythmOffsetDetectionType {
                let offsetMs = try number("offsetMs", columns.offsetMs)
                let isCorrect = try boolean()
                guard
                    let record = try? RhythmOffsetDetectionRecord(
                        timestamp: timestamp, tempoBPM: tempoBPM, offsetMs: offsetMs, isCorrect: isCorrect)
                else {
                    throw error("offsetMs", .offsetOutOfRange(found: columns.offsetMs.map(shown) ?? "", tempo: tempo))
                }
                return .rhythmOffsetDetection(record)
            }
            let meanName = version < 3 ? "userOffsetMs" : "meanOffsetMs"
            let mean = try number(meanName, columns.meanOffsetMs)
            var positions: [Double?] = []
            for (position, column) in (columns.positionMeanOffsets ?? []).enumerated() {
                positions.append(text(column).isEmpty ? nil : try number("meanOffsetMsPosition\(position)", column))
            }
            if positions.isEmpty { positions = [nil, nil, nil, nil] }
            do {
                return .continuousRhythmMatching(
                    try ContinuousRhythmMatchingRecord(
                        timestamp: timestamp, tempoBPM: tempoBPM, meanOffsetMs: mean, positionMeanOffsetsMs: positions,
                        hitCount: nil))
            } catch {
                guard case .meanOffsetMsOutOfRange(_, _, let position) = error else {
                    preconditionFailure("a row's trial broke another rule: \(error)")
                }
                let (name, column) =
                    position.map { ("meanOffsetMsPosition\($0)", columns.positionMeanOffsets?[$0]) }
                    ?? (meanName, columns.meanOffsetMs)
                throw self.error(name, .meanOffsetOutOfRange(found: column.map(shown) ?? "", tempo: tempo))
            }
        }

        /// The `isCorrect` column: `true` or `false`, in any case.
        private func boolean() throws(CSVError) -> Bool {
            switch text(columns.isCorrect).lowercased() {
            case "true": return true
            case "false": return false
            default: throw error("isCorrect", .notABoolean(found: shown(columns.isCorrect)))
            }
        }

        /// A row of pitch comparison or pitch matching.
        private func pitchRecord(_ type: String) throws(CSVError) -> TrainingRecord {
            let milliseconds = try timestamp()
            let reference = try note("referenceNote", columns.referenceNote)
            let target = try note("targetNote", columns.targetNote)
            let intervalText = text(columns.interval)
            guard let interval = try? Interval(abbreviation: CSVFormat.interval(intervalText)) else {
                throw error("interval", .unknownInterval(found: intervalText.shownInMessage))
            }
            let distance = target.rawValue - reference.rawValue
            guard abs(distance) == interval.semitones else {
                throw error("targetNote", .intervalMismatch(reference: reference, target: target, interval: interval))
            }
            let tuningText = text(columns.tuningSystem)
            guard let tuningSystem = TuningSystem(rawValue: tuningText) else {
                throw error("tuningSystem", .unknownTuningSystem(found: tuningText.shownInMessage))
            }
            let timestamp = Timestamp(millisecondsSince1970: milliseconds)
            // The values are checked by the rules of every record (the core's validating
            // initialisers); a broken rule is reported with the row's line and column.
            func checked<Record>(_ make: () throws(InvalidRecord) -> Record) throws(CSVError) -> Record {
                do {
                    return try make()
                } catch {
                    switch error {
                    case .timestampOutOfRange:
                        throw self.error("timestamp", .notATime(found: shown(columns.timestamp)))
                    case .notesTooFarApart:
                        throw self.error(
                            "targetNote", .intervalMismatch(reference: reference, target: target, interval: interval))
                    case .centOffsetOutOfRange:
                        throw self.error("centOffset", .centOffsetOutOfRange(found: shown(columns.centOffset)))
                    case .initialCentOffsetOutOfRange:
                        throw self.error(
                            "initialCentOffset", .initialCentOffsetOutOfRange(found: shown(columns.initialCentOffset)))
                    case .userCentErrorOutOfRange:
                        throw self.error("userCentError", .centErrorOutOfRange(found: shown(columns.userCentError)))
                    case .tempoOutOfRange, .offsetMsOutOfRange, .meanOffsetMsOutOfRange, .positionCount,
                        .hitCountOutOfRange:
                        preconditionFailure("a rule of rhythm records for a pitch record: \(error)")
                    }
                }
            }
            if type == CSVFormat.comparisonType {
                let centOffset = try number("centOffset", columns.centOffset)
                let isCorrect = try boolean()
                return .comparison(
                    try checked { () throws(InvalidRecord) in
                        try ComparisonRecord(
                            timestamp: timestamp, referenceNote: reference, targetNote: target,
                            tuningSystem: tuningSystem, centOffset: Cents(centOffset), isCorrect: isCorrect)
                    })
            }
            let initial = try number("initialCentOffset", columns.initialCentOffset)
            let userCentError = try number("userCentError", columns.userCentError)
            return .pitchMatching(
                try checked { () throws(InvalidRecord) in
                    try PitchMatchingRecord(
                        timestamp: timestamp, referenceNote: reference, targetNote: target,
                        tuningSystem: tuningSystem, initialCentOffset: Cents(initial),
                        userCentError: Cents(userCentError))
                })
        }

        private func text(_ column: Int) -> String {
            CSVImport.trimmed(fields[column])
        }

        /// A column's text as a message repeats it.
        private func shown(_ column: Int) -> String {
            text(column).shownInMessage
        }

        private func error(_ column: String, _ reason: CSVError.Reason) -> CSVError {
            CSVError(line: line, column: column, reason: reason)
        }

        private func timestamp() throws(CSVError) -> Int64 {
            let value = text(columns.timestamp)
            guard let milliseconds = CSVFormat.parseTimestamp(value) else {
                throw error("timestamp", .notATime(found: value.shownInMessage))
            }
            return milliseconds
        }

        private func note(_ column: String, _ index: Int) throws(CSVError) -> MIDINote {
            let value = text(index)
            guard let number = Int(value) else {
                throw error(column, .notANoteNumber(found: value.shownInMessage))
            }
            guard let note = MIDINote(rawValue: number) else {
                throw error(column, .noteOutOfRange(number))
            }
            return note
        }

        /// A decimal number of the column at `index` (nil: a column the file's format lacks, read
        /// as empty).
        private func number(_ column: String, _ index: Int?) throws(CSVError) -> Double {
            let value = index.map(text) ?? ""
            guard let number = CSVFormat.parseDecimal(value) else {
                // `12,5`: a spreadsheet set to a language with a decimal comma wrote it.
                if value.filter({ $0 == "," }).count == 1, !value.contains("."),
                    CSVFormat.parseDecimal(value.replacingOccurrences(of: ",", with: ".")) != nil
                {
                    throw error(column, .decimalComma(found: value.shownInMessage))
                }
                throw error(column, .notANumber(found: value.shownInMessage))
            }
            return number
        }
    }
}
