import Foundation
import PeachCore
import PeachStore

/// Every text a user sees, in one language: page texts, accessible names, the messages scripts
/// show (`data-msg-*`), feedback and error messages of the API.
///
/// One stored property per text, so a language that lacks a text does not compile. Texts
/// with values are functions; numbers are formatted by the language (decimal comma in German).
public struct Texts: Sendable {
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
    public let interrupted: String
    public let offline: String
    public let tapToStart: String
    public let serverError: String

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
    public let importSucceeded: @Sendable (_ added: Int, _ duplicates: Int, _ rhythm: Int) -> String
    public let importSending: String
    public let importReading: String
    public let importReplaceQuestion: String
    /// What a replace deletes and adds; the dates are already written as days.
    public let importReplaceDetails:
        @Sendable (_ deleting: Int, _ firstDay: String, _ lastDay: String, _ importing: Int) -> String
    public let importReplaceChanged: String
    public let importReplaceConfirm: String
    public let importCancelled: String
    public let resetData: String
    public let resetQuestion: String
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
    public let pageNotFoundTitle: String
    public let pageNotFound: String
    /// The heading of the page of a 5xx.
    public let serverErrorTitle: String
    /// The heading of the page of a refused request (a 4xx other than 404).
    public let requestRefusedTitle: String
    public let errorUnknownExercise: @Sendable (String) -> String
    public let errorAlreadyAnswered: String
    public let errorWrongAnswerKindComparison: String
    public let errorWrongAnswerKindPitchMatching: String
    public let errorSliderOutOfRange: @Sendable (String) -> String
    public let errorMalformedJSON: String
    /// A request whose framing broke: a body shorter than its Content-Length, bad chunks.
    public let errorMalformedRequest: String
    /// A JSON body that is an array, a string or a number where an object is expected.
    public let errorNotAnObject: String
    public let errorRepeatedField: @Sendable (String) -> String
    public let errorMalformedField: @Sendable (String) -> String
    public let errorAnswerMissing: String
    public let errorUnknownMode: @Sendable (String) -> String
    public let errorUnknownImportMode: @Sendable (String) -> String
    public let errorBodyTooLarge: @Sendable (String) -> String
    public let errorUnsupportedMediaType: @Sendable (_ expected: String, _ received: String) -> String
    public let errorUnknownSetting: @Sendable (String) -> String
    public let errorSettingValue: @Sendable (_ setting: String, _ value: String, _ allowed: String) -> String
    public let errorResetNotConfirmed: String
    public let errorInvalidCSV: @Sendable (String) -> String
    /// The import form sent without a file.
    public let errorNoFileChosen: String
    public let errorNoPendingImport: String
    /// A form body that is not the multipart/form-data a browser sends.
    public let errorMalformedForm: String
    /// "Line 5, column timestamp: " — where in a CSV file a problem is.
    public let csvPlace: @Sendable (_ line: Int?, _ column: String?) -> String
    /// Why a CSV file cannot be imported, in a sentence (English: the store's own wording).
    public let csvReason: @Sendable (CSVError.Reason) -> String
    public let errorNotFound: String
    public let errorMethodNotAllowed: String
    public let errorInternal: String
    /// The disk holding the database is full (a 507): nothing was stored; what to do.
    public let errorDiskFull: String
    public let diskFullTitle: String
    public let errorCrossSite: String
    /// A request addressed to a name this server does not serve (DNS-rebinding guard).
    public let errorUnknownHost: String
    /// A setting value longer than any valid one: the setting's key and the bound in characters.
    public let errorValueTooLong: @Sendable (String, Int) -> String

    // LAN pairing (issue 6)
    public let pairTitle: String
    public let pairExplanation: String
    public let pairButton: String
    public let pairUsedTitle: String
    public let pairUsedOrExpired: String
    /// Too many wrong pairing codes from this device: when it may try again.
    public let pairTooManyTitle: String
    public let pairTooMany: String
    public let pairRequiredTitle: String
    public let pairRequired: String
    /// How to pair: start `peach serve --lan` and open its address or scan its QR code.
    public let pairHowTo: String
    public let errorPairingRequired: String
    /// Why unticking the last interval was refused, and what to do instead.
    public let errorNoIntervals: String

    /// What each setting allows, for error messages (by `TrainingSettings.Key`).
    public let settingNames: [TrainingSettings.Key: String]
    public let allowedValues: [TrainingSettings.Key: String]
    public let noteRangeSpan: String
    public let noteRangeName: String

    // Profile page (issue 5): the chart, the summary, the timeline; numbers and dates are
    // written by `Texts+ProfileFormatting`
    public let profileTitle: String

    // Profile chart
    /// The chart's accessible summary; `average` is formatted cents, `nil` without data.
    public let chartSummary: @Sendable (_ lower: String, _ upper: String, _ average: String?) -> String
    /// The Start page preview's accessible name.
    public let previewLabel: @Sendable (_ average: String?) -> String
    public let chartEmpty: String
    public let centsAxisTitle: String
    /// "12.3 cents" / "12,3 Cent"
    public let centsFormat: @Sendable (String) -> String

    // Detection threshold
    public let thresholdHeading: String
    /// The current level: the mean of the last 20 training days (`CurrentLevel`).
    public let currentLevel: String
    /// The mean over every comparison, however old.
    public let allTime: String
    public let standardDeviation: String
    public let comparisons: String
    public let trend: String
    /// What the trend arrow means, for screen readers.
    public let trendMeanings: [Trend: String]
    /// Under the threshold: the comparisons it covers (reference notes in the note range).
    public let thresholdScope: @Sendable (_ lower: String, _ upper: String) -> String
    /// Under the threshold: the dates of the last 20 days and what the trend compares.
    public let currentWindow: @Sendable (_ first: String, _ last: String) -> String
    /// Beside a mode's current level whose 20 days end earlier than the headline's.
    public let windowUntil: @Sendable (_ last: String) -> String
    /// Why the pooled trend differs from every mode's, shown only when it does.
    public let trendMixNote: String

    // Pitch matching accuracy
    public let matchingHeading: String
    public let meanAbsoluteError: String
    public let attempts: String
    public let tendency: String
    public let tendsSharp: @Sendable (String) -> String
    public let tendsFlat: @Sendable (String) -> String
    public let noTendency: String
    public let matchingEmpty: String

    // Results by mode
    public let modesHeading: String
    /// What the modes' counts count, so that they reconcile with the sections above.
    public let modesScope: String
    public let exercises: String

    // Timeline
    public let timelineHeading: String
    public let dailyMean: String
    public let rollingMean: String
    public let timelineEmpty: String
    /// "5 days of training" / "an 5 Trainingstagen", for `timelineSummary`.
    public let trainingDays: Plural
    /// The timeline's text alternative: `trainingDays`, first and last day, rolling mean then and now.
    public let timelineSummary:
        @Sendable (_ days: String, _ first: String, _ last: String, _ rollingFirst: String, _ rollingLast: String) ->
            String
    public let recentDays: String
    public let dateColumn: String
    public let monthNames: [String]
    public let shortMonthNames: [String]
    /// "3 Mar 2026" / "3. März 2026"
    public let longDateFormat: @Sendable (_ day: Int, _ month: String, _ year: Int) -> String
    /// "3 Mar" / "3. März"
    public let shortDateFormat: @Sendable (_ day: Int, _ shortMonth: String) -> String
    /// "Mar 2026" / "März 2026"
    public let monthYearFormat: @Sendable (_ shortMonth: String, _ year: Int) -> String

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

    /// Why a CSV file was refused, with its place: "The file cannot be imported; … Line 5,
    /// column timestamp: …".
    public func invalidCSV(_ error: CSVError) -> String {
        errorInvalidCSV(csvPlace(error.line, error.column) + csvReason(error.reason))
    }

    /// What a replace import deletes and adds, as the confirmation asks it.
    public func replaceDetails(_ question: ReplaceNotConfirmed) -> String {
        let first = question.stored.first.map(longDate) ?? ""
        let last = question.stored.last.map(longDate) ?? ""
        return importReplaceDetails(question.stored.total, first, last, question.importing)
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
        return language == .german ? text.replacingOccurrences(of: ".", with: ",") : text
    }
}
