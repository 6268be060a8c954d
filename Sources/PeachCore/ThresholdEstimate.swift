/// A threshold as Peach reports it: the |cent offset| heard three times in four (75 % correct,
/// `ThresholdGrid.level`), the median of its posterior, with the central 95 % credible interval
/// and the number of answers behind it.
public struct ThresholdEstimate: Hashable, Sendable {
    public var threshold: Cents
    /// The interval's ends: the posterior puts 2.5 % below `lower`, 2.5 % above `upper`.
    public var lower: Cents
    public var upper: Cents
    public var answers: Int

    public init(threshold: Cents, lower: Cents, upper: Cents, answers: Int) {
        self.threshold = threshold
        self.lower = lower
        self.upper = upper
        self.answers = answers
    }
}
