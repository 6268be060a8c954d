import PeachCore
import PeachFixtures
import Testing

/// The threshold estimate against simulated listeners with known thresholds (1, 3, 6, 12 and
/// 30 cents at 75 %), slopes (1.5, 2, 3) and lapse rates (0, 2 %, 5 %), whose comparisons the
/// Kazez chain places from its 100-cent cold start (`ListenerSimulation`, docs/measurement.md).
///
/// 1,000 seeded runs, every listener in turn. After 50 trials the median error of the estimate
/// must be at most 25 %, after 200 at most 12 %; the 95 % interval must hold the true threshold
/// in 93–97 % of the runs at each size. A binomial 95 % holds 95 % ± 1.4 % of 1,000 runs by
/// chance, so an interval that is too narrow or too wide by a few points fails. The mean |cent
/// offset| that the profile showed before is far off on the same runs (it follows the chain, not
/// the listener), which the test shows too. The `measurement` benchmark runs 5,000 and prints
/// the figures per threshold.
@Suite("Threshold estimate: seeded simulation")
struct ThresholdEstimateSimulationTests {
    /// The 1,000 runs, pooled and by threshold: simulated once for both tests that read them
    /// (a static is made on first use, once), not once each.
    static let figures = ListenerSimulation.figures(runs: 1_000)

    @Test("1,000 runs: median error ≤ 25 % after 50 trials and ≤ 12 % after 200; the 95 % interval covers 93–97 %")
    func simulation() {
        let pooled = Self.figures.pooled
        let (fifty, twoHundred) = (pooled[0], pooled[1])
        #expect(fifty.runs == 1_000 && twoHundred.runs == 1_000)
        #expect(fifty.medianError <= 0.25, "after 50: \(fifty)")
        #expect(twoHundred.medianError <= 0.12, "after 200: \(twoHundred)")
        for figures in pooled {
            #expect((0.93...0.97).contains(figures.coverage), "\(figures)")
            // The estimator it replaced, on the same runs: several times the error.
            #expect(figures.meanOffsetMedianError > 2 * figures.medianError, "\(figures)")
        }
        // More trials, a better estimate.
        #expect(twoHundred.medianError < fifty.medianError)
    }

    /// Each threshold's 200 runs alone. After 50 trials every threshold meets 25 %. After 200
    /// the coarse listeners cannot meet 12 % with the trials the chain places (an estimate told
    /// the listener's slope and lapse rate misses 30 cents by 12.9 %, docs/measurement.md), so
    /// that figure is reported by the benchmark, not required here. The interval's coverage is
    /// held to a binomial band for 200 runs: a calibrated 95 % interval covers 95 % ± 1.5 % of
    /// 200 runs (one standard deviation): it misses 91–99 % by chance in 0.6 % of checks
    /// (binomial), but 93–97 % in one of seven, so that one of the ten checks here would fail in
    /// four seeds of five.
    @Test("each threshold's 200 runs: median error ≤ 25 % after 50 trials; the 95 % interval covers 91–99 %")
    func simulationPerThreshold() {
        let byThreshold = Self.figures.byThreshold
        for threshold in ListenerSimulation.thresholds {
            let figures = byThreshold[threshold] ?? []
            #expect(figures.count == 2 && figures.allSatisfy { $0.runs == 200 }, "\(threshold) cents")
            #expect(figures.first.map { $0.medianError <= 0.25 } ?? false, "\(threshold) cents: \(figures)")
            for size in figures {
                #expect((0.91...0.99).contains(size.coverage), "\(threshold) cents: \(size)")
            }
        }
    }

    @Test("the simulated listener is correct 75 % of the time at its threshold, whatever its slope and lapse rate")
    func listenerDefinition() {
        for run in 0..<45 {
            let listener = ListenerSimulation.listener(run: run)
            #expect(abs(listener.probabilityCorrect(magnitude: listener.threshold) - 0.75) < 1e-12)
            #expect(abs(listener.probabilityCorrect(magnitude: 1e6) - (1 - listener.lapseRate)) < 1e-12)
        }
    }
}
