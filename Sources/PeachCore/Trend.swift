/// Whether thresholds are getting finer: the later half of the history against the earlier.
public enum Trend: String, Hashable, Sendable {
    case improving, stable, declining, notEnoughData

    /// Fewer records than this show no trend.
    public static let minimumCount = 20
    /// A change of the mean beyond ±5 % counts as a trend.
    public static let threshold = 0.05

    /// Compares the mean of the later half with the mean of the earlier half (the earlier
    /// half has ⌊n/2⌋ values): below −5 % is improving, above +5 % declining, otherwise stable.
    public init(earlierMean: Double, laterMean: Double, count: Int) {
        guard count >= Self.minimumCount, earlierMean > 0 else {
            self = count >= Self.minimumCount ? .stable : .notEnoughData
            return
        }
        let change = (laterMean - earlierMean) / earlierMean
        self = change < -Self.threshold ? .improving : change > Self.threshold ? .declining : .stable
    }
}
