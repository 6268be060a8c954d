import PeachCore

/// The calm line every page but the training pages shows about sync with the server
/// (`#sync-status`, filled by sync.js through the core): synced, answers waiting, the server
/// out of reach or in trouble, the device unpaired — and the answers the server refused, which
/// stay on the device and are never dropped silently; the answers a reset of the history
/// removed, likewise; with answers waiting on a browser that may delete its data, a word that
/// they should sync soon; and, when the server has been out of reach for long
/// (`longWithoutServer`), since when.
public struct SyncStatus: Sendable {
    /// Days without a sync after which the line says so even with nothing waiting, on Start too:
    /// a week, after which Safari may delete a site's data that is not visited (docs/sync.md),
    /// and the weeks the profile counts in go by without the server's copy.
    public static let longWithoutServer = 7

    public enum State: String, ASCIINamed, Sendable {
        case synced, waiting, offline, unpaired
        /// The server's disk is full (507).
        case diskFull
        /// The server refused a whole request (a 4xx other than 401 and 403); `message` says why.
        case requestRefused
        /// The server failed (another 5xx).
        case serverFailed
        /// The server's profile summary is of a form this core does not read.
        case profileUnreadable
    }

    public var state: State
    public var waiting: Int
    public var refused: Int
    /// The first refused answer's reason, as the server gave it.
    public var reason: String
    /// What the server said when it refused a whole request (`requestRefused`).
    public var message: String
    /// Whether the browser keeps this device's data (persistent storage).
    public var kept: Bool
    /// Answers discarded as made before the history's last reset, since this device's last answer.
    public var discarded: Int
    /// Whole days since this device last synced; `nil` if it never has.
    public var daysSinceSync: Int?

    public init(
        state: State, waiting: Int, refused: Int, reason: String, message: String = "", kept: Bool = true,
        discarded: Int = 0, daysSinceSync: Int? = nil
    ) {
        self.state = state
        self.waiting = waiting
        self.refused = refused
        self.reason = reason
        self.message = message
        self.kept = kept
        self.discarded = discarded
        self.daysSinceSync = daysSinceSync
    }

    /// Whether the server has been out of reach for `longWithoutServer` days or more.
    var longOutOfReach: Bool {
        guard state == .offline, let days = daysSinceSync else { return false }
        return days >= Self.longWithoutServer
    }

    /// Whether the line asks something of the user: the server refused answers or a request, is
    /// full or failing, cannot be read or no longer knows this device; a reset removed answers;
    /// answers wait while the server is out of reach, or on a browser that may delete them.
    /// Synced, answers that will go up with the next run, or the server out of reach with nothing
    /// waiting ask nothing: Start, the page a new user reads first, says nothing then — unless
    /// the server has been out of reach for long.
    public var needsAttention: Bool {
        switch state {
        case .synced, .waiting: break
        case .offline: if waiting > 0 || longOutOfReach { return true }
        case .unpaired, .diskFull, .requestRefused, .serverFailed, .profileUnreadable: return true
        }
        return refused > 0 || discarded > 0 || (waiting > 0 && !kept)
    }

    /// The line, or nothing when `quiet` and nothing needs the user (`needsAttention`): Start is
    /// quiet, every other page but the training pages says how sync stands.
    public func text(_ texts: Texts, quiet: Bool) -> String {
        quiet && !needsAttention ? "" : text(texts)
    }

    public func text(_ texts: Texts) -> String {
        let words = texts.sync
        var parts: [String] = []
        switch state {
        case .synced: parts.append(waiting > 0 ? words.waiting(waiting) : words.synced)
        case .waiting: parts.append(words.waiting(waiting))
        case .offline:
            parts.append(words.offline)
            if longOutOfReach, let days = daysSinceSync { parts.append(words.lastSynced(days)) }
        case .unpaired: parts.append(words.unpaired)
        case .diskFull: parts.append(words.diskFull)
        case .requestRefused: parts.append(words.requestRefused.replacingEvery("{reason}", with: message))
        case .serverFailed: parts.append(words.serverFailed)
        case .profileUnreadable: parts.append(words.profileUnreadable)
        }
        if waiting > 0 && !kept {
            if state != .synced && state != .waiting { parts.append(words.waiting(waiting)) }
            parts.append(words.notKept(waiting))
        }
        if refused > 0 {
            parts.append(words.refused(refused).replacingEvery("{reason}", with: reason))
        }
        if discarded > 0 { parts.append(words.discarded(discarded)) }
        return parts.joined(separator: " ")
    }
}
