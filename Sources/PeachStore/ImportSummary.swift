/// What an import did: how many records it added and why it left others out.
public struct ImportSummary: Equatable, Sendable, CustomStringConvertible {
    public var mode: ImportMode
    /// Records written to the database.
    public var added: Int
    /// Records of the file that the database already held (merge only).
    public var skippedDuplicates: Int
    /// Records deleted before the import (replace only).
    public var replaced: Int

    public init(mode: ImportMode, added: Int, skippedDuplicates: Int, replaced: Int) {
        self.mode = mode
        self.added = added
        self.skippedDuplicates = skippedDuplicates
        self.replaced = replaced
    }

    /// One line for people: "Imported 120 records; skipped 80 already present."
    public var description: String {
        var text = "Imported \(Self.count(added, "record"))"
        if mode == .replace { text += ", replacing \(Self.count(replaced, "stored record"))" }
        if skippedDuplicates > 0 { text += "; skipped \(skippedDuplicates) already present" }
        return text + "."
    }

    private static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
