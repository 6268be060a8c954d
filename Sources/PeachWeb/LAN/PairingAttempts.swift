import Foundation

/// The wrong pairing codes each client address has tried recently. Guesses used to be
/// unthrottled (about 405,000 a minute); now an address that has tried `limit` wrong codes
/// within `window` is refused until that window has passed.
///
/// Why 10 a minute: a person who mistypes a code needs a few tries, not more; and at 10 a
/// minute one address tests 100 codes in a code's 10-minute lifetime, a chance of about
/// 1 in 7·10^12 against the 2^49.5 codes. Successful pairings do not count, so pairing many
/// devices from one address (the benchmark) is not slowed.
///
/// Memory is bounded: at most `maxAddresses` addresses are remembered; when that many are in a
/// window, a further address is refused too (someone is trying from thousands of addresses).
/// - Complexity: O(1) per attempt, O(addresses) to forget the expired once in a while.
struct PairingAttempts: Sendable {
    static let limit = 10
    static let window: TimeInterval = 60
    static let maxAddresses = 4096

    private var failures: [String: (count: Int, since: Date)] = [:]

    /// Whether `client` may try a code at `now`.
    mutating func mayTry(_ client: String, at now: Date) -> Bool {
        if let entry = failures[client] {
            if now.timeIntervalSince(entry.since) >= Self.window {
                failures[client] = nil
                return true
            }
            return entry.count < Self.limit
        }
        if failures.count >= Self.maxAddresses {
            failures = failures.filter { now.timeIntervalSince($0.value.since) < Self.window }
        }
        return failures.count < Self.maxAddresses
    }

    /// Notes a wrong code from `client` at `now`.
    mutating func fail(_ client: String, at now: Date) {
        if let entry = failures[client], now.timeIntervalSince(entry.since) < Self.window {
            failures[client] = (entry.count + 1, entry.since)
        } else {
            failures[client] = (1, now)
        }
    }
}
