import PeachCore

/// Why a setting was refused: the same words on the device and from the server's settings API (`Texts.refusal`).
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
public struct RefusalTexts: Sendable {
    public let errorUnknownSetting: @Sendable (String) -> String
    public let errorSettingValue: @Sendable (_ setting: String, _ value: String, _ allowed: String) -> String
    /// Why unticking the last interval was refused, and what to do instead.
    public let errorNoIntervals: String
    /// Why unticking the last gap position was refused.
    public let errorNoGapPositions: String
    /// The name of each setting in error messages (by `TrainingSettings.Key`).
    public let settingName: @Sendable (TrainingSettings.Key) -> String
    /// The words of what a setting allows; the values themselves come from `TrainingSettings`'
    /// bounds (`Texts.allowed(_:)`). "A0 to C8"
    public let allowedRange: @Sendable (_ lower: String, _ upper: String) -> String
    /// "0.3 to 3.0 seconds in steps of 0.1"
    public let allowedSeconds: @Sendable (_ range: String, _ step: String) -> String
    /// "sine, piano or choir"
    public let allowedChoices: @Sendable ([String]) -> String
    /// "at least one of the interval codes P1up … P8down, such as P5up or m3down"
    public let allowedIntervals: @Sendable (_ first: String, _ last: String, _ examples: String) -> String
    /// "empty (the browser's language), en or de"
    public let allowedLanguage: @Sendable (_ choices: String) -> String
    /// "at least 12 semitones between the lowest and the highest note"
    public let noteRangeSpan: @Sendable (Int) -> String
    public let noteRangeName: String
    /// "at least one of the positions 1 to 4"
    public let allowedGapPositions: @Sendable (_ range: String) -> String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: RefusalTexts {
        RefusalTexts(
            errorUnknownSetting: { "There is no setting \"\($0)\"." },
            errorSettingValue: { "The \($0) \($1) is not allowed; allowed: \($2)." },
            errorNoIntervals: "Choose at least one interval; nothing was changed.",
            errorNoGapPositions: "Choose at least one gap position; nothing was changed.",
            settingName: { setting in
                switch setting {
                case .noteRangeLower: "lowest note"
                case .noteRangeUpper: "highest note"
                case .noteDuration: "note duration"
                case .referencePitch: "reference pitch"
                case .soundSource: "sound"
                case .loudnessVariation: "loudness variation"
                case .intervals: "interval selection"
                case .tuningSystem: "tuning system"
                case .language: "language"
                case .wrongAnswerSound: "sound on a wrong answer"
                case .tempo: "tempo"
                case .gapPositions: "gap positions"
                }
            },
            allowedRange: { "\($0) to \($1)" },
            allowedSeconds: { "\($0) seconds in steps of \($1)" },
            allowedChoices: { $0.count < 2 ? $0.joined() : $0.dropLast().joined(separator: ", ") + " or " + $0.last! },
            allowedIntervals: { "at least one of the interval codes \($0) … \($1), such as \($2)" },
            allowedLanguage: { "empty (the browser's language), \($0)" },
            noteRangeSpan: { "at least \($0) semitones between the lowest and the highest note" },
            noteRangeName: "note range",
            allowedGapPositions: { "at least one of the positions \($0)" }
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: RefusalTexts {
        RefusalTexts(
            errorUnknownSetting: { "Es gibt keine Einstellung „\($0)“." },
            errorSettingValue: { "Der Wert \($1) ist für die Einstellung „\($0)“ nicht erlaubt; erlaubt: \($2)." },
            errorNoIntervals: "Wähle mindestens ein Intervall; es wurde nichts geändert.",
            errorNoGapPositions: "Wähle mindestens eine Lückenposition; es wurde nichts geändert.",
            settingName: { setting in
                switch setting {
                case .noteRangeLower: "Tiefster Ton"
                case .noteRangeUpper: "Höchster Ton"
                case .noteDuration: "Tondauer"
                case .referencePitch: "Kammerton"
                case .soundSource: "Klang"
                case .loudnessVariation: "Lautstärke variieren"
                case .intervals: "Intervallauswahl"
                case .tuningSystem: "Stimmung"
                case .language: "Sprache"
                case .wrongAnswerSound: "Klang bei falscher Antwort"
                case .tempo: "Tempo"
                case .gapPositions: "Lückenpositionen"
                }
            },
            allowedRange: { "\($0) bis \($1)" },
            allowedSeconds: { "\($0) Sekunden in Schritten von \($1)" },
            allowedChoices: {
                $0.count < 2 ? $0.joined() : $0.dropLast().joined(separator: ", ") + " oder " + $0.last!
            },
            allowedIntervals: { "mindestens einer der Intervallcodes \($0) … \($1), etwa \($2)" },
            allowedLanguage: { "leer (Sprache des Browsers), \($0)" },
            noteRangeSpan: { "mindestens \($0) Halbtöne zwischen tiefstem und höchstem Ton" },
            noteRangeName: "Tonumfang",
            allowedGapPositions: { "mindestens eine der Positionen \($0)" }
        )
    }
}
