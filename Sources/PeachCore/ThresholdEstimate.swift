/// A threshold as Peach reports it: the |cent offset| heard three times in four (75 % correct,
/// `ThresholdGrid.level`), the median of its posterior, with the central 95 % credible interval
/// and the number of answers behind it.
public struct ThresholdEstimate: Hashable, Sendable {
    /// In cents.
    public var threshold: Double
    /// The interval's ends in cents: the posterior puts 2.5 % below `lower`, 2.5 % above `upper`.
    public var lower: Double
    public var upper: Double
    public var answers: Int

    public init(threshold: Double, lower: Double, upper: Double, answers: Int) {
        self.threshold = threshold
        self.lower = lower
        self.upper = upper
        self.answers = answers
    }
}
