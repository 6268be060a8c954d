import PeachCore

/// The calm line every page but the training pages shows about sync with the server
/// (`#sync-status`, filled by sync.js through the core): synced, answers waiting, the server
/// out of reach, the device unpaired — and the answers the server refused, which stay on the
/// device and are never dropped silently.
public struct SyncStatus: Sendable {
    public enum State: String, Sendable {
        case synced, waiting, offline, unpaired
    }

    public var state: State
    public var waiting: Int
    public var refused: Int
    /// The first refused answer's reason, as the server gave it.
    public var reason: String

    public init(state: State, waiting: Int, refused: Int, reason: String) {
        self.state = state
        self.waiting = waiting
        self.refused = refused
        self.reason = reason
    }

    public func text(_ texts: Texts) -> String {
        var parts: [String] = []
        switch state {
        case .synced: parts.append(waiting > 0 ? texts.syncWaiting(waiting) : texts.syncSynced)
        case .waiting: parts.append(texts.syncWaiting(waiting))
        case .offline: parts.append(texts.syncOffline)
        case .unpaired: parts.append(texts.syncUnpaired)
        }
        if refused > 0 {
            parts.append(texts.syncRefused(refused).replacingEvery("{reason}", with: reason))
        }
        return parts.joined(separator: " ")
    }
}
