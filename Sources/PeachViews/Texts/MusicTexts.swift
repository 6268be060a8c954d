import PeachCore

/// Notes and intervals as musicians of a language name them.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
public struct MusicTexts: Sendable {
    /// The twelve pitch classes from C, as musicians of this language write them: German names
    /// B "H" and spells sharps "Cis", "Fis", … (an English "B4" would read as B-flat to them).
    public let pitchClassNames: [String]
    /// An interval's name without its direction: "Perfect Fifth" / "Quinte".
    public let intervalName: @Sendable (Interval) -> String
    public let up: String
    public let down: String
    /// "Perfect Fifth Up" / "Quinte aufwärts"
    public let directedIntervalName: @Sendable (_ interval: String, _ direction: String) -> String
}
