import PeachCore

extension Texts {
    /// German.
    public static let german = Texts(
        language: .german,
        app: AppTexts(
            appName: "Peach",
            startTitle: "Peach — Gehörbildung für Tonhöhen",
            backToStart: "Zurück zum Start",
            settings: "Einstellungen",
            info: "Über Peach",
            comparison: "Tonvergleich",
            pitchMatching: "Ton treffen",
            intervalComparison: "Intervall\u{AD}vergleich",  // a soft hyphen: wider than a phone at 200 % text,
            intervalPitchMatching: "Intervall treffen"
        ),
        training: TrainingTexts(
            higher: "Höher",
            lower: "Tiefer",
            targetIntervalLabel: "Zielintervall:",
            pitchSliderLabel: "Tonhöhe",
            sliderCentre: "Mitte",
            sliderAbove: "{percent} % nach oben",
            sliderBelow: "{percent} % nach unten",
            tapToStart: "Zum Starten tippen",
            correct: "Richtig",
            incorrect: "Falsch",
            deadCenter: "Genau getroffen",
            centsText: { cents in
                cents > 0 ? "+\(cents) Cent" : cents < 0 ? "\u{2212}\(-cents) Cent" : "0 Cent"
            },
            centsSharp: { "\($0) Cent zu hoch" },
            centsFlat: { "\($0) Cent zu tief" }
        ),
        music: MusicTexts(
            pitchClassNames: ["C", "Cis", "D", "Dis", "E", "F", "Fis", "G", "Gis", "A", "Ais", "H"],
            intervalName: { interval in
                switch interval {
                case .prime: "Prime"
                case .minorSecond: "Kleine Sekunde"
                case .majorSecond: "Große Sekunde"
                case .minorThird: "Kleine Terz"
                case .majorThird: "Große Terz"
                case .perfectFourth: "Quarte"
                case .tritone: "Tritonus"
                case .perfectFifth: "Quinte"
                case .minorSixth: "Kleine Sexte"
                case .majorSixth: "Große Sexte"
                case .minorSeventh: "Kleine Septime"
                case .majorSeventh: "Große Septime"
                case .octave: "Oktave"
                }
            },
            up: "aufwärts",
            down: "abwärts",
            directedIntervalName: { "\($0) \($1)" }
        ),
        settingsPage: SettingsTexts(
            settingsIntro: "Änderungen werden sofort gespeichert und gelten ab der nächsten Übung.",
            noteRangeLegend: "Tonumfang",
            noteRangeLower: "Tiefster Ton",
            noteRangeUpper: "Höchster Ton",
            noteDuration: "Tondauer",
            secondsUnit: "s",
            referencePitch: "Kammerton (A4)",
            hertzUnit: "Hz",
            soundSource: "Klang",
            soundSourceName: { source in
                switch source {
                case .sine: "Sinuston"
                case .piano: "Klavier"
                case .violin: "Violine"
                case .cello: "Violoncello"
                case .flute: "Querflöte"
                case .clarinet: "Klarinette"
                case .oboe: "Oboe"
                case .trumpet: "Trompete"
                case .choir: "Chor (aah)"
                }
            },
            loudnessVariation: "Lautstärke variieren",
            loudnessVariationHint: "0 spielt beide Töne gleich laut; 1 verändert den Zielton um bis zu ±2 dB.",
            intervalsLegend: "Intervalle für das Intervalltraining",
            intervalsHint: "Jede Übung wählt zufällig eines der gewählten Intervalle. Wähle mindestens eines.",
            tuningSystem: "Stimmung",
            tuningSystemName: { system in
                switch system {
                case .equalTemperament: "Gleichstufige Stimmung (12-TET)"
                case .justIntonation: "Reine Stimmung"
                case .pythagorean: "Pythagoreische Stimmung"
                }
            },
            languageSetting: "Sprache",
            languageFromBrowser: "Wie im Browser",
            languageName: { language in
                switch language {
                case .english: "Englisch (English)"
                case .german: "Deutsch"
                }
            },
            saveSettings: "Einstellungen speichern",
            settingsSaved: "Gespeichert.",
            offline:
                "Peach erreicht seinen Server gerade nicht, daher wurde nichts geändert. Versuche es noch einmal, wenn die Verbindung wieder steht.",
            dataLegend: "Trainingsdaten",
            exportData: "Trainingsdaten exportieren (CSV)",
            exportHint: "Eine CSV-Datei, die auch die Peach-App für iOS lesen kann.",
            importData: "Trainingsdaten importieren",
            importFile: "CSV-Datei",
            importMerge: "Mit den vorhandenen Daten zusammenführen",
            importReplace: "Alle vorhandenen Daten ersetzen",
            importButton: "Importieren",
            importSending: "Datei wird gesendet … {percent} % · gelesene Zeilen: {rows}",
            importReading: "Die Zeilen werden gelesen und geprüft …",
            importReplaceConfirm: "Löschen und importieren",
            resetData: "Alle Trainingsdaten löschen",
            resetExplanation:
                "Damit werden alle aufgezeichneten Übungen und dein Profil gelöscht. Deine Einstellungen bleiben erhalten. Das kann nicht rückgängig gemacht werden.",
            resetConfirm: "Alle Trainingsdaten endgültig löschen",
            resetCancel: "Abbrechen",
            resetDone: Plural(one: "{count} Übung gelöscht.", other: "{count} Übungen gelöscht.")
        ),
        infoPage: InfoTexts(
            infoTitle: "Über Peach",
            developerName: "Die Peach-Entwickler",
            copyrightNotice: "© 2026 Die Peach-Entwickler",
            developerLabel: "Entwicklung",
            copyrightLabel: "Urheberrecht",
            versionLabel: "Version",
            licenceLabel: "Lizenz",
            licenceText: "MIT-Lizenz"
        ),
        refusals: RefusalTexts(
            errorUnknownSetting: { "Es gibt keine Einstellung „\($0)“." },
            errorSettingValue: { "Der Wert \($1) ist für die Einstellung „\($0)“ nicht erlaubt; erlaubt: \($2)." },
            errorNoIntervals: "Wähle mindestens ein Intervall; es wurde nichts geändert.",
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
            noteRangeName: "Tonumfang"
        ),
        charts: ChartTexts(
            profileTitle: "Profil",
            chartSummary: { lower, upper, threshold in
                "Wahrnehmungsprofil mit den Unterscheidungsschwellen von \(lower) bis \(upper). "
                    + (threshold.map { "Schwelle: \($0)." } ?? "Beginne mit dem Training, um dein Profil aufzubauen.")
            },
            previewLabel: { threshold, caption in
                "Dein Tonhöhenprofil. " + (threshold.map { "Schwelle: \($0). " } ?? "")
                    + (caption.map { "\($0). " } ?? "")
                    + "Tippe, um die Details zu sehen."
            },
            chartEmpty: "Beginne mit dem Training, um dein Profil aufzubauen",
            previewFillsIn: "Dein Profil füllt sich, während du trainierst",
            centsAxisTitle: "Cent",
            thresholdHeading: "Unterscheidungs\u{AD}schwelle",
            allTime: "Insgesamt",
            trend: "Trend",
            trendMeaning: { trend in
                switch trend {
                case .improving: "wird feiner"
                case .stable: "keine klare Änderung"
                case .declining: "wird gröber"
                case .notEnoughData: "noch nicht genug Wochen"
                }
            },
            matchingHeading: "Treff\u{AD}genauigkeit",
            attempts: "Versuche",
            matchingEmpty: "Trainiere „Ton treffen“, um deine Treffgenauigkeit zu sehen",
            timelineHeading: "Verlauf",
            timelineEmpty: "Dein Verlauf erscheint hier nach deinen ersten Antworten",
            monthNames: [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                "November", "Dezember",
            ],
            shortMonthNames: [
                "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez.",
            ],
            longDateFormat: { day, month, year in "\(day). \(month) \(year)" },
            shortDateFormat: { day, month in "\(day). \(month)" },
            monthYearFormat: { month, year in "\(month) \(year)" }
        ),
        sounds: .german,
        sync: .german,
        guide: .german,
        settingsGroups: .german,
        profile: .german
    )
}
