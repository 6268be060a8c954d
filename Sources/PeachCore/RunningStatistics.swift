/// Count, mean and variance of a stream of numbers, updated one value at a time.
///
/// Welford's online algorithm (B. P. Welford, Technometrics 4(3), 1962) keeps the sum of
/// squared deviations `m2` without cancellation.
/// - Complexity: O(1) time and space per value.
public struct RunningStatistics: Hashable, Sendable {
    public internal(set) var count = 0
    public internal(set) var mean = 0.0
    /// The sum of squared deviations from the mean (Welford's M2).
    var m2 = 0.0

    public init() {}

    /// Statistics with these values, as `ProfileSnapshot` stored them.
    init(count: Int, mean: Double, m2: Double) {
        (self.count, self.mean, self.m2) = (count, mean, m2)
    }

    public init(_ values: some Sequence<Double>) {
        for value in values { add(value) }
    }

    public mutating func add(_ value: Double) {
        count += 1
        let delta = value - mean
        mean += delta / Double(count)
        m2 += delta * (value - mean)
    }

    /// The sample standard deviation (n − 1); `nil` below two values.
    public var standardDeviation: Double? {
        count > 1 ? (m2 / Double(count - 1)).squareRoot() : nil
    }

    /// The mean, or `nil` without data.
    public var meanIfAny: Double? { count > 0 ? mean : nil }
}
