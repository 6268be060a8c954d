/// Fill the Gap as Peach reports it: the bias (the mean of the trials' mean offsets, in percent
/// of a sixteenth; negative = early, "you tap 4 % early") and the spread (their standard
/// deviation), each with its 95 % interval (`NormalSampleInterval`, as pitch matching's), and
/// the number of trials.
public struct ContinuousRhythmMatchingEstimate: Hashable, Sendable {
    public var bias: SixteenthPercent
    /// `nil` with a single trial.
    public var biasInterval: ClosedRange<SixteenthPercent>?
    /// `nil` with a single trial.
    public var spread: SixteenthPercent?
    public var spreadInterval: ClosedRange<SixteenthPercent>?
    public var trials: Int

    /// The estimate of these mean offsets (percent of a sixteenth); `nil` without any.
    public init?(_ offsets: RunningStatistics) {
        guard let mean = offsets.meanIfAny else { return nil }
        bias = SixteenthPercent(mean)
        biasInterval = NormalSampleInterval.mean(offsets).map(SixteenthPercent.range)
        spread = offsets.standardDeviation.map { SixteenthPercent($0) }
        spreadInterval = NormalSampleInterval.standardDeviation(offsets).map(SixteenthPercent.range)
        trials = offsets.count
    }

    /// Which way the taps lean, only when the evidence says so: early when the whole interval
    /// of the bias is below zero, late when above, otherwise neither (also with a single trial).
    public var leaning: TimingDirection? {
        guard let interval = biasInterval else { return nil }
        return interval.upperBound < .zero ? .early : interval.lowerBound > .zero ? .late : nil
    }
}
