/// One comparison: a reference note, then a target a few cents above or below the true
/// interval pitch; the user says whether the target was higher or lower than that pitch.
public struct ComparisonExercise: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let interval: DirectedInterval
    public let targetNote: MIDINote
    public let tuningSystem: TuningSystem
    /// The target's signed deviation from the true interval pitch, in cents; never zero.
    public let centOffset: Double
    /// The target's level relative to the reference, in decibels (loudness variation).
    public let loudnessOffset: Double

    public init(
        referenceNote: MIDINote, interval: DirectedInterval, tuningSystem: TuningSystem,
        centOffset: Double, loudnessOffset: Double = 0
    ) throws(MusicValueError) {
        self.referenceNote = referenceNote
        self.interval = interval
        self.targetNote = try referenceNote.transposed(by: interval)
        self.tuningSystem = tuningSystem
        self.centOffset = centOffset
        self.loudnessOffset = loudnessOffset
    }

    /// The reference note's 12-TET frequency.
    public func referenceFrequency(referencePitch: Frequency) -> Frequency {
        Pitch(note: referenceNote).frequency(referencePitch: referencePitch)
    }

    /// The frequency the target note sounds at.
    public func targetFrequency(referencePitch: Frequency) -> Frequency {
        referenceFrequency(referencePitch: referencePitch)
            .shifted(byCents: tuningSystem.cents(for: interval) + centOffset)
    }

    /// Correct = (the user said higher) == (the target is above the true interval pitch).
    public func isCorrect(answeredHigher: Bool) -> Bool {
        answeredHigher == (centOffset > 0)
    }

    /// The record of this exercise answered at `timestamp`, checked by the rules every record
    /// follows (the time comes from the device's clock).
    public func record(answeredHigher: Bool, at timestamp: Timestamp) throws(InvalidRecord) -> ComparisonRecord {
        try ComparisonRecord(
            timestamp: timestamp, referenceNote: referenceNote, targetNote: targetNote, tuningSystem: tuningSystem,
            centOffset: centOffset, isCorrect: isCorrect(answeredHigher: answeredHigher))
    }
}
