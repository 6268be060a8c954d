/// The most recent answers of a mode by timestamp, up to `capacity`: what "now" and the trend
/// are computed from (docs/measurement.md).
///
/// By timestamp, not by order of arrival: a device that syncs late adds older answers, which
/// must land in their place (or drop out, if older than every kept answer). Answers with the
/// same timestamp are ordered by their value, so the answers kept are the same whatever the
/// order they were added in — the server's summary plus a device's own answers keeps exactly
/// what the server keeps once they are synced. Two values are equal when they keep the same
/// answers.
///
/// Once full, the answers are a ring: a new latest answer takes the oldest one's place, so
/// building the profile from a million records moves no memory. An answer older than the latest
/// (synced late) is put in its place by rewriting the ring in order.
/// - Complexity: O(1) for a latest answer; O(capacity) for an older one.
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
    /// The answers kept, in time order from `oldest` (wrapping around once full).
    private var ring: [Entry] = []
    /// Where the oldest answer is in `ring`.
    private var oldest = 0

    public init(capacity: Int) {
        self.capacity = capacity
    }

    /// How many answers are kept.
    public var count: Int { ring.count }

    /// The latest answer kept.
    var newest: Entry? { ring.isEmpty ? nil : ring[(oldest + ring.count - 1) % ring.count] }

    /// The answers kept, oldest first.
    /// - Complexity: O(capacity).
    public var entries: [Entry] {
        oldest == 0 ? ring : Array(ring[oldest...] + ring[..<oldest])
    }

    public mutating func add(_ value: Value, at timestamp: Timestamp) {
        let entry = Entry(millisecondsSince1970: timestamp.millisecondsSince1970, value: value)
        if newest.map({ !(entry < $0) }) ?? true {
            if ring.count < capacity {
                ring.append(entry)
            } else {
                ring[oldest] = entry
                oldest = (oldest + 1) % capacity
            }
            return
        }
        // Older than the newest kept: find its place in time order (binary search).
        var ordered = entries
        var (low, high) = (0, ordered.count)
        while low < high {
            let middle = (low + high) / 2
            if ordered[middle] < entry { low = middle + 1 } else { high = middle }
        }
        if ordered.count == capacity && low == 0 { return }
        ordered.insert(entry, at: low)
        if ordered.count > capacity { ordered.removeFirst() }
        (ring, oldest) = (ordered, 0)
    }

    /// The last `count` answers (fewer if fewer are kept), oldest first.
    public func last(_ count: Int) -> ArraySlice<Entry> {
        entries.suffix(count)
    }

    /// The `count` answers before the last `skipping`, oldest first.
    public func last(_ count: Int, before skipping: Int) -> ArraySlice<Entry> {
        entries.dropLast(skipping).suffix(count)
    }

    public static func == (lhs: RecentAnswers, rhs: RecentAnswers) -> Bool {
        lhs.capacity == rhs.capacity && lhs.entries == rhs.entries
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(capacity)
        hasher.combine(entries)
    }
}
