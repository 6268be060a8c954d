import PeachCore

/// Every text a user sees, in one language: page texts, accessible names, the messages scripts
/// show (`data-msg-*`), feedback and error messages of the API.
///
/// One stored property per text, so a language that lacks a text does not compile. Texts
/// with values are functions; numbers are formatted by the language (decimal comma in German).
///
/// A class, because every page, chart and summary holds the texts: copying a struct of 176
/// strings and closures retains each of them, which cost a tenth of the wasm core's size and
/// time on every page; a class is one reference.
public final class Texts: Sendable {
    public let language: Language

    // App and navigation
    public let appName: String
    public let startTitle: String
    public let backToStart: String
    public let settings: String
    public let info: String

    // Training modes (Start buttons and page titles)
    public let comparison: String
    public let pitchMatching: String
    public let intervalComparison: String
    public let intervalPitchMatching: String

    // Training pages
    public let higher: String
    public let lower: String
    public let targetIntervalLabel: String
    public let pitchSliderLabel: String
    /// What a screen reader says of the slider's position: where it stands, never how far the
    /// note is from the target (the note starts at a random offset). `{percent}` is replaced by
    /// the share of the travel from the centre to the end.
    public let sliderCentre: String
    public let sliderAbove: String
    public let sliderBelow: String
    /// The Settings page's import or reset could not reach the server.
    public let offline: String
    public let tapToStart: String
    // Sync with the server and this device's storage: `sync` (SyncTexts.swift).

    // Feedback
    public let correct: String
    public let incorrect: String
    public let deadCenter: String
    /// "+4 cents", "−27 cents", "0 cents"
    public let centsText: @Sendable (Int) -> String
    /// "4 cents sharp"
    public let centsSharp: @Sendable (Int) -> String
    /// "27 cents flat"
    public let centsFlat: @Sendable (Int) -> String

    // Notes
    /// The twelve pitch classes from C, as musicians of this language write them: German names
    /// B "H" and spells sharps "Cis", "Fis", … (an English "B4" would read as B-flat to them).
    public let pitchClassNames: [String]

    // Intervals
    public let intervalNames: [Interval: String]
    public let up: String
    public let down: String
    /// "Perfect Fifth Up" / "Quinte aufwärts"
    public let directedIntervalName: @Sendable (_ interval: String, _ direction: String) -> String

    // Settings page
    public let settingsIntro: String
    public let noteRangeLegend: String
    public let noteRangeLower: String
    public let noteRangeUpper: String
    public let noteDuration: String
    public let secondsUnit: String
    public let referencePitch: String
    public let hertzUnit: String
    public let soundSource: String
    public let soundSourceNames: [SoundSource: String]
    public let loudnessVariation: String
    public let loudnessVariationHint: String
    public let intervalsLegend: String
    public let intervalsHint: String
    public let tuningSystem: String
    public let tuningSystemNames: [TuningSystem: String]
    public let languageSetting: String
    public let languageFromBrowser: String
    public let languageNames: [Language: String]
    public let saveSettings: String
    public let settingsSaved: String
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

    // Info page
    public let infoTitle: String
    public let developerName: String
    public let copyrightNotice: String
    public let developerLabel: String
    public let copyrightLabel: String
    public let versionLabel: String
    public let licenceLabel: String
    public let licenceText: String

    // Errors (pages and API)
    public let errorUnknownSetting: @Sendable (String) -> String
    public let errorSettingValue: @Sendable (_ setting: String, _ value: String, _ allowed: String) -> String

    /// Why unticking the last interval was refused, and what to do instead.
    public let errorNoIntervals: String

    /// The name of each setting in error messages (by `TrainingSettings.Key`).
    public let settingNames: [TrainingSettings.Key: String]
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

    // Profile page: the chart, the summary, the timeline; numbers and dates are
    // written by `Texts+ProfileFormatting`
    public let profileTitle: String

    // Profile chart
    /// The chart's accessible summary; `threshold` is the estimate with its interval as spoken
    /// (`ProfileTexts.spokenEstimate`), `nil` without data.
    public let chartSummary: @Sendable (_ lower: String, _ upper: String, _ threshold: String?) -> String
    /// The Start page preview's accessible name; `caption` is the line shown under the drawing
    /// (`ProfileChart.caption`), said before "tap", `nil` without one.
    public let previewLabel: @Sendable (_ threshold: String?, _ caption: String?) -> String
    public let chartEmpty: String
    /// The preview's caption while some notes of the range have no answers yet.
    public let previewFillsIn: String
    public let centsAxisTitle: String

    // Detection threshold
    public let thresholdHeading: String
    /// Every answer, however old, beside "now" (`ProfileTexts.now`).
    public let allTime: String
    public let trend: String
    /// The words of each trend, shown beside its arrow on the page and by `peach stats`.
    public let trendMeanings: [Trend: String]

    // Pitch matching accuracy
    public let matchingHeading: String
    public let attempts: String
    public let matchingEmpty: String

    // Timeline
    public let timelineHeading: String
    public let timelineEmpty: String
    public let monthNames: [String]
    public let shortMonthNames: [String]
    /// "3 Mar 2026" / "3. März 2026"
    public let longDateFormat: @Sendable (_ day: Int, _ month: String, _ year: Int) -> String
    /// "3 Mar" / "3. März"
    public let shortDateFormat: @Sendable (_ day: Int, _ shortMonth: String) -> String
    /// "Mar 2026" / "März 2026"
    public let monthYearFormat: @Sendable (_ shortMonth: String, _ year: Int) -> String

    /// Every text, in the order of the properties. (A class has no memberwise initialiser.)
    init(
        language: Language,
        appName: String,
        startTitle: String,
        backToStart: String,
        settings: String,
        info: String,
        comparison: String,
        pitchMatching: String,
        intervalComparison: String,
        intervalPitchMatching: String,
        higher: String,
        lower: String,
        targetIntervalLabel: String,
        pitchSliderLabel: String,
        sliderCentre: String,
        sliderAbove: String,
        sliderBelow: String,
        offline: String,
        tapToStart: String,
        correct: String,
        incorrect: String,
        deadCenter: String,
        centsText: @escaping @Sendable (Int) -> String,
        centsSharp: @escaping @Sendable (Int) -> String,
        centsFlat: @escaping @Sendable (Int) -> String,
        pitchClassNames: [String],
        intervalNames: [Interval: String],
        up: String,
        down: String,
        directedIntervalName: @escaping @Sendable (_ interval: String, _ direction: String) -> String,
        settingsIntro: String,
        noteRangeLegend: String,
        noteRangeLower: String,
        noteRangeUpper: String,
        noteDuration: String,
        secondsUnit: String,
        referencePitch: String,
        hertzUnit: String,
        soundSource: String,
        soundSourceNames: [SoundSource: String],
        loudnessVariation: String,
        loudnessVariationHint: String,
        intervalsLegend: String,
        intervalsHint: String,
        tuningSystem: String,
        tuningSystemNames: [TuningSystem: String],
        languageSetting: String,
        languageFromBrowser: String,
        languageNames: [Language: String],
        saveSettings: String,
        settingsSaved: String,
        dataLegend: String,
        exportData: String,
        exportHint: String,
        importData: String,
        importFile: String,
        importMerge: String,
        importReplace: String,
        importButton: String,
        importSending: String,
        importReading: String,
        importReplaceConfirm: String,
        resetData: String,
        resetExplanation: String,
        resetConfirm: String,
        resetCancel: String,
        resetDone: Plural,
        infoTitle: String,
        developerName: String,
        copyrightNotice: String,
        developerLabel: String,
        copyrightLabel: String,
        versionLabel: String,
        licenceLabel: String,
        licenceText: String,
        errorUnknownSetting: @escaping @Sendable (String) -> String,
        errorSettingValue: @escaping @Sendable (_ setting: String, _ value: String, _ allowed: String) -> String,
        errorNoIntervals: String,
        settingNames: [TrainingSettings.Key: String],
        allowedRange: @escaping @Sendable (_ lower: String, _ upper: String) -> String,
        allowedSeconds: @escaping @Sendable (_ range: String, _ step: String) -> String,
        allowedChoices: @escaping @Sendable ([String]) -> String,
        allowedIntervals: @escaping @Sendable (_ first: String, _ last: String, _ examples: String) -> String,
        allowedLanguage: @escaping @Sendable (_ choices: String) -> String,
        noteRangeSpan: @escaping @Sendable (Int) -> String,
        noteRangeName: String,
        profileTitle: String,
        chartSummary: @escaping @Sendable (_ lower: String, _ upper: String, _ threshold: String?) -> String,
        previewLabel: @escaping @Sendable (_ threshold: String?, _ caption: String?) -> String,
        chartEmpty: String,
        previewFillsIn: String,
        centsAxisTitle: String,
        thresholdHeading: String,
        allTime: String,
        trend: String,
        trendMeanings: [Trend: String],
        matchingHeading: String,
        attempts: String,
        matchingEmpty: String,
        timelineHeading: String,
        timelineEmpty: String,
        monthNames: [String],
        shortMonthNames: [String],
        longDateFormat: @escaping @Sendable (_ day: Int, _ month: String, _ year: Int) -> String,
        shortDateFormat: @escaping @Sendable (_ day: Int, _ shortMonth: String) -> String,
        monthYearFormat: @escaping @Sendable (_ shortMonth: String, _ year: Int) -> String
    ) {
        self.language = language
        self.appName = appName
        self.startTitle = startTitle
        self.backToStart = backToStart
        self.settings = settings
        self.info = info
        self.comparison = comparison
        self.pitchMatching = pitchMatching
        self.intervalComparison = intervalComparison
        self.intervalPitchMatching = intervalPitchMatching
        self.higher = higher
        self.lower = lower
        self.targetIntervalLabel = targetIntervalLabel
        self.pitchSliderLabel = pitchSliderLabel
        self.sliderCentre = sliderCentre
        self.sliderAbove = sliderAbove
        self.sliderBelow = sliderBelow
        self.offline = offline
        self.tapToStart = tapToStart
        self.correct = correct
        self.incorrect = incorrect
        self.deadCenter = deadCenter
        self.centsText = centsText
        self.centsSharp = centsSharp
        self.centsFlat = centsFlat
        self.pitchClassNames = pitchClassNames
        self.intervalNames = intervalNames
        self.up = up
        self.down = down
        self.directedIntervalName = directedIntervalName
        self.settingsIntro = settingsIntro
        self.noteRangeLegend = noteRangeLegend
        self.noteRangeLower = noteRangeLower
        self.noteRangeUpper = noteRangeUpper
        self.noteDuration = noteDuration
        self.secondsUnit = secondsUnit
        self.referencePitch = referencePitch
        self.hertzUnit = hertzUnit
        self.soundSource = soundSource
        self.soundSourceNames = soundSourceNames
        self.loudnessVariation = loudnessVariation
        self.loudnessVariationHint = loudnessVariationHint
        self.intervalsLegend = intervalsLegend
        self.intervalsHint = intervalsHint
        self.tuningSystem = tuningSystem
        self.tuningSystemNames = tuningSystemNames
        self.languageSetting = languageSetting
        self.languageFromBrowser = languageFromBrowser
        self.languageNames = languageNames
        self.saveSettings = saveSettings
        self.settingsSaved = settingsSaved
        self.dataLegend = dataLegend
        self.exportData = exportData
        self.exportHint = exportHint
        self.importData = importData
        self.importFile = importFile
        self.importMerge = importMerge
        self.importReplace = importReplace
        self.importButton = importButton
        self.importSending = importSending
        self.importReading = importReading
        self.importReplaceConfirm = importReplaceConfirm
        self.resetData = resetData
        self.resetExplanation = resetExplanation
        self.resetConfirm = resetConfirm
        self.resetCancel = resetCancel
        self.resetDone = resetDone
        self.infoTitle = infoTitle
        self.developerName = developerName
        self.copyrightNotice = copyrightNotice
        self.developerLabel = developerLabel
        self.copyrightLabel = copyrightLabel
        self.versionLabel = versionLabel
        self.licenceLabel = licenceLabel
        self.licenceText = licenceText
        self.errorUnknownSetting = errorUnknownSetting
        self.errorSettingValue = errorSettingValue
        self.errorNoIntervals = errorNoIntervals
        self.settingNames = settingNames
        self.allowedRange = allowedRange
        self.allowedSeconds = allowedSeconds
        self.allowedChoices = allowedChoices
        self.allowedIntervals = allowedIntervals
        self.allowedLanguage = allowedLanguage
        self.noteRangeSpan = noteRangeSpan
        self.noteRangeName = noteRangeName
        self.profileTitle = profileTitle
        self.chartSummary = chartSummary
        self.previewLabel = previewLabel
        self.chartEmpty = chartEmpty
        self.previewFillsIn = previewFillsIn
        self.centsAxisTitle = centsAxisTitle
        self.thresholdHeading = thresholdHeading
        self.allTime = allTime
        self.trend = trend
        self.trendMeanings = trendMeanings
        self.matchingHeading = matchingHeading
        self.attempts = attempts
        self.matchingEmpty = matchingEmpty
        self.timelineHeading = timelineHeading
        self.timelineEmpty = timelineEmpty
        self.monthNames = monthNames
        self.shortMonthNames = shortMonthNames
        self.longDateFormat = longDateFormat
        self.shortDateFormat = shortDateFormat
        self.monthYearFormat = monthYearFormat
    }

    /// The texts of a language.
    public static func of(_ language: Language) -> Texts {
        switch language {
        case .english: .english
        case .german: .german
        }
    }

    /// A note's name in scientific pitch notation with this language's pitch classes: "B4" / "H4".
    public func name(of note: MIDINote) -> String {
        pitchClassNames[note.rawValue % 12] + String(note.rawValue / 12 - 1)
    }

    /// A directed interval's display name, such as "Perfect Fifth Up"; a prime has no direction.
    public func name(of interval: DirectedInterval) -> String {
        let name = intervalNames[interval.interval]!
        return interval.interval == .prime ? name : directedIntervalName(name, interval.direction == .up ? up : down)
    }

    /// The name of a training mode.
    public func name(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: comparison
        case .pitchMatching: pitchMatching
        case .intervalComparison: intervalComparison
        case .intervalPitchMatching: intervalPitchMatching
        }
    }

    /// A number as this language writes it: `0.3` / `0,3`, no trailing zeros beyond
    /// `minimumFractionDigits` (a list of tenths reads "0.9 s, 1.0 s, 1.1 s").
    public func format(_ value: Double, minimumFractionDigits: Int = 0, maximumFractionDigits: Int = 2) -> String {
        let text = DecimalText.trimmed(
            value, minimumFractionDigits: minimumFractionDigits, maximumFractionDigits: maximumFractionDigits)
        return language == .german ? text.replacingEvery(".", with: ",") : text
    }
}
