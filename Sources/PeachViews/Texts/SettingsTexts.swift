import PeachCore

/// The Settings page: every setting's label and choices, and the training data's export, import and reset.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
public struct SettingsTexts: Sendable {
    public let settingsIntro: String
    public let noteRangeLegend: String
    public let noteRangeLower: String
    public let noteRangeUpper: String
    public let noteDuration: String
    public let secondsUnit: String
    public let referencePitch: String
    public let hertzUnit: String
    public let soundSource: String
    public let soundSourceName: @Sendable (SoundSource) -> String
    public let loudnessVariation: String
    public let loudnessVariationHint: String
    public let intervalsLegend: String
    public let intervalsHint: String
    public let tuningSystem: String
    public let tuningSystemName: @Sendable (TuningSystem) -> String
    public let languageSetting: String
    public let languageFromBrowser: String
    public let languageName: @Sendable (Language) -> String
    public let saveSettings: String
    public let settingsSaved: String
    /// The Settings page's import or reset could not reach the server.
    public let offline: String
    public let dataLegend: String
    public let exportData: String
    public let exportHint: String
    public let importData: String
    public let importFile: String
    public let importMerge: String
    public let importReplace: String
    public let importButton: String
    public let importSending: String
    public let importReading: String
    public let importReplaceConfirm: String
    public let resetData: String
    public let resetExplanation: String
    public let resetConfirm: String
    public let resetCancel: String
    /// "Deleted 3 training records."; the settings script gets both forms and chooses by count.
    public let resetDone: Plural
}
