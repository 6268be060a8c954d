/// Where the user stands now: the mean of the 20 calendar days (UTC) ending with the last
/// training day, and its trend against the 20 days ending with the last training day before
/// them.
///
/// The window is the timeline's rolling window, so the current level is the last point of the
/// timeline's 20-day line, and the trend compares two points of that line. It ends on the last
/// training day, not today: a pause does not empty it, and the page names its dates. No clock
/// is read — the same records always give the same level.
public struct CurrentLevel: Hashable, Sendable {
    /// The first and last day of the window, as days since 1970-01-01 (UTC).
    public var firstDay: Int
    public var lastDay: Int
    public var mean: Double
    public var count: Int
    public var trend: Trend

    /// The level over the union of several histories (for example one per reference note of a
    /// note range); `nil` when none has a value.
    /// - Complexity: O(h · (log d + w)) for h histories of d days and a window of w days.
    public init?(_ histories: some Collection<ThresholdHistory>) {
        guard let last = histories.compactMap({ $0.lastDay }).max() else { return nil }
        let window = TimelineDay.rollingWindowDays
        firstDay = last - window + 1
        lastDay = last
        (mean, count) = Self.total(histories, last - window + 1, last)
        let before = histories.compactMap { $0.lastDay(before: last - window + 1) }.max()
        let (earlierMean, earlierCount) = before.map { Self.total(histories, $0 - window + 1, $0) } ?? (0, 0)
        trend = Trend(earlierMean: earlierMean, earlierCount: earlierCount, laterMean: mean, laterCount: count)
    }

    /// Mean and count of the values of `first...last` in all histories.
    private static func total(_ histories: some Collection<ThresholdHistory>, _ first: Int, _ last: Int) -> (
        Double, Int
    ) {
        var (sum, count) = (0.0, 0)
        for history in histories {
            let part = history.total(from: first, through: last)
            sum += part.sum
            count += part.count
        }
        return (count > 0 ? sum / Double(count) : 0, count)
    }
}
