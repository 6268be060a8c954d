import PeachCore

extension Texts {
    /// English, the default language.
    public static let english = Texts(
        language: .english,
        appName: "Peach",
        startTitle: "Peach — pitch ear training",
        backToStart: "Back to Start",
        settings: "Settings",
        info: "Info",
        comparison: "Comparison",
        pitchMatching: "Pitch Matching",
        intervalComparison: "Interval Comparison",
        intervalPitchMatching: "Interval Pitch Matching",
        higher: "Higher",
        lower: "Lower",
        targetIntervalLabel: "Target interval:",
        pitchSliderLabel: "Pitch",
        sliderCentre: "Centre",
        sliderAbove: "{percent} % up",
        sliderBelow: "{percent} % down",
        offline:
            "Peach can’t reach its server right now, so nothing was changed. Try again when the connection is back.",
        tapToStart: "Tap to start",
        correct: "Correct",
        incorrect: "Incorrect",
        deadCenter: "Dead center",
        centsText: { cents in
            let magnitude = Plural(one: "{count} cent", other: "{count} cents")(abs(cents))
            return cents > 0 ? "+" + magnitude : cents < 0 ? "\u{2212}" + magnitude : magnitude
        },
        centsSharp: { Plural(one: "{count} cent sharp", other: "{count} cents sharp")($0) },
        centsFlat: { Plural(one: "{count} cent flat", other: "{count} cents flat")($0) },
        pitchClassNames: ["C", "C♯", "D", "D♯", "E", "F", "F♯", "G", "G♯", "A", "A♯", "B"],
        intervalNames: [
            .prime: "Unison", .minorSecond: "Minor Second", .majorSecond: "Major Second",
            .minorThird: "Minor Third", .majorThird: "Major Third", .perfectFourth: "Perfect Fourth",
            .tritone: "Tritone", .perfectFifth: "Perfect Fifth", .minorSixth: "Minor Sixth",
            .majorSixth: "Major Sixth", .minorSeventh: "Minor Seventh", .majorSeventh: "Major Seventh",
            .octave: "Octave",
        ],
        up: "Up",
        down: "Down",
        directedIntervalName: { "\($0) \($1)" },
        settingsIntro: "Changes are saved at once and apply to the next exercise.",
        noteRangeLegend: "Note range",
        noteRangeLower: "Lowest note",
        noteRangeUpper: "Highest note",
        noteDuration: "Note duration",
        secondsUnit: "s",
        referencePitch: "Reference pitch (A4)",
        hertzUnit: "Hz",
        soundSource: "Sound",
        soundSourceNames: [
            .sine: "Sine wave",
            .piano: "Piano",
            .violin: "Violin",
            .cello: "Cello",
            .flute: "Flute",
            .clarinet: "Clarinet",
            .oboe: "Oboe",
            .trumpet: "Trumpet",
            .choir: "Choir (aah)",
        ],
        loudnessVariation: "Vary loudness",
        loudnessVariationHint: "0 keeps both notes equally loud; 1 varies the target by up to ±2 dB.",
        intervalsLegend: "Intervals for the interval modes",
        intervalsHint: "Each exercise picks one of the chosen intervals at random. Choose at least one.",
        tuningSystem: "Tuning system",
        tuningSystemNames: [
            .equalTemperament: "Equal temperament (12-TET)", .justIntonation: "Just intonation",
            .pythagorean: "Pythagorean",
        ],
        languageSetting: "Language",
        languageFromBrowser: "Same as the browser",
        languageNames: [.english: "English", .german: "German (Deutsch)"],
        saveSettings: "Save settings",
        settingsSaved: "Saved.",
        dataLegend: "Training data",
        exportData: "Export training data (CSV)",
        exportHint: "A CSV file compatible with the Peach iOS app.",
        importData: "Import training data",
        importFile: "CSV file",
        importMerge: "Merge with the existing data",
        importReplace: "Replace all existing data",
        importButton: "Import",
        importSucceeded: { added, duplicates, rhythm in
            let imported = Plural(one: "Imported {count} record.", other: "Imported {count} records.")
            let skippedDuplicates = Plural(one: " Skipped {count} duplicate.", other: " Skipped {count} duplicates.")
            let skippedRhythm = Plural(
                one: " Skipped {count} rhythm record.", other: " Skipped {count} rhythm records.")
            var text = imported(added)
            if duplicates > 0 { text += skippedDuplicates(duplicates) }
            if rhythm > 0 { text += skippedRhythm(rhythm) }
            return text
        },
        importSending: "Sending the file… {percent} % · rows read: {rows}",
        importReading: "Reading and checking the rows…",
        importReplaceQuestion: "Replace all training data?",
        importReplaceDetails: { deleting, first, last, importing in
            let stored = deleting == 1 ? "the 1 stored record" : "all \(deleting) stored records"
            let days = first == last ? "of \(first)" : "from \(first) to \(last)"
            let file = importing == 1 ? "the 1 record" : "the \(importing) records"
            return "Replacing deletes \(stored), \(days), and imports \(file) of the file. This cannot be undone."
        },
        importReplaceChanged:
            "The training data changed since you were asked; nothing was deleted. Please check again.",
        importReplaceConfirm: "Delete and import",
        importCancelled: "Nothing was imported or deleted.",
        resetData: "Reset all training data",
        resetQuestion: "Delete all training data?",
        resetExplanation:
            "This deletes every recorded exercise and your profile. Your settings stay. This cannot be undone.",
        resetConfirm: "Delete all training data",
        resetCancel: "Cancel",
        resetDone: Plural(one: "Deleted {count} training record.", other: "Deleted {count} training records."),
        infoTitle: "About Peach",
        developerName: "The Peach developers",
        copyrightNotice: "© 2026 The Peach developers",
        developerLabel: "Developer",
        copyrightLabel: "Copyright",
        versionLabel: "Version",
        licenceLabel: "Licence",
        licenceText: "MIT License",
        pageNotFoundTitle: "Page not found",
        pageNotFound: "There is no page at this address.",
        serverErrorTitle: "Something went wrong",
        requestRefusedTitle: "This request was refused",
        errorMalformedJSON: "The request body is not valid JSON in UTF-8, or a number in it is too large to read.",
        errorMalformedRequest:
            "The request arrived cut off or garbled (its body does not match its length or chunks, or it names its host twice); nothing was stored. Send it again.",
        errorNotAnObject: "The request body must be a JSON object: {\"name\": value, …}.",
        errorRepeatedField: { "The field \"\($0)\" is given twice; send each field once." },
        errorMalformedField: { "The field \"\($0)\" is missing, unknown or has the wrong type." },
        errorUnknownImportMode: { "\"\($0)\" is not an import mode; use merge or replace." },
        errorBodyTooLarge: { "The request body is too large; this address accepts at most \($0)." },
        errorUnsupportedMediaType: { "Send the body as \($0) (the request said \"\($1)\")." },
        errorUnknownSetting: { "There is no setting \"\($0)\"." },
        errorSettingValue: { "The \($0) \($1) is not allowed; allowed: \($2)." },
        errorResetNotConfirmed: "To delete all training data, send {\"confirm\": true}.",
        errorInvalidCSV: { "The file cannot be imported; nothing was changed. \($0)" },
        errorNoFileChosen: "Choose a CSV file to import; nothing was changed.",
        errorNoPendingImport:
            "This import is no longer waiting to be confirmed (it waits 15 minutes, and only the latest file waits); choose the file again. Nothing was changed.",
        errorMalformedForm: "The form arrived incomplete or garbled; nothing was changed. Send it again.",
        csvPlace: { line, column in
            let parts = [line.map { "Line \($0)" }, column.map { "column \($0)" }].compactMap { $0 }
            return parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        },
        csvReason: { $0.description },
        errorNotFound: "There is nothing at this address.",
        errorMethodNotAllowed: "This address does not accept this method.",
        errorInternal: "Something went wrong on the server; nothing was stored. Try again.",
        errorDiskFull:
            "The disk of the computer running Peach is full, so nothing was stored. Free some space on it, then try again; what was stored before is safe.",
        diskFullTitle: "The disk is full",
        errorDatabaseMoved:
            "Peach's database file was deleted, moved or replaced while Peach was running, so nothing more is stored; this was not kept (a device keeps its answers and sends them again). Restart Peach on the computer it runs on.",
        errorCrossSite:
            "This request came from another website and was refused; use Peach itself to change your settings or data.",
        errorUnknownHost:
            "This server does not answer to that address; open Peach at the address it printed when it started.",
        errorValueTooLong: { "The value of \"\($0)\" is too long; at most \($1) characters are allowed." },
        errorNoIntervals: "Choose at least one interval; nothing was changed.",
        settingNames: [
            .noteRangeLower: "lowest note", .noteRangeUpper: "highest note", .noteDuration: "note duration",
            .referencePitch: "reference pitch", .soundSource: "sound", .loudnessVariation: "loudness variation",
            .intervals: "interval selection", .tuningSystem: "tuning system", .language: "language",
            .wrongAnswerSound: "sound on a wrong answer",
        ],
        allowedValues: [
            .noteRangeLower: "A0 to C8 (MIDI 21–108)", .noteRangeUpper: "A0 to C8 (MIDI 21–108)",
            .noteDuration: "0.3 to 3.0 seconds in steps of 0.1", .referencePitch: "380 to 500 Hz",
            .soundSource: "sine, piano, violin, cello, flute, clarinet, oboe, trumpet or choir",
            .loudnessVariation: "0 to 1",
            .intervals: "at least one of the interval codes P1up … P8down, such as P5up or m3down",
            .tuningSystem: "equalTemperament, justIntonation or pythagorean",
            .language: "empty (the browser's language), en or de",
            .wrongAnswerSound: "true or false",
        ],
        noteRangeSpan: "at least 12 semitones between the lowest and the highest note",
        noteRangeName: "note range",
        profileTitle: "Profile",
        chartSummary: { lower, upper, threshold in
            "Perceptual profile showing detection thresholds from \(lower) to \(upper). "
                + (threshold.map { "Threshold: \($0)." } ?? "Start training to build your profile.")
        },
        previewLabel: { threshold, caption in
            "Your pitch profile. " + (threshold.map { "Threshold: \($0). " } ?? "") + (caption.map { "\($0). " } ?? "")
                + "Tap to view details."
        },
        chartEmpty: "Start training to build your profile",
        previewFillsIn: "Your profile fills in as you train",
        centsAxisTitle: "cents",
        thresholdHeading: "Detection threshold",
        allTime: "All time",
        trend: "Trend",
        trendMeanings: [
            .improving: "improving", .stable: "no clear change", .declining: "declining",
            .notEnoughData: "not enough answers yet",
        ],
        matchingHeading: "Pitch matching accuracy",
        attempts: "Attempts",
        matchingEmpty: "Start pitch matching to see your accuracy",
        timelineHeading: "Progress over time",
        timelineEmpty: "Your progress appears here after your first answers",
        monthNames: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ],
        shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        longDateFormat: { day, month, year in "\(day) \(month) \(year)" },
        shortDateFormat: { day, month in "\(day) \(month)" },
        monthYearFormat: { month, year in "\(month) \(year)" }
    )
}
