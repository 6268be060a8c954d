import Foundation
import PeachCore
import PeachFixtures

/// The trend over weeks against 1,000 seeded learners of each kind (docs/measurement.md,
/// "Improving"; the fast tier's `WeeklyTrendSimulationTests` runs 100): one who improves from 13
/// to 5 cents over 13 weeks, one who stays at 8 cents, 100 answers a week each.
enum TrendBenchmarks {
    static let learners = 1_000

    static func run() {
        for (name, weeks) in [
            ("improving 13→5 cents", LearnerSimulation.improving), ("steady 8 cents", LearnerSimulation.steady),
        ] {
            let begin = ContinuousClock.now
            let figures = LearnerSimulation.figures(weeks, learners: learners, firstSeed: 1_001)
            let time = ContinuousClock.now - begin
            print("\(name): \(figures) (\(Benchmark.format(Benchmark.seconds(time))))")
        }
    }
}
