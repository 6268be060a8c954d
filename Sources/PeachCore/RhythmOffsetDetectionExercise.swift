/// One Compare Timing exercise: four sixteenths at `tempo`, the fourth `offsetMs` off its place
/// on the grid (early when negative); the musician says whether it came early or late.
public struct RhythmOffsetDetectionExercise: Hashable, Sendable {
    public let tempo: TempoBPM
    /// How far the fourth note is from its place, in ms; negative = early, never zero.
    public let offsetMs: Double

    public init(tempo: TempoBPM, offsetMs: Double) {
        self.tempo = tempo
        self.offsetMs = offsetMs
    }

    /// The exercise of `tempo` whose fourth note is `offset` off in `direction`.
    public init(tempo: TempoBPM, direction: TimingDirection, offset: SixteenthPercent) {
        self.init(tempo: tempo, offsetMs: direction.sign * offset.magnitude.milliseconds(at: tempo))
    }

    public var direction: TimingDirection { TimingDirection(offsetMs: offsetMs) }

    /// The offset as a percentage of a sixteenth, signed.
    public var offset: SixteenthPercent { SixteenthPercent(offsetMs: offsetMs, at: tempo) }

    /// Correct = the musician's answer names the fourth note's direction.
    public func isCorrect(answeredEarly: Bool) -> Bool {
        answeredEarly == (direction == .early)
    }

    /// The record of this exercise answered at `timestamp`, checked by the rules every record
    /// follows (the time comes from the device's clock).
    public func record(answeredEarly: Bool, at timestamp: Timestamp) throws(InvalidRecord)
        -> RhythmOffsetDetectionRecord
    {
        try RhythmOffsetDetectionRecord(
            timestamp: timestamp, tempoBPM: tempo.value, offsetMs: offsetMs,
            isCorrect: isCorrect(answeredEarly: answeredEarly))
    }

    /// The next exercise at `tempo`: the direction whose track in the tempo's band has fewer
    /// answers (a coin toss between equals), so that both tracks fill alike; the offset continues
    /// that track's chain (`RhythmOffsetChain`) from its last exercise, or starts it from the
    /// track's threshold estimate, or else from the chain's ceiling.
    /// - Complexity: O(1), and one posterior when a track starts without a last exercise but
    ///   with answers.
    public static func next(
        tempo: TempoBPM, statistics: RhythmOffsetDetectionStatistics, using generator: inout some RandomNumberGenerator
    ) -> RhythmOffsetDetectionExercise {
        let band = TempoBand(tempo)
        let (early, late) = (statistics.count(band, .early), statistics.count(band, .late))
        let direction: TimingDirection =
            early == late ? (Bool.random(using: &generator) ? .early : .late) : early < late ? .early : .late
        let offset =
            statistics.latest(band, direction).map(RhythmOffsetChain.nextOffset)
            ?? RhythmOffsetChain.startingOffset(profileThreshold: statistics.allTime(band, direction)?.threshold)
        return RhythmOffsetDetectionExercise(tempo: tempo, direction: direction, offset: offset)
    }
}
