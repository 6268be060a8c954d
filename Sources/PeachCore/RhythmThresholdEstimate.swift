/// A timing threshold as Peach reports it: the offset, in percent of a sixteenth note, whose
/// direction a listener names three times in four (75 % correct), the most probable value with
/// its central 95 % interval, and the answers behind it (docs/rhythm.md). The model and the grid
/// are pitch's (`ThresholdGrid`): a two-answer task, early or late, with the same guessing and
/// lapse rates and Weibull family.
public struct RhythmThresholdEstimate: Hashable, Sendable {
    public var threshold: SixteenthPercent
    /// The interval's ends: the posterior puts 2.5 % below `lower`, 2.5 % above `upper`.
    public var lower: SixteenthPercent
    public var upper: SixteenthPercent
    public var answers: Int
    /// The tempo band of the answers: where the estimate is written in milliseconds.
    public var band: TempoBand

    public init(
        threshold: SixteenthPercent, lower: SixteenthPercent, upper: SixteenthPercent, answers: Int, band: TempoBand
    ) {
        self.threshold = threshold
        self.lower = lower
        self.upper = upper
        self.answers = answers
        self.band = band
    }

    /// The estimate of the answers of `bins` (offsets in percent of a sixteenth); `nil` without one.
    /// - Complexity: one posterior.
    init?(_ bins: OffsetBins, band: TempoBand) {
        guard bins.answers > 0 else { return nil }
        let posterior = ThresholdPosterior(bins)
        self.init(
            threshold: SixteenthPercent(ThresholdGrid.value(at: posterior.modeIndex)),
            lower: SixteenthPercent(ThresholdGrid.value(at: posterior.quantileIndex(0.025))),
            upper: SixteenthPercent(ThresholdGrid.value(at: posterior.quantileIndex(0.975))),
            answers: bins.answers, band: band)
    }

    /// The threshold in milliseconds at the middle of its band (`TempoBand.middle`).
    public var thresholdMs: Double { threshold.milliseconds(at: band.middle) }
}
