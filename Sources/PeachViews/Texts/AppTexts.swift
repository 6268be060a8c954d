import PeachCore

/// The app's name, its navigation and the names of the training modes (Start buttons and page titles).
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
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
}
