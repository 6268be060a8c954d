import PeachCore

/// Training played through the real exercise generator, as a device makes its records: each
/// record an exercise `ExerciseGenerator` chose for one of the four pitch modes at random, answered
/// at random (higher or lower; a slider released anywhere), each comparison mode's chain
/// continuing from that mode's last record. What records the settings and the chains give, not
/// values drawn one by one (`SeededRecords` draws those).
///
/// Its own iterator, as `SeededRecords` is: lazily, each iteration of a copy from the first
/// record, the same records on every run.
/// - Complexity: O(1) per record (one exercise chosen and answered).
public struct SimulatedTraining: Sequence, IteratorProtocol, Sendable {
    public let count: Int
    public let seed: UInt64
    /// What the exercises are chosen from: note range, intervals, tuning system.
    public let settings: TrainingSettings
    /// The first record's time; each next one follows after `spacing` milliseconds, drawn
    /// uniformly from the range (`SeededRun`).
    public let start: Timestamp
    public let spacing: ClosedRange<Int64>

    private var run: SeededRun
    /// Each comparison mode's chain, from its last record.
    private var previous: [TrainingMode: ExerciseGenerator.ChainState] = [:]

    public init(count: Int, seed: UInt64, settings: TrainingSettings, start: Timestamp, spacing: ClosedRange<Int64>) {
        self.count = count
        self.seed = seed
        self.settings = settings
        self.start = start
        self.spacing = spacing
        run = SeededRun(count: count, seed: seed, start: start, spacing: spacing)
    }

    public mutating func next() -> TrainingRecord? {
        guard let timestamp = run.nextTime() else { return nil }
        let mode = run.random.element(of: Self.modes)
        switch mode.kind {
        case .comparison:
            let exercise = ExerciseGenerator.comparison(
                mode: mode, settings: settings, previous: previous[mode], profileThreshold: nil, using: &run.random)
            let record = try! exercise.record(answeredHigher: Bool.random(using: &run.random), at: timestamp)
            previous[mode] = ExerciseGenerator.ChainState(record)
            return .comparison(record)
        case .pitchMatching:
            let exercise = ExerciseGenerator.pitchMatching(mode: mode, settings: settings, using: &run.random)
            return .pitchMatching(
                try! exercise.record(sliderValue: Double.random(in: -1...1, using: &run.random), at: timestamp))
        case .rhythmOffsetDetection, .continuousRhythmMatching:
            preconditionFailure("\(mode) is not one of the pitch modes drawn")
        }
    }

    /// The modes drawn from: the pitch modes, whose exercises `ExerciseGenerator` chooses (the
    /// rhythm records have simulations of their own: `TimingListenerSimulation`).
    private static let modes = TrainingMode.allCases.filter { $0.family != .rhythm }
}
