/// One comparison: a reference note, then a target a few cents above or below the true
/// interval pitch; the user says whether the target was higher or lower than that pitch.
public struct ComparisonExercise: Hashable, Sendable {
    public let context: ExerciseContext
    /// The target's signed deviation from the true interval pitch, in cents; never zero.
    public let centOffset: Cents
    /// The target's level relative to the reference (loudness variation).
    public let loudnessOffset: Decibels

    public init(context: ExerciseContext, centOffset: Cents, loudnessOffset: Decibels = .zero) {
        self.context = context
        self.centOffset = centOffset
        self.loudnessOffset = loudnessOffset
    }

    /// The frequency the target note sounds at: the true interval pitch moved by the offset.
    public func targetFrequency(referencePitch: Frequency) -> Frequency {
        context.targetFrequency(referencePitch: referencePitch, offsetBy: centOffset)
    }

    /// Correct = (the user said higher) == (the target is above the true interval pitch).
    public func isCorrect(answeredHigher: Bool) -> Bool {
        answeredHigher == (centOffset > .zero)
    }

    /// The record of this exercise answered at `timestamp`, checked by the rules every record
    /// follows (the time comes from the device's clock).
    public func record(answeredHigher: Bool, at timestamp: Timestamp) throws(InvalidRecord) -> ComparisonRecord {
        try ComparisonRecord(
            timestamp: timestamp, referenceNote: context.referenceNote, targetNote: context.targetNote,
            tuningSystem: context.tuningSystem, centOffset: centOffset,
            isCorrect: isCorrect(answeredHigher: answeredHigher))
    }
}
