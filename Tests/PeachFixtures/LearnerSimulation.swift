import PeachCore

/// Simulated learners over weeks: a listener whose threshold is known week by week (it may fall
/// as the learner improves), answering the comparisons that the Kazez chain places through the
/// real path, as `ListenerSimulation` does for one fixed threshold (docs/measurement.md, "The
/// simulation"). What the profile's "now", its keyboard band, the weekly estimates and the
/// trend are tested against.
public enum LearnerSimulation {
    /// One week of training: the listener's threshold at 75 % correct that week, and how many
    /// comparisons it answers.
    public struct Week: Sendable {
        public var threshold: Double
        public var answers: Int

        public init(threshold: Double, answers: Int) {
            self.threshold = threshold
            self.answers = answers
        }
    }

    /// The review's learner: 13 weeks from 13 cents down to 5, in equal steps of log threshold,
    /// 100 answers a week.
    public static let improving: [Week] = (0..<13).map { week in
        Week(threshold: 13 * Math.exp(Double(week) / 12 * Math.log(5.0 / 13)), answers: 100)
    }

    /// A learner who does not improve: 8 cents every week of 13, 100 answers a week.
    public static let steady: [Week] = (0..<13).map { _ in Week(threshold: 8, answers: 100) }

    /// Monday 5 January 2026, 00:00 UTC: the first week's start.
    public static let firstMonday: Int64 = 1_767_571_200_000
    static let weekMilliseconds: Int64 = 7 * 86_400_000

    /// The comparisons of a learner over `weeks`, oldest first: in each week its answers spread
    /// over the first five days, the chain continuing from the last exercise (a cold start at 100
    /// cents at the very first), reference notes from the standard range C2–C6. Run `run` cycles
    /// through `ListenerSimulation`'s slopes and lapse rates, so a set of runs holds listeners
    /// unlike Peach's fixed lapse rate too.
    /// - Complexity: O(answers).
    public static func records(_ weeks: [Week], run: Int, seed: UInt64) -> [TrainingRecord] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let settings = TrainingSettings()
        let slope = ListenerSimulation.slopes[run % ListenerSimulation.slopes.count]
        let lapseRate =
            ListenerSimulation.lapseRates[run / ListenerSimulation.slopes.count % ListenerSimulation.lapseRates.count]
        var previous: ExerciseGenerator.ChainState?
        var records: [TrainingRecord] = []
        records.reserveCapacity(weeks.reduce(0) { $0 + $1.answers })
        for (index, week) in weeks.enumerated() {
            let listener = ListenerSimulation.Listener(threshold: week.threshold, slope: slope, lapseRate: lapseRate)
            let start = firstMonday + Int64(index) * weekMilliseconds
            let spacing = 5 * 86_400_000 / Int64(max(week.answers, 1))
            for answer in 0..<week.answers {
                let exercise = ExerciseGenerator.comparison(
                    mode: .comparison, settings: settings, previous: previous, profileThreshold: nil,
                    using: &generator)
                // The generator places offsets within the record rules: recording cannot fail.
                let record = try! exercise.record(
                    answeredHigher: listener.answersHigher(exercise, using: &generator),
                    at: Timestamp(millisecondsSince1970: start + Int64(answer) * spacing))
                previous = ExerciseGenerator.ChainState(record)
                records.append(.comparison(record))
            }
        }
        return records
    }
}

extension LearnerSimulation {
    /// What a set of learners gives: how often the trend said what, and how often each week's
    /// 95 % interval held that week's true threshold.
    public struct Figures: Sendable, CustomStringConvertible {
        public var learners: Int
        public var trends: [Trend: Int]
        /// Per week, the share of learners whose interval of that week held the true threshold.
        public var coverageByWeek: [Double]
        /// Every week of every learner together.
        public var coverage: Double

        public func share(_ trend: Trend) -> Double { Double(trends[trend] ?? 0) / Double(learners) }

        public var description: String {
            "\(learners) learners: improving \(share(.improving)), no clear change \(share(.stable)), "
                + "declining \(share(.declining)); coverage \(coverage), by week \(coverageByWeek)"
        }
    }

    /// Runs `learners` seeded learners through `weeks` (seeds 1, 2, …; `ListenerSimulation`'s
    /// slopes and lapse rates in turn).
    /// - Complexity: O(learners · answers), and one posterior per week of each learner.
    public static func figures(_ weeks: [Week], learners: Int, firstSeed: UInt64 = 1) -> Figures {
        var trends: [Trend: Int] = [:]
        var covered = [Int](repeating: 0, count: weeks.count)
        for learner in 0..<learners {
            let profile = PerceptualProfile(
                records: records(weeks, run: learner, seed: firstSeed + UInt64(learner)))
            let statistics = profile.comparisonStatistics(.comparison)
            trends[statistics.trend, default: 0] += 1
            for (index, entry) in statistics.weeklyEstimates.enumerated() {
                let truth = Cents(weeks[index].threshold)
                if entry.estimate.lower <= truth && truth <= entry.estimate.upper { covered[index] += 1 }
            }
        }
        let byWeek = covered.map { Double($0) / Double(learners) }
        return Figures(
            learners: learners, trends: trends, coverageByWeek: byWeek,
            coverage: Double(covered.reduce(0, +)) / Double(learners * weeks.count))
    }
}
