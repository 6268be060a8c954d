/// Chooses the next exercise of a mode from the settings, the chain state and a random source.
///
/// Randomness is passed in, so a seeded generator makes every choice reproducible.
public enum ExerciseGenerator {
    /// The largest level difference between reference and target at full loudness variation
    /// (the Vary Loudness setting: one tunable constant).
    public static let maximumLoudnessOffset: Decibels = 2

    /// The last answered comparison of a mode: all the chain needs to continue.
    public struct ChainState: Hashable, Sendable {
        public var magnitude: Cents
        public var wasCorrect: Bool

        public init(magnitude: Cents, wasCorrect: Bool) {
            self.magnitude = magnitude
            self.wasCorrect = wasCorrect
        }

        public init(_ record: ComparisonRecord) {
            self.init(magnitude: record.centOffset.magnitude, wasCorrect: record.isCorrect)
        }
    }

    /// The next comparison: the magnitude continues the chain (or starts it from the profile's
    /// threshold for the mode, asked for only then: it costs a posterior), the sign is random, the interval is drawn from the mode's set and
    /// the reference note uniformly from the range trimmed so that the target fits.
    /// - Complexity: O(number of intervals).
    public static func comparison(
        mode: TrainingMode, settings: TrainingSettings, previous: ChainState?,
        profileThreshold: @autoclosure () -> Cents?,
        using generator: inout some RandomNumberGenerator
    ) -> ComparisonExercise {
        let ceiling = KazezChain.maximumMagnitude(for: mode)
        let magnitude =
            previous.map { KazezChain.nextMagnitude(after: $0.magnitude, wasCorrect: $0.wasCorrect, ceiling: ceiling) }
            ?? KazezChain.startingMagnitude(profileThreshold: profileThreshold(), ceiling: ceiling)
        let positive = Bool.random(using: &generator)
        let context = context(mode: mode, settings: settings, using: &generator)
        let loudnessBound = settings.loudnessVariation * maximumLoudnessOffset.value
        let loudness = Decibels(Double.random(in: -loudnessBound...loudnessBound, using: &generator))
        return ComparisonExercise(
            context: context, centOffset: positive ? magnitude : -magnitude, loudnessOffset: loudness)
    }

    /// The next pitch-matching exercise: reference note and interval as for comparisons, and
    /// an initial offset uniform in ±100 cents.
    public static func pitchMatching(
        mode: TrainingMode, settings: TrainingSettings, using generator: inout some RandomNumberGenerator
    ) -> PitchMatchingExercise {
        let context = context(mode: mode, settings: settings, using: &generator)
        let bound = PitchMatchingExercise.maximumInitialOffset
        let offset = Cents(Double.random(in: -bound.value...bound.value, using: &generator))
        return PitchMatchingExercise(context: context, initialCentOffset: offset)
    }

    /// A random interval of the mode, and a reference note for which reference and target both
    /// lie in the note range (and so in 0–127), in the settings' tuning system.
    static func context(
        mode: TrainingMode, settings: TrainingSettings, using generator: inout some RandomNumberGenerator
    ) -> ExerciseContext {
        let intervals = mode.intervals(in: settings)
        let interval = intervals.count == 1 ? intervals[0] : generator.element(of: intervals)
        let notes = settings.noteRange.referenceNotes(for: interval)
        // The range is trimmed for the interval, so the transposition cannot fail.
        return try! ExerciseContext(
            referenceNote: MIDINote(uncheckedRawValue: generator.integer(in: notes)), interval: interval,
            tuningSystem: settings.tuningSystem)
    }
}
