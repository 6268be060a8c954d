/// A setting value that Peach cannot accept; says which setting (as its typed key, so every
/// front end names it in its own words), what was given and what is allowed.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    case outOfRange(setting: TrainingSettings.Key, value: String, allowed: String)
    case malformed(setting: TrainingSettings.Key, value: String, expected: String)
    /// The lowest and the highest note (MIDI numbers) are fewer than `NoteRange.minimumSpan`
    /// semitones apart: a fault of the pair, not of either bound.
    case noteRangeTooNarrow(lower: Int, upper: Int)
    /// The interval modes need at least one interval.
    case noIntervals
    /// Fill the Gap needs at least one gap position.
    case noGapPositions
    case unknownSetting(String)

    /// The error in English, for logs and the command line.
    public var description: String {
        switch self {
        case .outOfRange(let setting, let value, let allowed):
            "The \(setting.englishName) \(value) is out of range; allowed: \(allowed)."
        case .malformed(let setting, let value, let expected):
            "The \(setting.englishName) \"\(value)\" is not valid; expected \(expected)."
        case .noteRangeTooNarrow(let lower, let upper):
            "The note range \(lower)–\(upper) is too narrow; allowed: at least \(NoteRange.minimumSpan) semitones between the lowest and the highest note."
        case .noIntervals:
            "The intervals are empty; allowed: at least one interval."
        case .noGapPositions:
            "The gap positions are empty; allowed: at least one of 1 to 4."
        case .unknownSetting(let key):
            "There is no setting \"\(key)\"; known settings: \(TrainingSettings.Key.allCases.map { $0.rawValue }.joined(separator: ", "))."
        }
    }
}

extension TrainingSettings.Key {
    /// What `SettingsError.description` calls the setting; the pages and the API use their
    /// language's names (`RefusalTexts.settingName`).
    fileprivate var englishName: String {
        switch self {
        case .noteRangeLower: "lowest note"
        case .noteRangeUpper: "highest note"
        case .noteDuration: "note duration"
        case .referencePitch: "reference pitch"
        case .soundSource: "sound"
        case .loudnessVariation: "loudness variation"
        case .intervals: "intervals"
        case .tuningSystem: "tuning system"
        case .language: "language"
        case .wrongAnswerSound: "sound on a wrong answer"
        case .tempo: "tempo"
        case .gapPositions: "gap positions"
        }
    }
}
