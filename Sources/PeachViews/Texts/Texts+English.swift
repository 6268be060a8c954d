import PeachCore

extension Texts {
    /// English, the default language.
    public static let english = Texts(
        language: .english,
        app: AppTexts(
            appName: "Peach",
            startTitle: "Peach — pitch ear training",
            backToStart: "Back to Start",
            settings: "Settings",
            info: "Info",
            comparison: "Comparison",
            pitchMatching: "Pitch Matching",
            intervalComparison: "Interval Comparison",
            intervalPitchMatching: "Interval Pitch Matching"
        ),
        training: TrainingTexts(
            higher: "Higher",
            lower: "Lower",
            targetIntervalLabel: "Target interval:",
            pitchSliderLabel: "Pitch",
            sliderCentre: "Centre",
            sliderAbove: "{percent} % up",
            sliderBelow: "{percent} % down",
            tapToStart: "Tap to start",
            correct: "Correct",
            incorrect: "Incorrect",
            deadCenter: "Dead center",
            centsText: { cents in
                let magnitude = Plural(one: "{count} cent", other: "{count} cents")(abs(cents))
                return cents > 0 ? "+" + magnitude : cents < 0 ? "\u{2212}" + magnitude : magnitude
            },
            centsSharp: { Plural(one: "{count} cent sharp", other: "{count} cents sharp")($0) },
            centsFlat: { Plural(one: "{count} cent flat", other: "{count} cents flat")($0) }
        ),
        music: MusicTexts(
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
        ),
        settingsPage: SettingsTexts(
            settingsIntro: "Changes are saved at once and apply to the next exercise.",
            noteRangeLegend: "Note range",
            noteRangeLower: "Lowest note",
            noteRangeUpper: "Highest note",
            noteDuration: "Note duration",
            secondsUnit: "s",
            referencePitch: "Reference pitch (A4)",
            hertzUnit: "Hz",
            soundSource: "Sound",
            soundSourceName: { source in
                switch source {
                case .sine: "Sine wave"
                case .piano: "Piano"
                case .violin: "Violin"
                case .cello: "Cello"
                case .flute: "Flute"
                case .clarinet: "Clarinet"
                case .oboe: "Oboe"
                case .trumpet: "Trumpet"
                case .choir: "Choir (aah)"
                }
            },
            loudnessVariation: "Vary loudness",
            loudnessVariationHint: "0 keeps both notes equally loud; 1 varies the target by up to ±2 dB.",
            intervalsLegend: "Intervals for the interval modes",
            intervalsHint: "Each exercise picks one of the chosen intervals at random. Choose at least one.",
            tuningSystem: "Tuning system",
            tuningSystemName: { system in
                switch system {
                case .equalTemperament: "Equal temperament (12-TET)"
                case .justIntonation: "Just intonation"
                case .pythagorean: "Pythagorean"
                }
            },
            languageSetting: "Language",
            languageFromBrowser: "Same as the browser",
            languageName: { language in
                switch language {
                case .english: "English"
                case .german: "German (Deutsch)"
                }
            },
            saveSettings: "Save settings",
            settingsSaved: "Saved.",
            offline:
                "Peach can’t reach its server right now, so nothing was changed. Try again when the connection is back.",
            dataLegend: "Training data",
            exportData: "Export training data (CSV)",
            exportHint: "A CSV file compatible with the Peach iOS app.",
            importData: "Import training data",
            importFile: "CSV file",
            importMerge: "Merge with the existing data",
            importReplace: "Replace all existing data",
            importButton: "Import",
            importSending: "Sending the file… {percent} % · rows read: {rows}",
            importReading: "Reading and checking the rows…",
            importReplaceConfirm: "Delete and import",
            resetData: "Reset all training data",
            resetExplanation:
                "This deletes every recorded exercise and your profile. Your settings stay. This cannot be undone.",
            resetConfirm: "Delete all training data",
            resetCancel: "Cancel",
            resetDone: Plural(one: "Deleted {count} training record.", other: "Deleted {count} training records.")
        ),
        infoPage: InfoTexts(
            infoTitle: "About Peach",
            developerName: "The Peach developers",
            copyrightNotice: "© 2026 The Peach developers",
            developerLabel: "Developer",
            copyrightLabel: "Copyright",
            versionLabel: "Version",
            licenceLabel: "Licence",
            licenceText: "MIT License"
        ),
        refusals: RefusalTexts(
            errorUnknownSetting: { "There is no setting \"\($0)\"." },
            errorSettingValue: { "The \($0) \($1) is not allowed; allowed: \($2)." },
            errorNoIntervals: "Choose at least one interval; nothing was changed.",
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
                }
            },
            allowedRange: { "\($0) to \($1)" },
            allowedSeconds: { "\($0) seconds in steps of \($1)" },
            allowedChoices: { $0.count < 2 ? $0.joined() : $0.dropLast().joined(separator: ", ") + " or " + $0.last! },
            allowedIntervals: { "at least one of the interval codes \($0) … \($1), such as \($2)" },
            allowedLanguage: { "empty (the browser's language), \($0)" },
            noteRangeSpan: { "at least \($0) semitones between the lowest and the highest note" },
            noteRangeName: "note range"
        ),
        charts: ChartTexts(
            profileTitle: "Profile",
            chartSummary: { lower, upper, threshold in
                "Perceptual profile showing detection thresholds from \(lower) to \(upper). "
                    + (threshold.map { "Threshold: \($0)." } ?? "Start training to build your profile.")
            },
            previewLabel: { threshold, caption in
                "Your pitch profile. " + (threshold.map { "Threshold: \($0). " } ?? "")
                    + (caption.map { "\($0). " } ?? "")
                    + "Tap to view details."
            },
            chartEmpty: "Start training to build your profile",
            previewFillsIn: "Your profile fills in as you train",
            centsAxisTitle: "cents",
            thresholdHeading: "Detection threshold",
            allTime: "All time",
            trend: "Trend",
            trendMeaning: { trend in
                switch trend {
                case .improving: "improving"
                case .stable: "no clear change"
                case .declining: "declining"
                case .notEnoughData: "not enough weeks yet"
                }
            },
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
        ),
        sounds: .english,
        sync: .english,
        guide: .english,
        settingsGroups: .english,
        profile: .english
    )
}
