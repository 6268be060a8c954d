/// Reads RFC 4180 records from UTF-8 bytes: fields separated by commas, optionally quoted
/// (a quote inside a quoted field is doubled; quoted fields may hold commas and line breaks),
/// records ended by CRLF or LF.
///
/// Every field must be valid UTF-8.
/// - Complexity: O(n) in the bytes; one `String` per non-empty field.
struct CSVReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index: Int
    /// The 1-based line of the file at `index`.
    private(set) var line = 1
    /// More fields than this in one record is an error, found as soon as the one too many
    /// starts: a line of a million commas is refused before a million strings are made.
    var maximumFields = Int.max

    /// Reads from `offset` of `bytes`, which is on line `line` of the file.
    init(bytes: UnsafeBufferPointer<UInt8>, offset: Int = 0, line: Int = 1) {
        self.bytes = bytes
        index = offset
        self.line = line
    }

    /// The next record and the line it starts on, `nil` at the end of the input.
    mutating func next() throws(CSVError) -> (line: Int, fields: [String])? {
        guard index < bytes.count else { return nil }
        let startLine = line
        var fields: [String] = []
        fields.reserveCapacity(20)
        while true {
            guard fields.count < maximumFields else {
                throw CSVError(line: startLine, reason: .extraFields(expected: maximumFields))
            }
            let (field, atEndOfRecord) = try readField(startLine: startLine)
            fields.append(field)
            if atEndOfRecord { return (startLine, fields) }
        }
    }

    /// Moves past blank lines (a line end right after a line end). A blank line would read as
    /// a record of one empty field; a file of millions of them then cost an array each.
    mutating func skipBlankLines() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                index += 1
            case UInt8(ascii: "\r"):
                index += 1
                if index < bytes.count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
            default:
                return
            }
            line += 1
        }
    }

    /// Reads one field and what ends it: `true` for the end of the record or input.
    private mutating func readField(startLine: Int) throws(CSVError) -> (String, Bool) {
        if index < bytes.count && bytes[index] == UInt8(ascii: "\"") {
            index += 1
            var value: [UInt8] = []
            while true {
                guard index < bytes.count else {
                    throw CSVError(line: startLine, reason: .unclosedQuote)
                }
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\"") {
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
            }
            guard let text = String(validating: value, as: UTF8.self) else { throw notText(startLine) }
            guard let end = try endOfField(startLine: startLine) else {
                throw CSVError(line: startLine, reason: .textAfterQuotedField)
            }
            return (text, end)
        }
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
            if byte == UInt8(ascii: "\"") {
                throw CSVError(line: startLine, reason: .quoteInUnquotedField)
            }
            index += 1
        }
        // A concrete buffer type keeps String's validation on its fast, specialised path.
        guard
            let text = start == index
                ? "" : String(validating: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        else {
            throw notText(startLine)
        }
        return (text, try endOfField(startLine: startLine)!)
    }

    private func notText(_ line: Int) -> CSVError {
        CSVError(line: line, reason: .notText)
    }

    /// Consumes what ends a field: `false` after a comma, `true` after a line end or at the
    /// end of input, `nil` if something else follows.
    private mutating func endOfField(startLine: Int) throws(CSVError) -> Bool? {
        guard index < bytes.count else { return true }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case UInt8(ascii: "\n"):
            index += 1
            line += 1
            return true
        case UInt8(ascii: "\r"):
            index += 1
            if index < bytes.count && bytes[index] == UInt8(ascii: "\n") { index += 1 }
            line += 1
            return true
        default:
            return nil
        }
    }
}
