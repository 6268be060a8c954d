/// What pitch matching says about a listener: accuracy (|cent error|) and bias (signed error).
public struct MatchingStatistics: Hashable, Sendable {
    /// Running statistics of |user cent error|: mean absolute error and its standard deviation.
    public internal(set) var absoluteError = RunningStatistics()
    /// Running statistics of the signed error: its mean is the bias (positive = sharp).
    public internal(set) var signedError = RunningStatistics()
    public internal(set) var history = ThresholdHistory()

    public init() {}

    public mutating func add(_ record: PitchMatchingRecord) {
        absoluteError.add(abs(record.userCentError))
        signedError.add(record.userCentError)
        history.add(abs(record.userCentError), at: record.timestamp)
    }

    public var count: Int { absoluteError.count }
    public var meanAbsoluteError: Double? { absoluteError.meanIfAny }
    public var standardDeviation: Double? { absoluteError.standardDeviation }
    /// Mean signed error: positive tends sharp, negative flat.
    public var bias: Double? { signedError.meanIfAny }
}
