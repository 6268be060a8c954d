import PeachCore
import Testing

private func close(_ a: Double?, _ b: Double, relative: Double) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= relative * abs(b)
}

@Suite("Intervals of pitch matching's bias and spread")
struct NormalSampleIntervalTests {
    // Reference values: Student's t and χ² tables (e.g. Abramowitz & Stegun, tables 26.7 and 26.8).
    @Test(
        "the mean's interval is mean ± t(0.975, n − 1) · s/√n",
        arguments: [
            (2, 12.7062047), (3, 4.30265273), (11, 2.22813885), (31, 2.04227246), (1_001, 1.96233908),
            (5_001, 1.96043855),
        ])
    func mean(count: Int, t: Double) throws {
        // Values ±1 around 10: mean 10, s = √(n / (n − 1)) for an even count, computed directly below.
        let values = (0..<count).map { 10 + ($0.isMultiple(of: 2) ? 1.0 : -1.0) }
        let statistics = RunningStatistics(values)
        let interval = try #require(NormalSampleInterval.mean(statistics))
        let half = t * statistics.standardDeviation! / Double(count).squareRoot()
        #expect(close(interval.upperBound - statistics.mean, half, relative: 1e-6))
        #expect(close(statistics.mean - interval.lowerBound, half, relative: 1e-6))
    }

    @Test(
        "the standard deviation's interval is s · √((n − 1) / χ²) at 97.5 % and 2.5 %",
        arguments: [
            (2, 0.000982069, 5.02388619), (11, 3.24697278, 20.4831774), (101, 74.2219275, 129.561197),
            (2_001, 1877.94603682, 2125.84230245),
        ])
    func standardDeviation(count: Int, lower: Double, upper: Double) throws {
        let statistics = RunningStatistics((0..<count).map { Double($0 % 7) })
        let interval = try #require(NormalSampleInterval.standardDeviation(statistics))
        let s = statistics.standardDeviation!
        let degrees = Double(count - 1)
        #expect(close(interval.lowerBound, s * (degrees / upper).squareRoot(), relative: 1e-5))
        #expect(close(interval.upperBound, s * (degrees / lower).squareRoot(), relative: 1e-5))
    }

    @Test("one value has no interval; the bias leans only when its whole interval is on one side of zero")
    func leaning() throws {
        #expect(NormalSampleInterval.mean(RunningStatistics([3])) == nil)
        #expect(PitchMatchingEstimate(RunningStatistics([3]))?.leaning == .neither)
        #expect(PitchMatchingEstimate(RunningStatistics())?.bias == nil)
        #expect(PitchMatchingEstimate(RunningStatistics([3, 4, 5, 4, 3, 5]))?.leaning == .sharp)
        #expect(PitchMatchingEstimate(RunningStatistics([-3, -4, -5, -4, -3, -5]))?.leaning == .flat)
        #expect(PitchMatchingEstimate(RunningStatistics([-3, 4, -5, 4, 3, -5]))?.leaning == .neither)
    }
}
