/// What an import did: how many records it added and why it left others out.
public struct ImportSummary: Equatable, Sendable, CustomStringConvertible {
    public var mode: ImportMode
    /// Records written to the database.
    public var added: Int
    /// Records of the file that the database already held (merge only).
    public var skippedDuplicates: Int
    /// Rows of rhythm training from the Peach iOS app, which this Peach does not train.
    public var skippedRhythmRows: Int
    /// Records deleted before the import (replace only).
    public var replaced: Int

    public init(mode: ImportMode, added: Int, skippedDuplicates: Int, skippedRhythmRows: Int, replaced: Int) {
        self.mode = mode
        self.added = added
        self.skippedDuplicates = skippedDuplicates
        self.skippedRhythmRows = skippedRhythmRows
        self.replaced = replaced
    }

    /// One line for people: "Imported 120 records; skipped 80 already present and 3 rhythm rows."
    public var description: String {
        var text = "Imported \(Self.count(added, "record"))"
        if mode == .replace { text += ", replacing \(Self.count(replaced, "stored record"))" }
        var skipped: [String] = []
        if skippedDuplicates > 0 { skipped.append("\(skippedDuplicates) already present") }
        if skippedRhythmRows > 0 {
            skipped.append("\(Self.count(skippedRhythmRows, "rhythm row")) (rhythm training is not part of this Peach)")
        }
        if !skipped.isEmpty { text += "; skipped " + skipped.joined(separator: " and ") }
        return text + "."
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
