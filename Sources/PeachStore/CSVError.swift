/// Why a CSV file cannot be imported: where (line of the file and column, when known) and why.
///
/// `line` is the 1-based line of the file on which the offending row starts, as a text editor
/// counts it: the format line is line 1, the header line 2, the first record usually line 3.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var column: String?
    public var reason: String

    public init(line: Int?, column: String? = nil, reason: String) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// The row number (its line in the file), the name the brief's API uses.
    public var row: Int? { line }

    public var description: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append("column \(column)") }
        let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
        return "Cannot import the file: \(prefix)\(reason) Nothing was imported."
    }
}
