/// The adaptive difficulty chain of comparison training (the Peach iOS app's "KazezNoteStrategy").
///
/// Each exercise's magnitude (|cent offset|) follows from the previous one of the same mode:
/// narrower after a correct answer, `p · (1 − 0.05·√p)`, wider after a wrong one,
/// `p · (1 + 0.09·√p)`, clamped to 0.1 … 100 cents. The asymmetric steps make the chain
/// settle where about 64 % of answers are correct — the edge of perception. Because the
/// chain does not depend on the note, changing the reference note never makes it jump.
public enum KazezChain {
    public static let minimumMagnitude: Cents = 0.1
    public static let maximumMagnitude: Cents = 100
    static let narrowingFactor = 0.05
    static let wideningFactor = 0.09

    /// The magnitude that follows `previous` after an answer.
    /// - Complexity: O(1).
    public static func nextMagnitude(after previous: Cents, wasCorrect: Bool) -> Cents {
        let p = clamp(previous).value
        let factor = wasCorrect ? 1 - narrowingFactor * p.squareRoot() : 1 + wideningFactor * p.squareRoot()
        return clamp(Cents(p * factor))
    }

    /// Where a chain starts with no previous exercise of the mode: the profile's threshold
    /// estimate for the mode if there is one, otherwise the widest magnitude.
    public static func startingMagnitude(profileThreshold: Cents?) -> Cents {
        profileThreshold.map(clamp) ?? maximumMagnitude
    }

    static func clamp(_ magnitude: Cents) -> Cents {
        guard magnitude.value.isFinite else { return maximumMagnitude }
        return min(max(magnitude, minimumMagnitude), maximumMagnitude)
    }
}
