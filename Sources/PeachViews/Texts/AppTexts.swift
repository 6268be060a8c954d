import PeachCore

/// The app's name, its navigation and the names of the training modes (Start buttons and page titles).
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
public struct AppTexts: Sendable {
    public let appName: String
    public let startTitle: String
    public let backToStart: String
    public let settings: String
    public let info: String
    public let comparison: String
    public let pitchMatching: String
    public let intervalComparison: String
    public let intervalPitchMatching: String
    public let rhythmOffsetDetection: String
    public let continuousRhythmMatching: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: AppTexts {
        AppTexts(
            appName: "Peach",
            startTitle: "Peach — pitch ear training",
            backToStart: "Back to Start",
            settings: "Settings",
            info: "Info",
            comparison: "Comparison",
            pitchMatching: "Pitch Matching",
            intervalComparison: "Interval Comparison",
            intervalPitchMatching: "Interval Pitch Matching",
            rhythmOffsetDetection: "Compare Timing",
            continuousRhythmMatching: "Fill the Gap"
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: AppTexts {
        AppTexts(
            appName: "Peach",
            startTitle: "Peach — Gehörbildung für Tonhöhen",
            backToStart: "Zurück zum Start",
            settings: "Einstellungen",
            info: "Über Peach",
            comparison: "Tonvergleich",
            pitchMatching: "Ton treffen",
            intervalComparison: "Intervall\u{AD}vergleich",  // a soft hyphen: wider than a phone at 200 % text,
            intervalPitchMatching: "Intervall treffen",
            rhythmOffsetDetection: "Timing vergleichen",
            continuousRhythmMatching: "Lücke füllen"
        )
    }
}
