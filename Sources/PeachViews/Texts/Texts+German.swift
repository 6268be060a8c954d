import PeachCore

extension Texts {
    /// German.
    public static let german = Texts(
        language: .german,
        appName: "Peach",
        startTitle: "Peach — Gehörbildung für Tonhöhen",
        backToStart: "Zurück zum Start",
        settings: "Einstellungen",
        info: "Über Peach",
        comparison: "Tonvergleich",
        pitchMatching: "Ton treffen",
        intervalComparison: "Intervall\u{AD}vergleich",  // a soft hyphen: wider than a phone at 200 % text
        intervalPitchMatching: "Intervall treffen",
        higher: "Höher",
        lower: "Tiefer",
        targetIntervalLabel: "Zielintervall:",
        pitchSliderLabel: "Tonhöhe",
        sliderCentre: "Mitte",
        sliderAbove: "{percent} % nach oben",
        sliderBelow: "{percent} % nach unten",
        offline:
            "Peach erreicht seinen Server gerade nicht, daher wurde nichts geändert. Versuche es noch einmal, wenn die Verbindung wieder steht.",
        tapToStart: "Zum Starten tippen",
        correct: "Richtig",
        incorrect: "Falsch",
        deadCenter: "Genau getroffen",
        centsText: { cents in
            cents > 0 ? "+\(cents) Cent" : cents < 0 ? "\u{2212}\(-cents) Cent" : "0 Cent"
        },
        centsSharp: { "\($0) Cent zu hoch" },
        centsFlat: { "\($0) Cent zu tief" },
        pitchClassNames: ["C", "Cis", "D", "Dis", "E", "F", "Fis", "G", "Gis", "A", "Ais", "H"],
        intervalNames: [
            .prime: "Prime", .minorSecond: "Kleine Sekunde", .majorSecond: "Große Sekunde",
            .minorThird: "Kleine Terz", .majorThird: "Große Terz", .perfectFourth: "Quarte",
            .tritone: "Tritonus", .perfectFifth: "Quinte", .minorSixth: "Kleine Sexte",
            .majorSixth: "Große Sexte", .minorSeventh: "Kleine Septime", .majorSeventh: "Große Septime",
            .octave: "Oktave",
        ],
        up: "aufwärts",
        down: "abwärts",
        directedIntervalName: { "\($0) \($1)" },
        settingsIntro: "Änderungen werden sofort gespeichert und gelten ab der nächsten Übung.",
        noteRangeLegend: "Tonumfang",
        noteRangeLower: "Tiefster Ton",
        noteRangeUpper: "Höchster Ton",
        noteDuration: "Tondauer",
        secondsUnit: "s",
        referencePitch: "Kammerton (A4)",
        hertzUnit: "Hz",
        soundSource: "Klang",
        soundSourceNames: [
            .sine: "Sinuston",
            .piano: "Klavier",
            .violin: "Violine",
            .cello: "Violoncello",
            .flute: "Querflöte",
            .clarinet: "Klarinette",
            .oboe: "Oboe",
            .trumpet: "Trompete",
            .choir: "Chor (aah)",
        ],
        loudnessVariation: "Lautstärke variieren",
        loudnessVariationHint: "0 spielt beide Töne gleich laut; 1 verändert den Zielton um bis zu ±2 dB.",
        intervalsLegend: "Intervalle für das Intervalltraining",
        intervalsHint: "Jede Übung wählt zufällig eines der gewählten Intervalle. Wähle mindestens eines.",
        tuningSystem: "Stimmung",
        tuningSystemNames: [
            .equalTemperament: "Gleichstufige Stimmung (12-TET)", .justIntonation: "Reine Stimmung",
            .pythagorean: "Pythagoreische Stimmung",
        ],
        languageSetting: "Sprache",
        languageFromBrowser: "Wie im Browser",
        languageNames: [.english: "Englisch (English)", .german: "Deutsch"],
        saveSettings: "Einstellungen speichern",
        settingsSaved: "Gespeichert.",
        dataLegend: "Trainingsdaten",
        exportData: "Trainingsdaten exportieren (CSV)",
        exportHint: "Eine CSV-Datei, die auch die Peach-App für iOS lesen kann.",
        importData: "Trainingsdaten importieren",
        importFile: "CSV-Datei",
        importMerge: "Mit den vorhandenen Daten zusammenführen",
        importReplace: "Alle vorhandenen Daten ersetzen",
        importButton: "Importieren",
        importSucceeded: { added, duplicates, rhythm in
            let imported = Plural(one: "{count} Übung importiert.", other: "{count} Übungen importiert.")
            let skippedDuplicates = Plural(
                one: " {count} Duplikat übersprungen.", other: " {count} Duplikate übersprungen.")
            let skippedRhythm = Plural(
                one: " {count} Rhythmusübung übersprungen.", other: " {count} Rhythmusübungen übersprungen.")
            var text = imported(added)
            if duplicates > 0 { text += skippedDuplicates(duplicates) }
            if rhythm > 0 { text += skippedRhythm(rhythm) }
            return text
        },
        importSending: "Datei wird gesendet … {percent} % · gelesene Zeilen: {rows}",
        importReading: "Die Zeilen werden gelesen und geprüft …",
        importReplaceQuestion: "Alle Trainingsdaten ersetzen?",
        importReplaceDetails: { deleting, first, last, importing in
            let stored = deleting == 1 ? "die 1 gespeicherte Übung" : "alle \(deleting) gespeicherten Übungen"
            let days = first == last ? "vom \(first)" : "vom \(first) bis zum \(last)"
            let file = importing == 1 ? "die 1 Übung" : "die \(importing) Übungen"
            return
                "Ersetzen löscht \(stored) \(days) und importiert \(file) der Datei. Das lässt sich nicht rückgängig machen."
        },
        importReplaceChanged:
            "Die Trainingsdaten haben sich inzwischen geändert; es wurde nichts gelöscht. Bitte prüfe es noch einmal.",
        importReplaceConfirm: "Löschen und importieren",
        importCancelled: "Es wurde nichts importiert oder gelöscht.",
        resetData: "Alle Trainingsdaten löschen",
        resetQuestion: "Alle Trainingsdaten löschen?",
        resetExplanation:
            "Damit werden alle aufgezeichneten Übungen und dein Profil gelöscht. Deine Einstellungen bleiben erhalten. Das kann nicht rückgängig gemacht werden.",
        resetConfirm: "Alle Trainingsdaten endgültig löschen",
        resetCancel: "Abbrechen",
        resetDone: Plural(one: "{count} Übung gelöscht.", other: "{count} Übungen gelöscht."),
        infoTitle: "Über Peach",
        developerName: "Die Peach-Entwickler",
        copyrightNotice: "© 2026 Die Peach-Entwickler",
        developerLabel: "Entwicklung",
        copyrightLabel: "Urheberrecht",
        versionLabel: "Version",
        licenceLabel: "Lizenz",
        licenceText: "MIT-Lizenz",
        pageNotFoundTitle: "Seite nicht gefunden",
        pageNotFound: "Unter dieser Adresse gibt es keine Seite.",
        serverErrorTitle: "Etwas ist schiefgegangen",
        requestRefusedTitle: "Diese Anfrage wurde abgelehnt",
        errorMalformedJSON: "Der Inhalt der Anfrage ist kein gültiges JSON in UTF-8, oder eine Zahl darin ist zu groß.",
        errorMalformedRequest:
            "Die Anfrage kam abgeschnitten oder verstümmelt an (ihr Inhalt passt nicht zu ihrer Länge oder ihren Blöcken, oder sie nennt ihren Host zweimal); es wurde nichts gespeichert. Sende sie noch einmal.",
        errorNotAnObject: "Der Inhalt der Anfrage muss ein JSON-Objekt sein: {\"Name\": Wert, …}.",
        errorRepeatedField: { "Das Feld „\($0)“ kommt zweimal vor; sende jedes Feld nur einmal." },
        errorMalformedField: { "Das Feld „\($0)“ fehlt, ist unbekannt oder hat den falschen Typ." },
        errorUnknownImportMode: { "„\($0)“ ist keine Importart; erlaubt sind merge und replace." },
        errorBodyTooLarge: { "Der Inhalt der Anfrage ist zu groß; diese Adresse nimmt höchstens \($0) an." },
        errorUnsupportedMediaType: { "Sende den Inhalt als \($0) (die Anfrage nannte „\($1)“)." },
        errorUnknownSetting: { "Es gibt keine Einstellung „\($0)“." },
        errorSettingValue: { "Der Wert \($1) ist für die Einstellung „\($0)“ nicht erlaubt; erlaubt: \($2)." },
        errorResetNotConfirmed: "Um alle Trainingsdaten zu löschen, sende {\"confirm\": true}.",
        errorInvalidCSV: { "Die Datei kann nicht importiert werden; es wurde nichts geändert. \($0)" },
        errorNoFileChosen: "Wähle eine CSV-Datei zum Importieren; es wurde nichts geändert.",
        errorNoPendingImport:
            "Dieser Import wartet nicht mehr auf die Bestätigung (er wartet 15 Minuten, und nur die zuletzt gewählte Datei wartet); wähle die Datei noch einmal. Es wurde nichts geändert.",
        errorMalformedForm:
            "Das Formular kam unvollständig oder verstümmelt an; es wurde nichts geändert. Sende es noch einmal.",
        csvPlace: { line, column in
            let parts = [line.map { "Zeile \($0)" }, column.map { "Spalte \($0)" }].compactMap { $0 }
            return parts.isEmpty ? "" : parts.joined(separator: ", ") + ": "
        },
        csvReason: { reason in
            typealias Reason = CSVError.Reason
            let header = CSVFormat.header
            let formatLine = CSVFormat.formatLine
            return switch reason {
            case .emptyFile:
                "Die Datei ist leer; ein Peach-Export beginnt mit der Zeile \(formatLine)."
            case .notText:
                "Die Datei ist keine Textdatei (sie enthält Bytes, die kein UTF-8-Text sind); wähle eine von Peach exportierte CSV-Datei."
            case .otherFormat(let version):
                "Die Datei hat das Peach-Exportformat \(version); dieses Peach liest Format 3 (erste Zeile \(formatLine))."
            case .notPeachExport(let firstLine):
                "Die erste Zeile muss \(formatLine) lauten, sie lautet aber „\(firstLine)“; das ist kein Peach-Export."
            case .missingHeader:
                "Die Kopfzeile fehlt; sie sollte \(header) lauten."
            case .missingColumn(let column):
                "Der Kopfzeile fehlt die Spalte \(column); die Kopfzeile von Format 3 ist \(header)."
            case .fieldCount(let found, let expected):
                "Die Zeile hat \(found) Felder, die Kopfzeile aber \(expected); die Zeile ist abgeschnitten oder hat zusätzliche Kommas."
            case .extraFields(let expected):
                "Die Zeile hat mehr Felder als die \(expected) der Kopfzeile; sie hat zusätzliche Kommas."
            case .repeatedColumn(let column):
                "Die Kopfzeile nennt die Spalte \(column) zweimal; jede Spalte darf nur einmal vorkommen."
            case .unclosedQuote:
                "Ein Feld in Anführungszeichen wird nicht geschlossen: Die Datei endet darin."
            case .textAfterQuotedField:
                "Auf ein Feld in Anführungszeichen folgt vor dem nächsten Komma noch Text."
            case .quoteInUnquotedField:
                "In einem Feld ohne Anführungszeichen steht ein Anführungszeichen; setze das ganze Feld in Anführungszeichen und verdopple das innere."
            case .fieldTooLong(let limit):
                "Das Feld ist länger als \(limit) Bytes, weit länger als jeder Wert eines Peach-Exports; die Datei ist beschädigt oder kein Peach-Export."
            case .unknownTrainingType(let found):
                "„\(found)“ ist keine Trainingsart; erlaubt sind \(Reason.trainingTypes)."
            case .unknownInterval(let found):
                "„\(found)“ ist kein Intervall; erlaubt sind \(Reason.intervalCodes)."
            case .intervalMismatch(let reference, let target, let interval):
                "Der Zielton \(target.rawValue) liegt \(abs(target.rawValue - reference.rawValue)) Halbtöne vom Referenzton \(reference.rawValue) entfernt, das Intervall \(interval.abbreviation) umfasst aber \(interval.semitones)."
            case .unknownTuningSystem(let found):
                "„\(found)“ ist keine Stimmung; erlaubt sind \(Reason.tuningSystems)."
            case .centOffsetOutOfRange(let found):
                "Die Cent-Abweichung \(found) ist null oder liegt außerhalb von ±100 Cent; beim Vergleich liegt der Zielton 0,1 bis 100 Cent daneben."
            case .notABoolean(let found):
                "„\(found)“ ist keine Richtigkeit; erlaubt sind true und false."
            case .initialCentOffsetOutOfRange(let found):
                "Die anfängliche Cent-Abweichung \(found) liegt außerhalb von ±100 Cent."
            case .centErrorOutOfRange(let found):
                "Der Cent-Fehler \(found) liegt außerhalb von ±200 Cent (so weit reicht der Schieberegler)."
            case .notATime(let found):
                "„\(found)“ ist keine Zeitangabe; erwartet wird ISO 8601 in UTC wie \(Reason.timeExample) (Sekundenbruchteile erlaubt)."
            case .notANoteNumber(let found):
                "„\(found)“ ist keine MIDI-Notennummer; erwartet wird eine ganze Zahl von 0 bis 127."
            case .noteOutOfRange(let number):
                "\(number) ist keine MIDI-Note; MIDI-Noten reichen von 0 bis 127."
            case .notANumber(let found):
                "„\(found)“ ist keine Zahl; erwartet wird eine Dezimalzahl wie 12.5."
            }
        },
        errorNotFound: "Unter dieser Adresse gibt es nichts.",
        errorMethodNotAllowed: "Diese Adresse nimmt diese Methode nicht an.",
        errorInternal:
            "Auf dem Server ist ein Fehler aufgetreten; es wurde nichts gespeichert. Versuche es noch einmal.",
        errorDiskFull:
            "Der Datenträger des Computers, auf dem Peach läuft, ist voll; es wurde nichts gespeichert. Schaffe dort Platz und versuche es dann noch einmal; alles bisher Gespeicherte ist sicher.",
        diskFullTitle: "Der Datenträger ist voll",
        errorDatabaseMoved:
            "Die Datenbankdatei von Peach wurde gelöscht, verschoben oder ersetzt, während Peach lief; deshalb wird nichts mehr gespeichert, auch dies nicht (ein Gerät behält seine Antworten und sendet sie erneut). Starte Peach auf dem Computer, auf dem es läuft, neu.",
        errorCrossSite:
            "Diese Anfrage kam von einer anderen Website und wurde abgelehnt; ändere Einstellungen und Daten in Peach selbst.",
        errorUnknownHost:
            "Dieser Server antwortet nicht unter dieser Adresse; öffne Peach unter der Adresse, die er beim Start angezeigt hat.",
        errorValueTooLong: { "Der Wert von \"\($0)\" ist zu lang; erlaubt sind höchstens \($1) Zeichen." },
        errorNoIntervals: "Wähle mindestens ein Intervall; es wurde nichts geändert.",
        settingNames: [
            .noteRangeLower: "Tiefster Ton", .noteRangeUpper: "Höchster Ton", .noteDuration: "Tondauer",
            .referencePitch: "Kammerton", .soundSource: "Klang", .loudnessVariation: "Lautstärke variieren",
            .intervals: "Intervallauswahl", .tuningSystem: "Stimmung", .language: "Sprache",
            .wrongAnswerSound: "Klang bei falscher Antwort",
        ],
        allowedValues: [
            .noteRangeLower: "A0 bis C8 (MIDI 21–108)", .noteRangeUpper: "A0 bis C8 (MIDI 21–108)",
            .noteDuration: "0,3 bis 3,0 Sekunden in Schritten von 0,1", .referencePitch: "380 bis 500 Hz",
            .soundSource: "sine, piano, violin, cello, flute, clarinet, oboe, trumpet oder choir",
            .loudnessVariation: "0 bis 1",
            .intervals: "mindestens einer der Intervallcodes P1up … P8down, etwa P5up oder m3down",
            .tuningSystem: "equalTemperament, justIntonation oder pythagorean",
            .language: "leer (Sprache des Browsers), en oder de",
            .wrongAnswerSound: "true oder false",
        ],
        noteRangeSpan: "mindestens 12 Halbtöne zwischen tiefstem und höchstem Ton",
        noteRangeName: "Tonumfang",
        profileTitle: "Profil",
        chartSummary: { lower, upper, threshold in
            "Wahrnehmungsprofil mit den Unterscheidungsschwellen von \(lower) bis \(upper). "
                + (threshold.map { "Schwelle: \($0)." } ?? "Beginne mit dem Training, um dein Profil aufzubauen.")
        },
        previewLabel: { threshold, caption in
            "Dein Tonhöhenprofil. " + (threshold.map { "Schwelle: \($0). " } ?? "") + (caption.map { "\($0). " } ?? "")
                + "Tippe, um die Details zu sehen."
        },
        chartEmpty: "Beginne mit dem Training, um dein Profil aufzubauen",
        previewFillsIn: "Dein Profil füllt sich, während du trainierst",
        centsAxisTitle: "Cent",
        // Soft hyphens: at a large text size on a phone these compounds are wider than the screen.
        thresholdHeading: "Unterscheidungs\u{AD}schwelle",
        allTime: "Insgesamt",
        trend: "Trend",
        trendMeanings: [
            .improving: "wird feiner", .stable: "keine klare Änderung", .declining: "wird gröber",
            .notEnoughData: "noch nicht genug Antworten",
        ],
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
    )
}
