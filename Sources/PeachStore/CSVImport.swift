import Foundation
import PeachCore

/// Reading a CSV file (DESIGN.md §4, format 3) into records, checking every row.
enum CSVImport {
    struct Row {
        var line: Int
        var record: TrainingRecord
    }

    struct Result {
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
            throw CSVError(
                line: nil, reason: "The file is empty; a Peach export starts with the line \(CSVFormat.formatLine).")
        }
        // NUL never occurs in text; invalid UTF-8 is caught field by field, with its line.
        guard !bytes.contains(0) else {
            throw CSVError(
                line: nil,
                reason:
                    "The file is not a text file (it holds bytes that are not text); choose a CSV file exported by Peach."
            )
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
                    reason:
                        "The file is in Peach export format \(first.dropFirst("# peach-export-format:".count)); this Peach reads format 3 (first line \(CSVFormat.formatLine))."
                )
            }
            throw CSVError(
                line: 1,
                reason:
                    "The first line must be \(CSVFormat.formatLine), but it is \"\(found)\"; this is not a Peach export."
            )
        }
        offset = min(lineEnd + 1, bytes.count)
        var reader = CSVReader(bytes: bytes, offset: offset, line: 2)

        // The header: columns are found by name, so their order does not matter.
        guard let (headerLine, names) = try reader.next() else {
            throw CSVError(line: 2, reason: "The header line is missing; it should be \(CSVFormat.header).")
        }
        var columnIndex: [String: Int] = [:]
        for (index, name) in names.enumerated() where columnIndex[name] == nil {
            columnIndex[name.trimmingCharacters(in: .whitespaces)] = index
        }
        for column in CSVFormat.columns where columnIndex[column] == nil {
            throw CSVError(
                line: headerLine, column: column,
                reason: "The header has no column \(column); a format-3 header is \(CSVFormat.header).")
        }
        let columns = Columns(index: columnIndex)

        var result = Result()
        while let (line, fields) = try reader.next() {
            if fields.count == 1 && fields[0].isEmpty { continue }  // A blank line.
            guard fields.count == names.count else {
                throw CSVError(
                    line: line,
                    reason:
                        "The row has \(fields.count) fields but the header has \(names.count); the row is truncated or has extra commas."
                )
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
                throw error(
                    "trainingType",
                    type.isEmpty
                        ? "The training type is empty; expected \(CSVFormat.comparisonType) or \(CSVFormat.pitchMatchingType)."
                        : "\"\(type)\" is not a training type; expected \(CSVFormat.comparisonType) or \(CSVFormat.pitchMatchingType)."
                )
            }
        }

        func record() throws(CSVError) -> Row {
            let milliseconds = try timestamp()
            let reference = try note("referenceNote", columns.referenceNote)
            let target = try note("targetNote", columns.targetNote)
            let intervalText = text(columns.interval)
            let interval: Interval
            do {
                interval = try Interval(abbreviation: intervalText)
            } catch {
                throw self.error(
                    "interval",
                    intervalText.isEmpty
                        ? "The interval is empty; expected one of \(Interval.allCases.map(\.abbreviation).joined(separator: " "))."
                        : error.description)
            }
            let distance = target.rawValue - reference.rawValue
            guard abs(distance) == interval.semitones else {
                throw error(
                    "targetNote",
                    "The target note \(target.rawValue) (\(target.name)) is \(abs(distance)) semitones from the reference note \(reference.rawValue) (\(reference.name)), but the interval \(interval.abbreviation) spans \(interval.semitones)."
                )
            }
            let directed = DirectedInterval(interval, distance < 0 ? .down : .up)
            let tuningText = text(columns.tuningSystem)
            guard let tuningSystem = TuningSystem(rawValue: tuningText) else {
                throw error(
                    "tuningSystem",
                    "\"\(tuningText)\" is not a tuning system; expected one of \(TuningSystem.allCases.map(\.rawValue).joined(separator: ", "))."
                )
            }
            let timestamp = Milliseconds.date(milliseconds)
            let record: TrainingRecord
            if try kind() == .comparison {
                let centOffset = try number("centOffset", columns.centOffset)
                guard centOffset != 0, abs(centOffset) <= 100 else {
                    throw error(
                        "centOffset",
                        "The cent offset \(text(columns.centOffset)) is outside ±100 cents or zero; a comparison's target is 0.1 to 100 cents off."
                    )
                }
                let isCorrect: Bool
                switch text(columns.isCorrect).lowercased() {
                case "true": isCorrect = true
                case "false": isCorrect = false
                default:
                    throw error(
                        "isCorrect", "\"\(text(columns.isCorrect))\" is not a correctness; expected true or false.")
                }
                record = .comparison(
                    ComparisonRecord(
                        timestamp: timestamp, referenceNote: reference, targetNote: target, interval: directed,
                        tuningSystem: tuningSystem, centOffset: centOffset, isCorrect: isCorrect))
            } else {
                let initial = try number("initialCentOffset", columns.initialCentOffset)
                guard abs(initial) <= 100 else {
                    throw error(
                        "initialCentOffset",
                        "The initial cent offset \(text(columns.initialCentOffset)) is outside ±100 cents.")
                }
                let userCentError = try number("userCentError", columns.userCentError)
                // The table's CHECK (finite, |x| ≤ 1e308); checked here so that the row is named.
                guard abs(userCentError) <= 1e308 else {
                    throw error("userCentError", "The cent error \(text(columns.userCentError)) is out of range.")
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

        private func error(_ column: String, _ reason: String) -> CSVError {
            CSVError(line: line, column: column, reason: reason)
        }

        private func timestamp() throws(CSVError) -> Int64 {
            let value = text(columns.timestamp)
            guard let milliseconds = CSVFormat.parseTimestamp(value),
                (Milliseconds.year0000...Milliseconds.year9999End).contains(milliseconds)
            else {
                throw error(
                    "timestamp",
                    "\"\(value)\" is not a time; expected ISO 8601 in UTC such as 2026-03-01T12:34:56Z (fractional seconds allowed)."
                )
            }
            return milliseconds
        }

        private func note(_ column: String, _ index: Int) throws(CSVError) -> MIDINote {
            let value = text(index)
            guard let number = Int(value) else {
                throw error(
                    column,
                    value.isEmpty
                        ? "The note is empty; expected a MIDI note number 0–127."
                        : "\"\(value)\" is not a MIDI note number; expected a whole number 0–127.")
            }
            guard let note = MIDINote(rawValue: number) else {
                throw error(column, "\(number) is not a MIDI note; a MIDI note is 0–127.")
            }
            return note
        }

        private func number(_ column: String, _ index: Int) throws(CSVError) -> Double {
            let value = text(index)
            guard let number = CSVFormat.parseDecimal(value) else {
                throw error(
                    column,
                    value.isEmpty
                        ? "The value is empty; expected a number such as 12.5."
                        : "\"\(value)\" is not a number; expected a decimal number such as 12.5.")
            }
            return number
        }
    }
}
