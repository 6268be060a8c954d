/// Pitch matching as Peach reports it: the bias (mean signed error, positive = sharp: "you tune
/// 4 cents flat") and the spread (standard deviation of the errors), each with its 95 % interval
/// (`NormalSampleInterval`), and the number of attempts.
public struct PitchMatchingEstimate: Hashable, Sendable {
    public var bias: Cents
    /// `nil` with a single attempt.
    public var biasInterval: ClosedRange<Cents>?
    /// `nil` with a single attempt.
    public var spread: Cents?
    public var spreadInterval: ClosedRange<Cents>?
    public var attempts: Int

    /// The estimate of these errors; `nil` without any.
    public init?(_ errors: RunningStatistics) {
        guard let mean = errors.meanIfAny else { return nil }
        bias = Cents(mean)
        biasInterval = NormalSampleInterval.mean(errors).map(Cents.range)
        spread = errors.standardDeviation.map { Cents($0) }
        spreadInterval = NormalSampleInterval.standardDeviation(errors).map(Cents.range)
        attempts = errors.count
    }

    /// Which way the errors lean, only when the evidence says so: sharp when the whole interval is
    /// above zero, flat when it is below, otherwise neither (also with a single attempt).
    public var leaning: Leaning {
        guard let interval = biasInterval else { return .neither }
        return interval.lowerBound > .zero ? .sharp : interval.upperBound < .zero ? .flat : .neither
    }

    public enum Leaning: String, ASCIINamed, Sendable {
        case sharp, flat, neither
    }
}
