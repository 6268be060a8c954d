import PeachCore

/// Why a setting was refused: the same words on the device and from the server's settings API (`Texts.refusal`).
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
public struct RefusalTexts: Sendable {
    public let errorUnknownSetting: @Sendable (String) -> String
    public let errorSettingValue: @Sendable (_ setting: String, _ value: String, _ allowed: String) -> String
    /// Why unticking the last interval was refused, and what to do instead.
    public let errorNoIntervals: String
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
}
