import PeachCore

/// Simulated listeners with known thresholds, answering comparisons that the Kazez chain places
/// from its 100-cent cold start: how well the threshold estimate finds what it should
/// (docs/measurement.md). Test support, in a target of its own: the seeded simulation test
/// (PeachCoreTests) and the `measurement` benchmark run the same runs.
public enum ListenerSimulation {
    /// A listener in a two-alternative forced choice: the probability of a correct answer at
    /// |cent offset| Δ is `½ + (½ − λ) · F(Δ)`, with a Weibull `F(Δ) = 1 − exp(−(Δ/α)^β)` —
    /// Peach's own model family, with the listener's slope β and lapse rate λ, and α chosen so
    /// that the listener is correct `level` of the time at `threshold`.
    public struct Listener: Sendable {
        public let threshold: Double
        public let slope: Double
        public let lapseRate: Double
        let scale: Double

        public init(threshold: Double, level: Double = 0.75, slope: Double, lapseRate: Double) {
            self.threshold = threshold
            self.slope = slope
            self.lapseRate = lapseRate
            let weibullAtThreshold = (level - 0.5) / (0.5 - lapseRate)
            scale = threshold / Math.exp(Math.log(-Math.log(1 - weibullAtThreshold)) / slope)
        }

        public func probabilityCorrect(magnitude: Double) -> Double {
            let weibull = 1 - Math.exp(-Math.exp(slope * Math.log(magnitude / scale)))
            return 0.5 + (0.5 - lapseRate) * weibull
        }

        /// Answers `exercise` as this listener would: right with `probabilityCorrect`.
        public func answersHigher(
            _ exercise: ComparisonExercise, using generator: inout some RandomNumberGenerator
        ) -> Bool {
            let correct =
                Double.random(in: 0..<1, using: &generator)
                < probabilityCorrect(magnitude: exercise.centOffset.magnitude.value)
            return correct == (exercise.centOffset > .zero)
        }
    }

    /// The thresholds (at 75 % correct), slopes and lapse rates of the simulated listeners.
    public static let thresholds: [Double] = [1, 3, 6, 12, 30]
    public static let slopes: [Double] = [1.5, 2, 3]
    public static let lapseRates: [Double] = [0, 0.02, 0.05]
    /// After how many trials the estimate is taken.
    public static let sizes = [50, 200]

    /// The listener of run `run`: the thresholds in turn, then the slopes, then the lapse rates,
    /// so that every 45 runs hold every combination once.
    public static func listener(run: Int) -> Listener {
        Listener(
            threshold: thresholds[run % thresholds.count], slope: slopes[run / thresholds.count % slopes.count],
            lapseRate: lapseRates[run / (thresholds.count * slopes.count) % lapseRates.count])
    }

    /// What one run gives after each of `sizes` trials.
    public struct Outcome: Sendable {
        /// The estimate from every trial so far.
        public var estimate: ThresholdEstimate
        /// Today's estimator before the psychometric one: the mean |cent offset| of the trials so far.
        public var meanOffset: Double
        /// The answers so far, counted by offset: all any estimate can use.
        public var bins: OffsetBins
    }

    /// Plays comparisons through the real path — the generator picks the exercise from the chain
    /// (cold start at 100 cents), the listener answers, the exercise makes the record, the record
    /// continues the chain and goes into the mode's statistics — and takes the estimate after each
    /// of `sizes` trials.
    public static func run(_ listener: Listener, seed: UInt64, sizes: [Int] = sizes) -> [Outcome] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        let settings = TrainingSettings()
        var statistics = ComparisonStatistics()
        var offsets = 0.0
        var outcomes: [Outcome] = []
        for trial in 1...(sizes.max() ?? 0) {
            let exercise = ExerciseGenerator.comparison(
                mode: .comparison, settings: settings, previous: statistics.latest, profileThreshold: nil,
                using: &generator)
            // The exercise generator places offsets within the record rules: recording cannot fail.
            let record = try! exercise.record(
                answeredHigher: listener.answersHigher(exercise, using: &generator),
                at: Timestamp(millisecondsSince1970: 1_767_225_600_000 + Int64(trial) * 5_000))
            statistics.add(record)
            offsets += record.centOffset.magnitude.value
            if sizes.contains(trial), let estimate = statistics.allTime {
                outcomes.append(Outcome(estimate: estimate, meanOffset: offsets / Double(trial), bins: statistics.all))
            }
        }
        return outcomes
    }

    /// How well a set of runs found the thresholds after one number of trials.
    public struct Figures: Sendable {
        public var runs: Int
        /// The median of |estimate / true threshold − 1|.
        public var medianError: Double
        /// The share of runs whose 95 % interval holds the true threshold.
        public var coverage: Double
        /// The median relative error of the mean |cent offset|, on the same runs.
        public var meanOffsetMedianError: Double
        /// The median relative error of `informedThreshold` on the same runs (`nil` unless asked
        /// for): what the trials allow at best.
        public var informedMedianError: Double?
    }

    /// The threshold that makes the answers of `bins` most likely, for an estimate that is told
    /// the listener's slope and lapse rate (which Peach's estimate must infer): a bound on what
    /// the trials the chain placed can tell about the threshold, whatever the estimator. The
    /// likelihood of every threshold from 0.05 to 1,000 cents, 1 % apart, from the listener's own
    /// `probabilityCorrect` at each bin's centre.
    /// - Complexity: O(1,000 · occupied bins) probabilities.
    public static func informedThreshold(_ bins: OffsetBins, slope: Double, lapseRate: Double) -> Double {
        var best = (threshold: 0.0, logLikelihood: -Double.infinity)
        let occupied = bins.occupied
        var threshold = 0.05
        while threshold < 1_000 {
            let candidate = Listener(threshold: threshold, slope: slope, lapseRate: lapseRate)
            var logLikelihood = 0.0
            for (bin, answers, correct) in occupied {
                let p = candidate.probabilityCorrect(magnitude: 0.1 * Math.exp(Double(bin) / 20 * Math.log(10)))
                // Only terms with answers: 0 · log 0 would be NaN where p is 1.
                if correct > 0 { logLikelihood += Double(correct) * Math.log(p) }
                if answers > correct { logLikelihood += Double(answers - correct) * Math.log(1 - p) }
            }
            if logLikelihood > best.logLikelihood { best = (threshold, logLikelihood) }
            threshold *= 1.01
        }
        return best.threshold
    }

    /// The figures of `runs` runs (listeners by `listener(run:)`, seeds `seed + run`) at each of
    /// `sizes`, with the runs of each threshold apart; with `informed`, also the error of
    /// `informedThreshold` (a thousand likelihoods a run and size: for the benchmark).
    public static func figures(
        runs: Int, seed: UInt64 = 1, informed: Bool = false
    ) -> (pooled: [Figures], byThreshold: [Double: [Figures]]) {
        var errors = [[Double]](repeating: [], count: sizes.count)
        var meanErrors = errors
        var informedErrors = errors
        var covered = [[Bool]](repeating: [], count: sizes.count)
        var byThreshold:
            [Double: (errors: [[Double]], meanErrors: [[Double]], informedErrors: [[Double]], covered: [[Bool]])] = [:]
        for run in 0..<runs {
            let listener = listener(run: run)
            let truth = listener.threshold
            for (index, outcome) in Self.run(listener, seed: seed &+ UInt64(run)).enumerated() {
                let error = abs(outcome.estimate.threshold.value / truth - 1)
                let meanError = abs(outcome.meanOffset / truth - 1)
                let covers = outcome.estimate.lower.value <= truth && truth <= outcome.estimate.upper.value
                errors[index].append(error)
                meanErrors[index].append(meanError)
                covered[index].append(covers)
                var part =
                    byThreshold[truth]
                    ?? (errors.map { _ in [] }, errors.map { _ in [] }, errors.map { _ in [] }, covered.map { _ in [] })
                part.errors[index].append(error)
                part.meanErrors[index].append(meanError)
                part.covered[index].append(covers)
                if informed {
                    let estimate = informedThreshold(
                        outcome.bins, slope: listener.slope, lapseRate: listener.lapseRate)
                    informedErrors[index].append(abs(estimate / truth - 1))
                    part.informedErrors[index].append(abs(estimate / truth - 1))
                }
                byThreshold[truth] = part
            }
        }
        func figures(
            _ errors: [[Double]], _ meanErrors: [[Double]], _ informedErrors: [[Double]], _ covered: [[Bool]]
        ) -> [Figures] {
            sizes.indices.map { index in
                Figures(
                    runs: errors[index].count, medianError: median(errors[index]),
                    coverage: Double(covered[index].filter { $0 }.count) / Double(covered[index].count),
                    meanOffsetMedianError: median(meanErrors[index]),
                    informedMedianError: informed ? median(informedErrors[index]) : nil)
            }
        }
        return (
            figures(errors, meanErrors, informedErrors, covered),
            byThreshold.mapValues { figures($0.errors, $0.meanErrors, $0.informedErrors, $0.covered) }
        )
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }
}
