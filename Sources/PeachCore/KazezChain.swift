/// The adaptive difficulty chain of comparison training (the Peach iOS app's "KazezNoteStrategy").
///
/// Each exercise's magnitude (|cent offset|) follows from the previous one of the same mode:
/// narrower after a correct answer, `p · (1 − 0.05·√p)`, wider after a wrong one,
/// `p · (1 + 0.09·√p)`, clamped to 0.1 … 100 cents. The asymmetric steps make the chain
/// settle where about 64 % of answers are correct — the edge of perception. Because the
/// chain does not depend on the note, changing the reference note never makes it jump.
///
/// The interval modes' chain stops at a quarter tone (`intervalMaximumMagnitude`), so that the
/// interval stays recognisable: a fifth 100 cents off is a tritone or a minor sixth, and "a
/// little sharp or flat" would no longer be the question (docs/design.md, "The interval modes
/// stay within a quarter tone").
public enum KazezChain {
    public static let minimumMagnitude: Cents = 0.1
    public static let maximumMagnitude: Cents = 100
    /// The widest magnitude of an interval mode: a quarter tone.
    public static let intervalMaximumMagnitude: Cents = 50
    static let narrowingFactor = 0.05
    static let wideningFactor = 0.09

    /// The widest magnitude of a mode's chain: 100 cents for a unison mode, a quarter tone for
    /// an interval mode.
    public static func maximumMagnitude(for mode: TrainingMode) -> Cents {
        mode.isInterval ? intervalMaximumMagnitude : maximumMagnitude
    }

    /// The magnitude that follows `previous` after an answer, at most `ceiling` (the mode's
    /// `maximumMagnitude(for:)`).
    /// - Complexity: O(1).
    public static func nextMagnitude(
        after previous: Cents, wasCorrect: Bool, ceiling: Cents = maximumMagnitude
    ) -> Cents {
        clamp(Cents(step(clamp(previous, ceiling: ceiling).value, wasCorrect: wasCorrect)), ceiling: ceiling)
    }

    /// The chain's step on a bare number, before any bounds: `p · (1 − 0.05·√p)` after a correct
    /// answer, `p · (1 + 0.09·√p)` after a wrong one. Compare Timing's chain takes the same steps
    /// on a percentage of a sixteenth note, within its own bounds (`RhythmOffsetChain`).
    static func step(_ p: Double, wasCorrect: Bool) -> Double {
        let factor = wasCorrect ? 1 - narrowingFactor * p.squareRoot() : 1 + wideningFactor * p.squareRoot()
        return p * factor
    }

    /// Where a chain starts with no previous exercise of the mode: the profile's threshold
    /// estimate for the mode if there is one, otherwise the widest magnitude, `ceiling`.
    public static func startingMagnitude(profileThreshold: Cents?, ceiling: Cents = maximumMagnitude) -> Cents {
        profileThreshold.map { clamp($0, ceiling: ceiling) } ?? ceiling
    }

    static func clamp(_ magnitude: Cents, ceiling: Cents = maximumMagnitude) -> Cents {
        guard magnitude.value.isFinite else { return ceiling }
        return min(max(magnitude, minimumMagnitude), ceiling)
    }
}
