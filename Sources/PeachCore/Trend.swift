/// Whether thresholds are getting finer: the mean of the most recent 20 training days against
/// the mean of the 20 days before them (see `CurrentLevel`).
public enum Trend: String, Hashable, Sendable {
    case improving, stable, declining, notEnoughData

    /// Fewer values than this on either side show no trend: a mean of a handful of answers
    /// moves by more than 5 % by chance alone.
    public static let minimumCountPerSide = 10
    /// A change of the mean beyond ±5 % counts as a trend.
    public static let threshold = 0.05

    /// Compares the later mean with the earlier one: below −5 % is improving, above +5 %
    /// declining, otherwise stable; `notEnoughData` unless both sides have 10 values.
    public init(earlierMean: Double, earlierCount: Int, laterMean: Double, laterCount: Int) {
        guard min(earlierCount, laterCount) >= Self.minimumCountPerSide else {
            self = .notEnoughData
            return
        }
        guard earlierMean > 0 else {
            self = .stable
            return
        }
        let change = (laterMean - earlierMean) / earlierMean
        self = change < -Self.threshold ? .improving : change > Self.threshold ? .declining : .stable
    }
}
