import PeachCore

/// Reads RFC 4180 records from UTF-8 bytes given piece by piece: fields separated by commas,
/// optionally quoted (a quote inside a quoted field is doubled; quoted fields may hold commas
/// and line breaks), records ended by CRLF or LF.
///
/// Input arrives through `append(_:)` (a file read in chunks, a request body as it comes in);
/// `next()` hands out each record once its end has arrived. Only the unfinished record is
/// kept, and no field may grow past `maximumFieldBytes`, so memory stays bounded whatever the
/// input holds: a gigabyte-long quoted field is refused after its first few kilobytes.
///
/// Every field must be valid UTF-8.
/// - Complexity: O(n) in the bytes (a record split across two pieces is scanned again when
///   the rest arrives); one `String` per non-empty field; memory O(one piece + one record).
struct CSVReader {
    /// Input not yet handed out, from `start` on.
    private var buffer: [UInt8] = []
    private var start = 0
    /// No more input will come: what is left is the last record.
    private var isFinished = false
    /// The 1-based line of the file at `start`.
    private(set) var line: Int
    /// More fields than this in one record is an error, found as soon as the one too many
    /// starts: a line of a million commas is refused before a million strings are made.
    var maximumFields = Int.max
    /// A longer field is refused as soon as it has grown past this many bytes.
    var maximumFieldBytes = Int.max
    /// The name of each column, for messages about a field (the header's names).
    var columnNames: [String] = []

    /// Reads from line `line` of the file on.
    init(line: Int = 1) {
        self.line = line
    }

    /// Adds the next piece of input.
    mutating func append(_ bytes: some Collection<UInt8>) {
        // Drop what has been handed out, so the buffer holds at most one record and one piece.
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeSubrange(0..<start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Says that all input has been appended.
    mutating func finish() {
        isFinished = true
    }

    /// The next record and the line it starts on; `nil` when the input given so far holds no
    /// further complete record (at the end of input once `finish()` was called).
    mutating func next() throws(CSVError) -> (line: Int, fields: [String])? {
        guard start < buffer.count else { return nil }
        let (fields, index, endLine) = try buffer.withUnsafeBufferPointer { bytes throws(CSVError) in
            var scanner = Scanner(
                bytes: bytes, index: start, line: line, isFinished: isFinished, maximumFields: maximumFields,
                maximumFieldBytes: maximumFieldBytes, columnNames: columnNames)
            let fields = try scanner.record()
            return (fields, scanner.index, scanner.line)
        }
        guard let fields else { return nil }
        let startLine = line
        start = index
        line = endLine
        return (startLine, fields)
    }

    /// The first line as text, without its line end, once it has arrived (the format line of
    /// a Peach export is not a CSV record). A first line longer than `limit` bytes is cut there.
    mutating func firstLine(limit: Int) -> String? {
        let end = buffer[start...].firstIndex(of: UInt8(ascii: "\n"))
        guard end != nil || isFinished || buffer.count - start > limit else { return nil }
        let lineEnd = min(end ?? buffer.count, start + limit)
        var text = String(decoding: buffer[start..<lineEnd], as: UTF8.self)
        if text.hasSuffix("\r") { text.removeLast() }
        start = min((end ?? buffer.count) + 1, buffer.count)
        line += 1
        return text
    }

    /// Moves past a byte order mark at the start of the input, once three bytes have arrived.
    mutating func skipByteOrderMark() -> Bool {
        guard buffer.count - start >= 3 || isFinished else { return false }
        if buffer[start...].starts(with: [0xEF, 0xBB, 0xBF]) { start += 3 }
        return true
    }

    /// Moves past blank lines (a line end right after a line end). A blank line would read as
    /// a record of one empty field; a file of millions of them then cost an array each.
    mutating func skipBlankLines() {
        while start < buffer.count {
            switch buffer[start] {
            case UInt8(ascii: "\n"):
                start += 1
            case UInt8(ascii: "\r"):
                // A CR at the end of the input so far may be the first half of a CRLF.
                guard start + 1 < buffer.count || isFinished else { return }
                start += 1
                if start < buffer.count && buffer[start] == UInt8(ascii: "\n") { start += 1 }
            default:
                return
            }
            line += 1
        }
    }

    /// One attempt at reading a record from the bytes at hand.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index: Int
        var line: Int
        let isFinished: Bool
        let maximumFields: Int
        let maximumFieldBytes: Int
        let columnNames: [String]

        /// The record's fields, or `nil` if its end has not arrived yet.
        mutating func record() throws(CSVError) -> [String]? {
            let startLine = line
            var fields: [String] = []
            fields.reserveCapacity(20)
            while true {
                guard fields.count < maximumFields else {
                    throw CSVError(line: startLine, reason: .extraFields(expected: maximumFields))
                }
                guard let (field, atEndOfRecord) = try readField(startLine: startLine, column: fields.count) else {
                    return nil
                }
                fields.append(field)
                if atEndOfRecord { return fields }
            }
        }

        /// Reads one field and what ends it: `true` for the end of the record or input; `nil`
        /// if the input at hand ends before the field does.
        private mutating func readField(startLine: Int, column: Int) throws(CSVError) -> (String, Bool)? {
            if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                index += 1
                var value: [UInt8] = []
                while true {
                    guard index < bytes.count else {
                        guard isFinished else { return nil }
                        throw CSVError(line: startLine, reason: .unclosedQuote)
                    }
                    let byte = bytes[index]
                    index += 1
                    if byte == UInt8(ascii: "\"") {
                        guard index < bytes.count || isFinished else { return nil }
                        if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
                            value.append(byte)
                            index += 1
                        } else {
                            break
                        }
                    } else {
                        if byte == UInt8(ascii: "\n") { line += 1 }
                        value.append(byte)
                    }
                    if value.count > maximumFieldBytes { throw tooLong(startLine, column) }
                }
                guard let text = String(validating: value, as: UTF8.self) else { throw notText(startLine) }
                switch endOfField() {
                case .comma: return (text, false)
                case .lineEnd, .endOfInput: return (text, true)
                case .notYetArrived: return nil
                case .other:
                    // `"a";"b"`: what a spreadsheet set to a language with a decimal comma saves.
                    let semicolon = bytes[index] == UInt8(ascii: ";")
                    throw CSVError(line: startLine, reason: semicolon ? .semicolonSeparated : .textAfterQuotedField)
                }
            }
            let fieldStart = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                if byte == UInt8(ascii: "\"") {
                    throw CSVError(line: startLine, reason: .quoteInUnquotedField)
                }
                index += 1
                if index - fieldStart > maximumFieldBytes { throw tooLong(startLine, column) }
            }
            let fieldEnd = index
            let atEndOfRecord: Bool
            switch endOfField() {
            case .comma: atEndOfRecord = false
            case .lineEnd, .endOfInput: atEndOfRecord = true
            case .notYetArrived: return nil
            case .other: preconditionFailure("an unquoted field ends only at a comma, a line end or the input's end")
            }
            let field = UnsafeBufferPointer(rebasing: bytes[fieldStart..<fieldEnd])
            // ASCII (every field Peach writes) is valid UTF-8 as it is; `String(validating:)`
            // looks up generic metadata on every call, a tenth of a large import.
            guard
                let text = field.allSatisfy({ $0 < 0x80 })
                    ? String(decoding: field, as: UTF8.self) : String(validating: field, as: UTF8.self)
            else {
                throw notText(startLine)
            }
            return (text, atEndOfRecord)
        }

        private func notText(_ line: Int) -> CSVError {
            CSVError(line: line, reason: .notText)
        }

        private func tooLong(_ line: Int, _ column: Int) -> CSVError {
            let name = column < columnNames.count ? columnNames[column] : nil
            return CSVError(line: line, column: name, reason: .fieldTooLong(limit: maximumFieldBytes))
        }

        /// What follows a field.
        private enum FieldEnd { case comma, lineEnd, endOfInput, notYetArrived, other }

        /// Consumes what ends a field, if it has arrived.
        private mutating func endOfField() -> FieldEnd {
            guard index < bytes.count else { return isFinished ? .endOfInput : .notYetArrived }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                return .comma
            case UInt8(ascii: "\n"):
                index += 1
                line += 1
                return .lineEnd
            case UInt8(ascii: "\r"):
                // A CR last in the input so far may be the first half of a CRLF.
                guard index + 1 < bytes.count || isFinished else { return .notYetArrived }
                index += 1
                if index < bytes.count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                return .lineEnd
            default:
                return .other
            }
        }
    }
}
