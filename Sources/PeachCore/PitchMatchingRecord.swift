/// A completed pitch-matching attempt, with the full context needed to rebuild every statistic.
public struct PitchMatchingRecord: Hashable, Sendable {
    public var timestamp: Timestamp
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    public var interval: DirectedInterval
    public var tuningSystem: TuningSystem
    public var initialCentOffset: Double
    /// The tunable note's offset from the target at release, in cents; positive = sharp.
    public var userCentError: Double

    /// A record from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`PitchMatchingRecord+Rules.swift`), which checks them and derives the interval.
    public init(
        timestamp: Timestamp, referenceNote: MIDINote, targetNote: MIDINote, interval: DirectedInterval,
        tuningSystem: TuningSystem, initialCentOffset: Double, userCentError: Double
    ) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
    }

    public var mode: TrainingMode { .of(kind: .pitchMatching, interval: interval) }
}
