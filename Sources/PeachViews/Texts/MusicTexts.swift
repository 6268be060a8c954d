import PeachCore

/// Notes and intervals as musicians of a language name them.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
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

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: MusicTexts {
        MusicTexts(
            pitchClassNames: ["C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"],
            intervalName: { interval in
                switch interval {
                case .prime: "Unison"
                case .minorSecond: "Minor Second"
                case .majorSecond: "Major Second"
                case .minorThird: "Minor Third"
                case .majorThird: "Major Third"
                case .perfectFourth: "Perfect Fourth"
                case .tritone: "Tritone"
                case .perfectFifth: "Perfect Fifth"
                case .minorSixth: "Minor Sixth"
                case .majorSixth: "Major Sixth"
                case .minorSeventh: "Minor Seventh"
                case .majorSeventh: "Major Seventh"
                case .octave: "Octave"
                }
            },
            up: "Up",
            down: "Down",
            directedIntervalName: { "\($0) \($1)" }
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: MusicTexts {
        MusicTexts(
            pitchClassNames: ["C", "Cis", "D", "Dis", "E", "F", "Fis", "G", "Gis", "A", "Ais", "H"],
            intervalName: { interval in
                switch interval {
                case .prime: "Prime"
                case .minorSecond: "Kleine Sekunde"
                case .majorSecond: "Große Sekunde"
                case .minorThird: "Kleine Terz"
                case .majorThird: "Große Terz"
                case .perfectFourth: "Quarte"
                case .tritone: "Tritonus"
                case .perfectFifth: "Quinte"
                case .minorSixth: "Kleine Sexte"
                case .majorSixth: "Große Sexte"
                case .minorSeventh: "Kleine Septime"
                case .majorSeventh: "Große Septime"
                case .octave: "Oktave"
                }
            },
            up: "aufwärts",
            down: "abwärts",
            directedIntervalName: { "\($0) \($1)" }
        )
    }
}
