import PeachCore
import PeachViews

extension ServerTexts {
    /// German.
    public static let german = ServerTexts(
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
        importCancelled: "Es wurde nichts importiert oder gelöscht.",
        resetQuestion: "Alle Trainingsdaten löschen?",
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
        errorValueTooLong: { "Der Wert von \"\($0)\" ist zu lang; erlaubt sind höchstens \($1) Zeichen." }
    )
}
