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
