/// The adaptive chain of Compare Timing: the Kazez steps of comparison training
/// (`KazezChain.step`) on the offset in percent of a sixteenth note, one chain per tempo band and
/// direction (docs/rhythm.md, "The tracks").
///
/// After a correct answer `p · (1 − 0.05·√p)`, after a wrong one `p · (1 + 0.09·√p)`, clamped to
/// 0.5–20 %. Percentages of a sixteenth lie in the range cents do for pitch (thresholds of a few
/// units to a few tens), so the steps carry over: 22 % narrower at 20 %, 5 % at 1 %. The chain
/// settles where about 57–63 % of answers are right, below the 75 % a threshold is reported at — at
/// 40–80 % of the threshold for the slopes 1–5 of `ThresholdGrid` —, so the floor must lie well below
/// the finest threshold to be measured: 0.5 % leaves a listener at 2 % (the finest in
/// Friberg & Sundberg 1995, 2.5 % of the interval at slow tempos) room to settle near 1 % and
/// step below it. 0.5 % is still 16 samples at 200 BPM and 44.1 kHz, so every step is played.
/// The ceiling, 20 %, is a fifth of a sixteenth: plainly early or late to anyone, well inside
/// the half sixteenth beyond which a note belongs to the next step; a new track starts there.
/// - Complexity: O(1).
public enum RhythmOffsetChain {
    public static let minimumOffset: SixteenthPercent = 0.5
    public static let maximumOffset: SixteenthPercent = 20

    /// The last answered exercise of a track: all the chain needs to continue.
    public struct State: Hashable, Sendable {
        /// The size of the offset played, without its sign.
        public var offset: SixteenthPercent
        public var wasCorrect: Bool

        public init(offset: SixteenthPercent, wasCorrect: Bool) {
            self.offset = offset
            self.wasCorrect = wasCorrect
        }

        public init(_ record: RhythmOffsetDetectionRecord) {
            self.init(
                offset: SixteenthPercent(offsetMs: record.offsetMs, at: record.tempo).magnitude,
                wasCorrect: record.isCorrect)
        }
    }

    /// The offset that follows `previous` after its answer.
    public static func nextOffset(after previous: State) -> SixteenthPercent {
        clamp(SixteenthPercent(KazezChain.step(clamp(previous.offset).value, wasCorrect: previous.wasCorrect)))
    }

    /// Where a track starts without a previous exercise: the profile's threshold for its tempo
    /// band and direction if there is one, otherwise the ceiling.
    public static func startingOffset(profileThreshold: SixteenthPercent?) -> SixteenthPercent {
        profileThreshold.map(clamp) ?? maximumOffset
    }

    static func clamp(_ offset: SixteenthPercent) -> SixteenthPercent {
        guard offset.value.isFinite else { return maximumOffset }
        return min(max(offset, minimumOffset), maximumOffset)
    }
}
