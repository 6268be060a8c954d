import PeachCore

/// Simulated listeners with known timing thresholds answering Compare Timing through the real
/// path: `RhythmOffsetDetectionExercise.next` picks the direction and offset from the statistics,
/// the listener answers, the exercise makes the record, the record goes into the statistics
/// (docs/rhythm.md, "The simulation"). Test support: the seeded simulation test runs it.
public enum TimingListenerSimulation {
    /// A listener whose early and late thresholds differ, as listeners' do: each direction answered as `ListenerSimulation.Listener` answers a comparison
    /// (a two-answer Weibull with the listener's slope and lapse rate, Peach's own model family),
    /// the late threshold a quarter coarser than the early one.
    public struct Listener: Sendable {
        public let early: ListenerSimulation.Listener
        public let late: ListenerSimulation.Listener
        public let tempo: TempoBPM

        public func threshold(_ direction: TimingDirection) -> Double {
            direction == .early ? early.threshold : late.threshold
        }

        /// Whether the listener says "early" to `exercise`.
        public func answersEarly(
            _ exercise: RhythmOffsetDetectionExercise, using generator: inout some RandomNumberGenerator
        ) -> Bool {
            let listener = exercise.direction == .early ? early : late
            let correct =
                Double.random(in: 0..<1, using: &generator)
                < listener.probabilityCorrect(magnitude: exercise.offset.magnitude.value)
            return correct == (exercise.direction == .early)
        }
    }

    /// The early thresholds in percent of a sixteenth (at 75 %); the late ones are 1.25 times these.
    public static let thresholds: [Double] = [2, 4, 8, 16]
    public static let lateFactor = 1.25
    public static let tempos = [60, 90, 120]
    /// After how many answers of a track its estimate is taken.
    public static let sizes = [50, 200]

    /// The listener of run `run`: the thresholds in turn, then the tempos, the slopes and the
    /// lapse rates of `ListenerSimulation`, so that every 108 runs hold every combination once.
    public static func listener(run: Int) -> Listener {
        let threshold = thresholds[run % thresholds.count]
        var rest = run / thresholds.count
        let tempo = TempoBPM(tempos[rest % tempos.count])!
        rest /= tempos.count
        let slope = ListenerSimulation.slopes[rest % ListenerSimulation.slopes.count]
        let lapseRate = ListenerSimulation.lapseRates[
            rest / ListenerSimulation.slopes.count % ListenerSimulation.lapseRates.count]
        return Listener(
            early: ListenerSimulation.Listener(threshold: threshold, slope: slope, lapseRate: lapseRate),
            late: ListenerSimulation.Listener(threshold: threshold * lateFactor, slope: slope, lapseRate: lapseRate),
            tempo: tempo)
    }

    /// One track's estimate after one of `sizes` answers.
    public struct Outcome: Sendable {
        public var direction: TimingDirection
        public var answers: Int
        public var estimate: RhythmThresholdEstimate
        public var truth: Double
    }

    /// Plays exercises at the listener's tempo until both tracks have the most of `sizes`
    /// answers, and takes each track's all-time estimate as it reaches each size.
    public static func run(_ listener: Listener, seed: UInt64) -> [Outcome] {
        var generator = SeededRandomNumberGenerator(seed: seed)
        var statistics = RhythmOffsetDetectionStatistics()
        let band = TempoBand(listener.tempo)
        let last = sizes.max() ?? 0
        var outcomes: [Outcome] = []
        var trial: Int64 = 0
        while statistics.count(band, .early) < last || statistics.count(band, .late) < last {
            trial += 1
            let exercise = RhythmOffsetDetectionExercise.next(
                tempo: listener.tempo, statistics: statistics, using: &generator)
            // The chain keeps offsets within the record rules: recording cannot fail.
            let record = try! exercise.record(
                answeredEarly: listener.answersEarly(exercise, using: &generator),
                at: Timestamp(millisecondsSince1970: 1_767_225_600_000 + trial * 3_000))
            statistics.add(record)
            let direction = exercise.direction
            let answers = statistics.count(band, direction)
            if sizes.contains(answers), let estimate = statistics.allTime(band, direction) {
                outcomes.append(
                    Outcome(
                        direction: direction, answers: answers, estimate: estimate,
                        truth: listener.threshold(direction)))
            }
        }
        return outcomes
    }

    /// How well a set of runs found the thresholds after one number of answers per track.
    public struct Figures: Sendable, CustomStringConvertible {
        /// Estimates (two a run: early and late).
        public var estimates: Int
        /// The median of |estimate / true threshold − 1|.
        public var medianError: Double
        /// The share of estimates whose 95 % interval holds the true threshold.
        public var coverage: Double

        public var description: String {
            "\(estimates) estimates: median error \(medianError), coverage \(coverage)"
        }
    }

    /// The figures of `runs` runs (listeners by `listener(run:)`, seeds `seed + run`) at each of
    /// `sizes`, pooled and per early threshold.
    public static func figures(runs: Int, seed: UInt64 = 1) -> (pooled: [Figures], byThreshold: [Double: [Figures]]) {
        var pooled = [[(error: Double, covers: Bool)]](repeating: [], count: sizes.count)
        var byThreshold: [Double: [[(error: Double, covers: Bool)]]] = [:]
        for run in 0..<runs {
            let listener = listener(run: run)
            for outcome in Self.run(listener, seed: seed &+ UInt64(run)) {
                let index = sizes.firstIndex(of: outcome.answers)!
                let estimate = outcome.estimate
                let entry = (
                    error: abs(estimate.threshold.value / outcome.truth - 1),
                    covers: estimate.lower.value <= outcome.truth && outcome.truth <= estimate.upper.value
                )
                pooled[index].append(entry)
                byThreshold[listener.early.threshold, default: sizes.map { _ in [] }][index].append(entry)
            }
        }
        func figures(_ entries: [[(error: Double, covers: Bool)]]) -> [Figures] {
            entries.map { size in
                Figures(
                    estimates: size.count, medianError: ListenerSimulation.median(size.map { $0.error }),
                    coverage: Double(size.filter { $0.covers }.count) / Double(size.count))
            }
        }
        return (figures(pooled), byThreshold.mapValues(figures))
    }
}
