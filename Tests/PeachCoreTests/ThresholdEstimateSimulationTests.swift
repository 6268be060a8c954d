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
    @Test("1,000 runs: median error ≤ 25 % after 50 trials and ≤ 12 % after 200; the 95 % interval covers 93–97 %")
    func simulation() {
        let (pooled, _) = ListenerSimulation.figures(runs: 1_000)
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

    @Test("the simulated listener is correct 75 % of the time at its threshold, whatever its slope and lapse rate")
    func listenerDefinition() {
        for run in 0..<45 {
            let listener = ListenerSimulation.listener(run: run)
            #expect(abs(listener.probabilityCorrect(magnitude: listener.threshold) - 0.75) < 1e-12)
            #expect(abs(listener.probabilityCorrect(magnitude: 1e6) - (1 - listener.lapseRate)) < 1e-12)
        }
    }
}
