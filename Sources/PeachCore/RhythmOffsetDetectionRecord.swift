/// An answered Compare Timing exercise: four sixteenths at `tempo`, the fourth moved by
/// `offsetMs`, and whether the musician heard it early or late rightly. Early and late are the
/// offset's sign, not a field of their own.
public struct RhythmOffsetDetectionRecord: Hashable, Sendable {
    public var timestamp: Timestamp
    public var tempo: TempoBPM
    /// How far the fourth note was from its place on the grid, in ms; negative = early.
    public var offsetMs: Double
    public var isCorrect: Bool

    /// A record from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`RhythmOffsetDetectionRecord+Rules.swift`).
    public init(timestamp: Timestamp, tempo: TempoBPM, offsetMs: Double, isCorrect: Bool) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.offsetMs = offsetMs
        self.isCorrect = isCorrect
    }

    /// Whether the fourth note came early (else late).
    public var isEarly: Bool { offsetMs < 0 }
}
