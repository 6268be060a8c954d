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
}
