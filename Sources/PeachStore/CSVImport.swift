import Foundation
import PeachCore

/// Reading a CSV file (DESIGN.md §4, format 3) into records, checking every row.
enum CSVImport {
    struct Row: Sendable {
        var line: Int
        var record: TrainingRecord
    }

    struct Result: Sendable {
        var records: [Row] = []
        var rhythmRows = 0
    }

    /// Every record of the file, or the first problem found.
    static func parse(_ data: Data) throws(CSVError) -> Result {
        let outcome = data.withUnsafeBytes { raw in
            Swift.Result { () throws(CSVError) -> Result in try parse(raw.bindMemory(to: UInt8.self)) }
        }
        return try outcome.get()
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(CSVError) -> Result {
        guard !bytes.isEmpty else {
            throw CSVError(line: nil, reason: .emptyFile)
        }
        // NUL never occurs in text; invalid UTF-8 is caught field by field, with its line.
        guard !bytes.contains(0) else {
            throw CSVError(line: nil, reason: .notText)
        }
        // The format line.
        var offset = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        let lineEnd = bytes[offset...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        var first = String(decoding: bytes[offset..<lineEnd], as: UTF8.self)
        if first.hasSuffix("\r") { first.removeLast() }
        first = first.trimmingCharacters(in: .whitespaces)
        guard first == CSVFormat.formatLine else {
            let found = first.count > 60 ? String(first.prefix(60)) + "…" : first
            if first.hasPrefix("# peach-export-format:") {
                throw CSVError(
                    line: 1,
                    reason: .otherFormat(version: shown(String(first.dropFirst("# peach-export-format:".count)))))
            }
            throw CSVError(line: 1, reason: .notPeachExport(firstLine: found))
        }
        offset = min(lineEnd + 1, bytes.count)
        var reader = CSVReader(bytes: bytes, offset: offset, line: 2)
        // A header has the 19 columns of the format, perhaps a few more from a later version.
        reader.maximumFields = 1000

        // The header: columns are found by name, so their order does not matter.
        guard let (headerLine, names) = try reader.next() else {
            throw CSVError(line: 2, reason: .missingHeader)
        }
        var columnIndex: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            let name = name.trimmingCharacters(in: .whitespaces)
            // Which of two columns of one name would count is a guess; better say so.
            guard columnIndex.updateValue(index, forKey: name) == nil || name.isEmpty else {
                throw CSVError(line: headerLine, column: name, reason: .repeatedColumn(Self.shown(name)))
            }
        }
        for column in CSVFormat.columns where columnIndex[column] == nil {
            throw CSVError(line: headerLine, column: column, reason: .missingColumn(column))
        }
        let columns = Columns(index: columnIndex)
        reader.maximumFields = names.count

        var result = Result()
        while true {
            reader.skipBlankLines()
            guard let (line, fields) = try reader.next() else { break }
            guard fields.count == names.count else {
                throw CSVError(line: line, reason: .fieldCount(found: fields.count, expected: names.count))
            }
            let row = RowReader(line: line, fields: fields, columns: columns)
            switch try row.kind() {
            case .rhythm:
                result.rhythmRows += 1
            case .comparison, .pitchMatching:
                result.records.append(try row.record())
            }
        }
        return result
    }

    /// Text from the file as a message repeats it: at most 40 characters, so that a huge bad
    /// value never makes a huge message.
    static func shown(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
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
        let centOffset, isCorrect, initialCentOffset, userCentError, tempoBPM, offsetMs: Int

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
            tempoBPM = index["tempoBPM"]!
            offsetMs = index["offsetMs"]!
        }
    }

    /// One data row, read column by column; every failure names the line and column.
    struct RowReader {
        let line: Int
        let fields: [String]
        let columns: Columns

        enum Kind { case comparison, pitchMatching, rhythm }

        func kind() throws(CSVError) -> Kind {
            let type = CSVImport.trimmed(fields[columns.trainingType])
            switch type {
            case CSVFormat.comparisonType: return .comparison
            case CSVFormat.pitchMatchingType: return .pitchMatching
            default:
                // The iOS app's rhythm modes (e.g. rhythmOffsetDetection, rhythmMatching) fill
                // tempoBPM and offsetMs; they are not trained here.
                if type.lowercased().contains("rhythm")
                    || !fields[columns.tempoBPM].isEmpty || !fields[columns.offsetMs].isEmpty
                {
                    return .rhythm
                }
                throw error("trainingType", .unknownTrainingType(found: CSVImport.shown(type)))
            }
        }

        func record() throws(CSVError) -> Row {
            let milliseconds = try timestamp()
            let reference = try note("referenceNote", columns.referenceNote)
            let target = try note("targetNote", columns.targetNote)
            let intervalText = text(columns.interval)
            guard let interval = try? Interval(abbreviation: intervalText) else {
                throw error("interval", .unknownInterval(found: CSVImport.shown(intervalText)))
            }
            let distance = target.rawValue - reference.rawValue
            guard abs(distance) == interval.semitones else {
                throw error("targetNote", .intervalMismatch(reference: reference, target: target, interval: interval))
            }
            let directed = DirectedInterval(interval, distance < 0 ? .down : .up)
            let tuningText = text(columns.tuningSystem)
            guard let tuningSystem = TuningSystem(rawValue: tuningText) else {
                throw error("tuningSystem", .unknownTuningSystem(found: CSVImport.shown(tuningText)))
            }
            let timestamp = Milliseconds.date(milliseconds)
            let record: TrainingRecord
            if try kind() == .comparison {
                let centOffset = try number("centOffset", columns.centOffset)
                guard centOffset != 0, abs(centOffset) <= 100 else {
                    throw error("centOffset", .centOffsetOutOfRange(found: shown(columns.centOffset)))
                }
                let isCorrect: Bool
                switch text(columns.isCorrect).lowercased() {
                case "true": isCorrect = true
                case "false": isCorrect = false
                default:
                    throw error("isCorrect", .notABoolean(found: shown(columns.isCorrect)))
                }
                record = .comparison(
                    ComparisonRecord(
                        timestamp: timestamp, referenceNote: reference, targetNote: target, interval: directed,
                        tuningSystem: tuningSystem, centOffset: centOffset, isCorrect: isCorrect))
            } else {
                let initial = try number("initialCentOffset", columns.initialCentOffset)
                guard abs(initial) <= 100 else {
                    throw error(
                        "initialCentOffset", .initialCentOffsetOutOfRange(found: shown(columns.initialCentOffset)))
                }
                let userCentError = try number("userCentError", columns.userCentError)
                // The table's CHECK (finite, |x| ≤ 1e308); checked here so that the row is named.
                guard abs(userCentError) <= 1e308 else {
                    throw error("userCentError", .centErrorOutOfRange(found: shown(columns.userCentError)))
                }
                record = .pitchMatching(
                    PitchMatchingRecord(
                        timestamp: timestamp, referenceNote: reference, targetNote: target, interval: directed,
                        tuningSystem: tuningSystem, initialCentOffset: initial, userCentError: userCentError))
            }
            return Row(line: line, record: record)
        }

        private func text(_ column: Int) -> String {
            CSVImport.trimmed(fields[column])
        }

        /// A column's text as a message repeats it.
        private func shown(_ column: Int) -> String {
            CSVImport.shown(text(column))
        }

        private func error(_ column: String, _ reason: CSVError.Reason) -> CSVError {
            CSVError(line: line, column: column, reason: reason)
        }

        private func timestamp() throws(CSVError) -> Int64 {
            let value = text(columns.timestamp)
            guard let milliseconds = CSVFormat.parseTimestamp(value),
                (Milliseconds.year0000...Milliseconds.year9999End).contains(milliseconds)
            else {
                throw error("timestamp", .notATime(found: CSVImport.shown(value)))
            }
            return milliseconds
        }

        private func note(_ column: String, _ index: Int) throws(CSVError) -> MIDINote {
            let value = text(index)
            guard let number = Int(value) else {
                throw error(column, .notANoteNumber(found: CSVImport.shown(value)))
            }
            guard let note = MIDINote(rawValue: number) else {
                throw error(column, .noteOutOfRange(number))
            }
            return note
        }

        private func number(_ column: String, _ index: Int) throws(CSVError) -> Double {
            let value = text(index)
            guard let number = CSVFormat.parseDecimal(value) else {
                throw error(column, .notANumber(found: CSVImport.shown(value)))
            }
            return number
        }
    }
}
