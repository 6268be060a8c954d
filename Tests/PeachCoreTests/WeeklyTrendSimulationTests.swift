import PeachCore
import PeachFixtures
import Testing

/// The trend over weeks against simulated learners whose weekly thresholds are known
/// (`LearnerSimulation`, docs/measurement.md, "Improving"): one who improves from 13 to 5 cents
/// over 13 weeks, 100 answers a week, and one who stays at 8 cents, each cycling through
/// slopes 1.5, 2 and 3 and lapse rates 0, 2 and 5 %. The fast tier runs 100 of each (about 20 s
/// in a debug build on this project's 2-core machine); `swift run -c release PeachBenchmarks
/// trend` runs 1,000 of each and prints the same figures (docs/measurement.md).
@Suite("Trend over weeks: seeded simulation")
struct WeeklyTrendSimulationTests {
    static let learners = 100
    static let improving = LearnerSimulation.figures(LearnerSimulation.improving, learners: learners)
    static let steady = LearnerSimulation.figures(LearnerSimulation.steady, learners: learners)

    @Test("the review's learner, 13 to 5 cents over 13 weeks: the trend says improving")
    func reviewLearner() {
        let profile = PerceptualProfile(
            records: LearnerSimulation.records(LearnerSimulation.improving, run: 0, seed: 1))
        let statistics = profile.comparisonStatistics(.comparison)
        #expect(statistics.trend == .improving, "\(String(describing: statistics.trendFit))")
        #expect(statistics.weeklyEstimates.count == 13)
        print("improving: \(Self.improving)\nsteady: \(Self.steady)")
    }

    @Test("learners who improve read improving; every weekly 95 % interval covers its true threshold about 95 %")
    func improvingLearners() {
        let figures = Self.improving
        // With 100 answers a week the chain leaves each week's threshold known to about a factor
        // of 1.5 either way (more above): 1,000 learners read improving in 91.6 %, no clear change
        // in the rest.
        #expect(figures.share(.improving) >= 0.8, "\(figures)")
        #expect(figures.share(.declining) == 0, "\(figures)")
        // 13 weeks × 100 learners: a calibrated interval covers 95 % ± 0.6 % (one standard
        // deviation); each week's 100, 95 % ± 2.2 %, so 88–100 % (three deviations below).
        #expect((0.93...0.97).contains(figures.coverage), "\(figures)")
        for (week, coverage) in figures.coverageByWeek.enumerated() {
            #expect(coverage >= 0.88, "week \(week): \(figures)")
        }
    }

    @Test("learners who do not improve read improving no more often than the rule's 2.5 %")
    func steadyLearners() {
        let figures = Self.steady
        // The rule's one tail is 2.5 %; 100 learners add a binomial 1.6 % (one standard deviation).
        #expect(figures.share(.improving) <= 0.025 + 2 * 0.016, "\(figures)")
        #expect(figures.share(.declining) <= 0.025 + 2 * 0.016, "\(figures)")
        #expect((0.93...0.97).contains(figures.coverage), "\(figures)")
    }
}
