import PeachCore

/// The Settings page: every setting's label and choices, and the training data's export, import and reset.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
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

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: SettingsTexts {
        SettingsTexts(
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
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: SettingsTexts {
        SettingsTexts(
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
            importMerge: "Zu vorhandenen Daten hinzufügen",
            importReplace: "Alle vorhandenen Daten ersetzen",
            importButton: "Importieren",
            importSending: "Datei wird gesendet … {percent} % · gelesene Zeilen: {rows}",
            importReading: "Die Zeilen werden gelesen und geprüft …",
            importReplaceConfirm: "Löschen und importieren",
            resetData: "Alle Trainingsdaten löschen",
            resetExplanation:
                "Das löscht alle aufgezeichneten Übungen und dein Profil, nicht deine Einstellungen. Das lässt sich nicht rückgängig machen.",
            resetConfirm: "Alle Trainingsdaten endgültig löschen",
            resetCancel: "Abbrechen",
            resetDone: Plural(one: "{count} Übung gelöscht.", other: "{count} Übungen gelöscht.")
        )
    }
}
