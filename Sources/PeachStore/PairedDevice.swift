import Foundation

/// A phone, tablet or computer paired with Peach in LAN mode (issue 6): it holds a session
/// cookie whose SHA-256 the database keeps.
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

    /// The key of this pairing's pending exercises. The id alone is not enough: SQLite gives a
    /// new device the id of a revoked one that had the highest, and the new device must not
    /// inherit the old one's exercises. The pairing time (to the millisecond) tells them apart.
    public var client: String {
        "device-\(id)-\(Milliseconds.of(createdAt))"
    }
}
