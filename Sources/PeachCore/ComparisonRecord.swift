/// An answered comparison, with the full context needed to rebuild every statistic.
public struct ComparisonRecord: Hashable, Sendable {
    public var timestamp: Timestamp
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    public var interval: DirectedInterval
    public var tuningSystem: TuningSystem
    /// Signed deviation of the target from the true interval pitch, in cents.
    public var centOffset: Double
    public var isCorrect: Bool

    /// A record from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`ComparisonRecord+Rules.swift`), which checks them and derives the interval.
    public init(
        timestamp: Timestamp, referenceNote: MIDINote, targetNote: MIDINote, interval: DirectedInterval,
        tuningSystem: TuningSystem, centOffset: Double, isCorrect: Bool
    ) {
        self.timestamp = timestamp
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.interval = interval
        self.tuningSystem = tuningSystem
        self.centOffset = centOffset
        self.isCorrect = isCorrect
    }

    public var mode: TrainingMode { .of(kind: .comparison, interval: interval) }
}
