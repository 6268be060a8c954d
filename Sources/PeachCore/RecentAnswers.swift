/// The most recent answers of a mode by timestamp, up to `capacity`: what "now" and the trend
/// are computed from (docs/measurement.md).
///
/// By timestamp, not by order of arrival: a device that syncs late adds older answers, which
/// must land in their place (or drop out, if older than every kept answer). Answers with the
/// same timestamp are ordered by their value, so the answers kept are the same whatever the
/// order they were added in — the server's summary plus a device's own answers keeps exactly
/// what the server keeps once they are synced.
/// - Complexity: O(log capacity) to find the place, O(capacity) to insert (a move of at most
///   a few kilobytes); `capacity` entries.
public struct RecentAnswers<Value: Comparable & Hashable & Sendable>: Hashable, Sendable {
    /// One answer: when it was given and what it says.
    public struct Entry: Hashable, Sendable {
        public var millisecondsSince1970: Int64
        public var value: Value

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.millisecondsSince1970, lhs.value) < (rhs.millisecondsSince1970, rhs.value)
        }
    }

    /// How many answers are kept.
    public let capacity: Int
    /// The answers kept, oldest first.
    public private(set) var entries: [Entry] = []

    public init(capacity: Int) {
        self.capacity = capacity
    }

    public mutating func add(_ value: Value, at timestamp: Timestamp) {
        let entry = Entry(millisecondsSince1970: timestamp.millisecondsSince1970, value: value)
        if let last = entries.last, !(entry < last) {
            entries.append(entry)
        } else {
            // Older than the newest kept: find its place (binary search).
            var (low, high) = (0, entries.count)
            while low < high {
                let middle = (low + high) / 2
                if entries[middle] < entry { low = middle + 1 } else { high = middle }
            }
            if entries.count == capacity && low == 0 { return }
            entries.insert(entry, at: low)
        }
        if entries.count > capacity { entries.removeFirst() }
    }

    /// The last `count` answers (fewer if fewer are kept), oldest first.
    public func last(_ count: Int) -> ArraySlice<Entry> {
        entries.suffix(count)
    }

    /// The `count` answers before the last `skipping`, oldest first.
    public func last(_ count: Int, before skipping: Int) -> ArraySlice<Entry> {
        entries.dropLast(skipping).suffix(count)
    }
}
