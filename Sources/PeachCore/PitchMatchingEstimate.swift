/// Pitch matching as Peach reports it: the bias (mean signed error, positive = sharp: "you tune
/// 4 cents flat") and the spread (standard deviation of the errors), each with its 95 % interval
/// (`NormalSampleInterval`), and the number of attempts.
public struct PitchMatchingEstimate: Hashable, Sendable {
    /// In cents.
    public var bias: Double
    /// `nil` with a single attempt.
    public var biasInterval: ClosedRange<Double>?
    /// `nil` with a single attempt.
    public var spread: Double?
    public var spreadInterval: ClosedRange<Double>?
    public var attempts: Int

    /// The estimate of these errors; `nil` without any.
    public init?(_ errors: RunningStatistics) {
        guard let mean = errors.meanIfAny else { return nil }
        bias = mean
        biasInterval = NormalSampleInterval.mean(errors)
        spread = errors.standardDeviation
        spreadInterval = NormalSampleInterval.standardDeviation(errors)
        attempts = errors.count
    }

    /// Which way the errors lean, only when the evidence says so: sharp when the whole interval is
    /// above zero, flat when it is below, otherwise neither (also with a single attempt).
    public var leaning: Leaning {
        guard let interval = biasInterval else { return .neither }
        return interval.lowerBound > 0 ? .sharp : interval.upperBound < 0 ? .flat : .neither
    }

    public enum Leaning: String, ASCIINamed, Sendable {
        case sharp, flat, neither
    }
}
