import Foundation

/// A phone, tablet or computer paired with Peach in LAN mode (docs/cli.md, "LAN mode"): it holds a
/// session cookie whose SHA-256 the database keeps.
public struct PairedDevice: Hashable, Sendable {
    public let id: Int64
    /// A readable name, taken from the browser's User-Agent when it paired.
    public let name: String
    public let createdAt: Date
    public let lastSeenAt: Date

    public init(id: Int64, name: String, createdAt: Date, lastSeenAt: Date) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt
    }

    /// A name as it may be stored and shown: without control and format characters (direction
    /// overrides such as U+202E make `peach devices` print text that reads other than it is;
    /// line breaks and escapes reach the terminal), runs of white space as one space, at most
    /// 200 characters, "?" if nothing is left. The name comes from a User-Agent header, which
    /// any client sets as it likes.
    public static func sanitizedName(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate, .unassigned:
                continue
            case .spaceSeparator:
                if let last = scalars.last, last != " " { scalars.append(" ") }
            default:
                scalars.append(scalar)
            }
        }
        // 200 code points, as the table's CHECK counts them (not characters, which may hold several).
        let trimmed = String(scalars).trimmingCharacters(in: .whitespaces).unicodeScalars.prefix(200)
        return trimmed.isEmpty ? "?" : String(String.UnicodeScalarView(trimmed))
    }
}
