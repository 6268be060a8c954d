/// A finished Fill the Gap trial: sixteen cycles of four sixteenths at `tempo`, one step of each
/// silent, filled by the musician's taps. The record keeps what the Peach apps exchange — the
/// mean offset of the taps that counted, overall and per gap position — and how many counted.
public struct ContinuousRhythmMatchingRecord: Hashable, Sendable {
    /// The cycles of one trial.
    public static let cyclesPerTrial = 16
    /// The steps of a cycle: four sixteenths.
    public static let stepsPerCycle = 4

    public var timestamp: Timestamp
    public var tempo: TempoBPM
    /// The mean offset of the taps that counted, in ms; negative = early.
    public var meanOffsetMs: Double
    /// The mean offset of the counted taps per gap position (step 1–4 at index 0–3); nil where
    /// the position was no gap of the trial or no tap there counted.
    public var positionMeanOffsetsMs: [Double?]
    /// How many of the trial's gaps got a counted tap (1–16); nil when not known, as for a record
    /// read from a CSV file (the format has no column for it).
    public var hitCount: Int?

    /// A record from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`ContinuousRhythmMatchingRecord+Rules.swift`).
    public init(
        timestamp: Timestamp, tempo: TempoBPM, meanOffsetMs: Double, positionMeanOffsetsMs: [Double?], hitCount: Int?
    ) {
        self.timestamp = timestamp
        self.tempo = tempo
        self.meanOffsetMs = meanOffsetMs
        self.positionMeanOffsetsMs = positionMeanOffsetsMs
        self.hitCount = hitCount
    }
}
