/// Whether a mode's threshold is getting finer, only when the evidence says so: the last 200
/// answers against the 200 before them (`ComparisonStatistics.trend`, docs/measurement.md).
public enum Trend: String, ASCIINamed, Sendable {
    case improving, stable, declining, notEnoughData

    /// The probability a change must have before it is shown.
    public static let evidence = 0.95

    /// Improving when the posterior probability that `now`'s threshold is lower than `before`'s is
    /// at least 95 %; declining when the probability that it is higher is; otherwise stable (no
    /// clear change).
    public init(now: ThresholdPosterior, before: ThresholdPosterior) {
        let finer = now.probabilityFiner(than: before)
        self = finer >= Self.evidence ? .improving : 1 - finer >= Self.evidence ? .declining : .stable
    }
}
