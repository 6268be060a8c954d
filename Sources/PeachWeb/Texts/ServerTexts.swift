import PeachCore
import PeachViews

/// The texts only the server shows: its error pages and API refusals, the CSV import's
/// outcomes and the reset's confirmation. Kept out of PeachViews' `Texts` so that the wasm core,
/// which every device downloads, does not carry them.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language is a value of it, given below the struct as every table of texts is
/// (docs/design.md).
public struct ServerTexts: Sendable {
    public let importSucceeded: @Sendable (_ added: Int, _ duplicates: Int) -> String
    public let importReplaceQuestion: String
    /// What a replace deletes and adds; the dates are already written as days.
    public let importReplaceDetails:
        @Sendable (_ deleting: Int, _ firstDay: String, _ lastDay: String, _ importing: Int) -> String
    public let importReplaceChanged: String
    public let importCancelled: String
    public let resetQuestion: String
    public let pageNotFoundTitle: String
    public let pageNotFound: String
    /// The heading of the page of a 5xx.
    public let serverErrorTitle: String
    /// The heading of the page of a refused request (a 4xx other than 404).
    public let requestRefusedTitle: String
    public let errorMalformedJSON: String
    /// A request whose framing broke: a body shorter than its Content-Length, bad chunks.
    public let errorMalformedRequest: String
    /// A JSON body that is an array, a string or a number where an object is expected.
    public let errorNotAnObject: String
    public let errorRepeatedField: @Sendable (String) -> String
    public let errorMalformedField: @Sendable (String) -> String
    public let errorUnknownImportMode: @Sendable (String) -> String
    public let errorBodyTooLarge: @Sendable (String) -> String
    public let errorUnsupportedMediaType: @Sendable (_ expected: String, _ received: String) -> String
    public let errorResetNotConfirmed: String
    public let errorInvalidCSV: @Sendable (String) -> String
    /// The import form sent without a file.
    public let errorNoFileChosen: String
    /// A replace import confirmed after it stopped waiting: how many minutes one waits
    /// (`PendingReplace.lifetime`).
    public let errorNoPendingImport: @Sendable (_ minutes: Int) -> String
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
    /// The database file was deleted, moved or replaced while the server ran (a 503): nothing
    /// more is stored; where what it held was kept (the copy's path, or nil), and what to do.
    public let errorDatabaseMoved: @Sendable (String?) -> String
    /// A request header that must be a time in milliseconds since 1970 is not: its name.
    public let errorMalformedTimeHeader: @Sendable (String) -> String
    /// A request header that must be a record's id (a UUID) is not: its name.
    public let errorMalformedIDHeader: @Sendable (String) -> String
    /// The database file was overwritten in place while the server ran (a 503): what to do.
    public let errorDatabaseOverwritten: String
    public let errorCrossSite: String
    /// A request addressed to a name this server does not serve (DNS-rebinding guard).
    public let errorUnknownHost: String
    /// A setting value longer than any valid one: the setting's key and the bound in characters.
    public let errorValueTooLong: @Sendable (String, Int) -> String
    /// Why a sync upload refused a record or the batch, in a sentence naming the field as the API
    /// names it (English: as `InvalidRecord.description` words the core's rules).
    public let syncRefusal: @Sendable (SyncRefusal) -> String

    /// The server's texts of a language.
    public static func of(_ language: Language) -> ServerTexts {
        switch language {
        case .english: .english
        case .german: .german
        }
    }
}

extension ServerTexts {
    /// English, the default language.
    public static let english = ServerTexts(
        importSucceeded: { added, duplicates in
            let imported = Plural(one: "Imported {count} record.", other: "Imported {count} records.")
            let skippedDuplicates = Plural(one: " Skipped {count} duplicate.", other: " Skipped {count} duplicates.")
            var text = imported(added)
            if duplicates > 0 { text += skippedDuplicates(duplicates) }
            return text
        },
        importReplaceQuestion: "Replace all training data?",
        importReplaceDetails: { deleting, first, last, importing in
            let stored = deleting == 1 ? "the 1 stored record" : "all \(deleting) stored records"
            let days = first == last ? "of \(first)" : "from \(first) to \(last)"
            let file = importing == 1 ? "the 1 record" : "the \(importing) records"
            return "Replacing deletes \(stored), \(days), and imports \(file) of the file. This cannot be undone."
        },
        importReplaceChanged:
            "The training data changed since you were asked; nothing was deleted. Please check again.",
        importCancelled: "Nothing was imported or deleted.",
        resetQuestion: "Delete all training data?",
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
        errorResetNotConfirmed: "To delete all training data, send {\"confirm\": true}.",
        errorInvalidCSV: { "The file cannot be imported; nothing was changed. \($0)" },
        errorNoFileChosen: "Choose a CSV file to import; nothing was changed.",
        errorNoPendingImport: { minutes in
            "This import is no longer waiting to be confirmed (it waits \(Self.minutesInEnglish(minutes)), and only the latest file waits); choose the file again. Nothing was changed."
        },
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
        errorDatabaseMoved: { kept in
            "Peach's database file was deleted, moved or replaced while Peach was running, so nothing more is stored; this was not kept (a device keeps its answers and sends them again). "
                + (kept.map {
                    "Everything Peach had stored is kept in \($0): on the computer Peach runs on, stop it and run peach restore \($0) --yes to go on with it."
                } ?? "Restart Peach on the computer it runs on.")
        },
        errorMalformedTimeHeader: { "The header \"\($0)\" must be a whole number of milliseconds since 1970." },
        errorMalformedIDHeader: { "The header \"\($0)\" must be a record's id, a UUID." },
        errorDatabaseOverwritten:
            "Peach's database file was overwritten while Peach was running (a copy over it), so nothing more is stored; this was not kept (a device keeps its answers and sends them again). On the computer Peach runs on, stop it and bring the backup back with peach restore.",
        errorCrossSite:
            "This request came from another website and was refused; use Peach itself to change your settings or data.",
        errorUnknownHost:
            "This server does not answer to that address; open Peach at the address it printed when it started.",
        errorValueTooLong: { "The value of \"\($0)\" is too long; at most \($1) characters are allowed." },
        syncRefusal: { refusal in
            let trainingTypes =
                "\"\(CSVFormat.comparisonType)\", \"\(CSVFormat.pitchMatchingType)\", \"\(CSVFormat.rhythmOffsetDetectionType)\" or \"\(CSVFormat.continuousRhythmMatchingType)\""
            let tuningSystems = "one of " + TuningSystem.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            let notes = MIDINote.validRange
            let expected = { (expectation: SyncRefusal.Expectation) in
                switch expectation {
                case .uuid: "a UUID"
                case .trainingType: trainingTypes
                case .milliseconds: "a number of milliseconds since 1970"
                case .midiNote: "a MIDI note number from \(notes.lowerBound) to \(notes.upperBound)"
                case .tuningSystem: tuningSystems
                case .cents: "a number of cents"
                case .tempo: "a whole number of BPM"
                case .offset: "a number of milliseconds (negative: early)"
                case .count: "a whole number"
                case .boolean: "true or false"
                }
            }
            let idNeeded = "every record needs the UUID the device made for it. Nothing was stored."
            return switch refusal {
            case .tooManyRecords(let count, let limit):
                "The upload holds \(count) records; send at most \(limit) at a time. Nothing was stored."
            case .missingID(let index): "The record at index \(index) has no id; \(idNeeded)"
            case .malformedID(let index): "The record at index \(index) has an id that is not a UUID; \(idNeeded)"
            case .conflict(let id):
                "A record with the id \(id) is already stored with different content; it was not changed."
            case .wrongType(let field, let expectation): "The field \(field) must be \(expected(expectation))."
            case .unknownField(let field): "The field \(field) is not a field of a record."
            case .missingField(let field): "The field \(field) is missing."
            case .foreignField(let field, let type): "The field \(field) does not belong to a \(type) record."
            case .unknownTrainingType(let type):
                "The trainingType \"\(type)\" is not known; expected \(trainingTypes)."
            case .beforeEarliest(let milliseconds, let earliest):
                "The timestamp \(milliseconds) is before \(earliest.isoText.prefix(10)); the device's clock is wrong."
            case .future(let time, let now, let tolerance):
                "The timestamp \(time) is more than \(Self.minutesInEnglish(tolerance)) after the server's time (\(now)); check the device's clock."
            case .noteOutOfRange(let field, let value):
                "The \(field) \(value) is out of range; a MIDI note is from \(notes.lowerBound) to \(notes.upperBound)."
            case .unknownTuningSystem(let system):
                "The tuningSystem \"\(system)\" is not known; expected \(tuningSystems)."
            case .invalid(let rule): rule.description
            }
        }
    )

    private static let minutesInEnglish = Plural(one: "{count} minute", other: "{count} minutes")
}

extension ServerTexts {
    /// German.
    public static let german = ServerTexts(
        importSucceeded: { added, duplicates in
            let imported = Plural(one: "{count} Übung importiert.", other: "{count} Übungen importiert.")
            let skippedDuplicates = Plural(
                one: " {count} Duplikat übersprungen.", other: " {count} Duplikate übersprungen.")
            var text = imported(added)
            if duplicates > 0 { text += skippedDuplicates(duplicates) }
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
        errorNoPendingImport: { minutes in
            "Dieser Import wartet nicht mehr auf die Bestätigung (er wartet \(Self.minutesInGerman(minutes)), und nur die zuletzt gewählte Datei wartet); wähle die Datei noch einmal. Es wurde nichts geändert."
        },
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
                "Die Datei hat das Peach-Exportformat \(version), dieses Peach liest aber die Formate \(CSVFormat.readableVersions.lowerBound) bis \(CSVFormat.readableVersions.upperBound): Eine neuere Peach-App hat sie geschrieben. Aktualisiere dieses Peach, um sie zu importieren."
            case .notPeachExport(let firstLine):
                "Die erste Zeile muss \(formatLine) lauten, sie lautet aber „\(firstLine)“; das ist kein Peach-Export."
            case .missingHeader:
                "Die Kopfzeile fehlt; sie sollte \(header) lauten."
            case .missingColumn(let column, let format):
                "Der Kopfzeile fehlt die Spalte \(column); die Kopfzeile von Format \(format) lautet \(CSVFormat.header(version: format))."
            case .fieldCount(let found, let expected):
                "Die Zeile hat \(found) Felder, die Kopfzeile aber \(expected); die Zeile ist abgeschnitten oder hat zusätzliche Kommas."
            case .extraFields(let expected):
                "Die Zeile hat mehr Felder als die \(expected) der Kopfzeile; sie hat zusätzliche Kommas."
            case .repeatedColumn(let column):
                "Die Kopfzeile nennt die Spalte \(column) zweimal; jede Spalte darf nur einmal vorkommen."
            case .unclosedQuote:
                "Ein Feld in Anführungszeichen wird nicht geschlossen: Die Datei endet darin."
            case .semicolonSeparated:
                "Die Felder der Datei sind durch Semikolons getrennt, wie eine Tabellenkalkulation in einer Sprache mit Dezimalkomma CSV speichert; Peach liest Kommas. Importiere die Datei so, wie Peach sie exportiert hat, oder speichere sie noch einmal als CSV mit Kommas zwischen den Feldern und Dezimalpunkt in Zahlen."
            case .decimalComma(let found):
                "„\(found)“ hat ein Dezimalkomma; Peach liest Zahlen mit Dezimalpunkt wie 12.5. Importiere die Datei so, wie Peach sie exportiert hat, oder speichere sie noch einmal als CSV mit Dezimalpunkt in Zahlen."
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
                "Die Cent-Abweichung \(found) ist null oder liegt außerhalb von ±\(Int(ComparisonRecord.centOffsetBound.value)) Cent; beim Vergleich liegt der Zielton \(DecimalText.shortest(KazezChain.minimumMagnitude.value).replacing(".", with: ",")) bis \(Int(KazezChain.maximumMagnitude.value)) Cent daneben."
            case .notABoolean(let found):
                "„\(found)“ ist keine Richtigkeit; erlaubt sind true und false."
            case .initialCentOffsetOutOfRange(let found):
                "Die anfängliche Cent-Abweichung \(found) liegt außerhalb von ±\(Int(PitchMatchingRecord.initialCentOffsetBound.value)) Cent."
            case .centErrorOutOfRange(let found):
                "Der Cent-Fehler \(found) liegt außerhalb von ±\(Int(PitchMatchingRecord.userCentErrorBound.value)) Cent (so weit reicht der Schieberegler)."
            case .notATime(let found):
                "„\(found)“ ist keine Zeitangabe; erwartet wird ISO 8601 in UTC wie \(Reason.timeExample) (Sekundenbruchteile erlaubt)."
            case .notANoteNumber(let found):
                "„\(found)“ ist keine MIDI-Notennummer; erwartet wird eine ganze Zahl von \(MIDINote.validRange.lowerBound) bis \(MIDINote.validRange.upperBound)."
            case .noteOutOfRange(let number):
                "\(number) ist keine MIDI-Note; MIDI-Noten reichen von \(MIDINote.validRange.lowerBound) bis \(MIDINote.validRange.upperBound)."
            case .notANumber(let found):
                "„\(found)“ ist keine Zahl; erwartet wird eine Dezimalzahl wie 12.5."
            case .tempoOutOfRange(let found):
                "„\(found)“ ist kein Tempo; erwartet wird eine ganze Zahl von \(TempoBPM.recordable.lowerBound) bis \(TempoBPM.recordable.upperBound) BPM."
            case .offsetOutOfRange(let found, let tempo):
                "Die Abweichung \(found) ms ist null oder weiter als eine halbe Sechzehntel (\(DecimalText.shortest(tempo.offsetBoundMs).replacing(".", with: ",")) ms bei \(tempo)) vom Schlag entfernt."
            case .meanOffsetOutOfRange(let found, let tempo):
                "Die mittlere Abweichung \(found) ms ist weiter als eine halbe Sechzehntel (\(DecimalText.shortest(tempo.offsetBoundMs).replacing(".", with: ",")) ms bei \(tempo)) vom Schlag entfernt; ein so ferner Tipp zählt nicht."
            }
        },
        errorNotFound: "Unter dieser Adresse gibt es nichts.",
        errorMethodNotAllowed: "Diese Adresse nimmt diese Methode nicht an.",
        errorInternal:
            "Auf dem Server ist ein Fehler aufgetreten; es wurde nichts gespeichert. Versuche es noch einmal.",
        errorDiskFull:
            "Der Datenträger des Computers, auf dem Peach läuft, ist voll; es wurde nichts gespeichert. Schaffe dort Platz und versuche es dann noch einmal; alles bisher Gespeicherte ist sicher.",
        diskFullTitle: "Der Datenträger ist voll",
        errorDatabaseMoved: { kept in
            "Die Datenbankdatei von Peach wurde gelöscht, verschoben oder ersetzt, während Peach lief; deshalb wird nichts mehr gespeichert, auch dies nicht (ein Gerät behält seine Antworten und sendet sie erneut). "
                + (kept.map {
                    "Alles, was Peach gespeichert hatte, ist in \($0) erhalten: Beende Peach auf dem Computer, auf dem es läuft, und führe peach restore \($0) --yes aus, um damit weiterzumachen."
                } ?? "Starte Peach auf dem Computer, auf dem es läuft, neu.")
        },
        errorMalformedTimeHeader: { "Der Header „\($0)“ muss eine ganze Zahl von Millisekunden seit 1970 sein." },
        errorMalformedIDHeader: { "Der Header „\($0)“ muss die id einer Übung sein, eine UUID." },
        errorDatabaseOverwritten:
            "Die Datenbankdatei von Peach wurde überschrieben, während Peach lief (eine Kopie darüber); deshalb wird nichts mehr gespeichert, auch dies nicht (ein Gerät behält seine Antworten und sendet sie erneut). Beende Peach auf dem Computer, auf dem es läuft, und hole die Sicherung mit peach restore zurück.",
        errorCrossSite:
            "Diese Anfrage kam von einer anderen Website und wurde abgelehnt; ändere Einstellungen und Daten in Peach selbst.",
        errorUnknownHost:
            "Dieser Server antwortet nicht unter dieser Adresse; öffne Peach unter der Adresse, die er beim Start angezeigt hat.",
        errorValueTooLong: { "Der Wert von \"\($0)\" ist zu lang; erlaubt sind höchstens \($1) Zeichen." },
        syncRefusal: { refusal in
            let trainingTypes =
                "„\(CSVFormat.comparisonType)“, „\(CSVFormat.pitchMatchingType)“, „\(CSVFormat.rhythmOffsetDetectionType)“ oder „\(CSVFormat.continuousRhythmMatchingType)“"
            let tuningSystems =
                "einer der Werte " + TuningSystem.allCases.map { "„\($0.rawValue)“" }.joined(separator: ", ")
            let notes = MIDINote.validRange
            let expected = { (expectation: SyncRefusal.Expectation) in
                switch expectation {
                case .uuid: "eine UUID"
                case .trainingType: trainingTypes
                case .milliseconds: "eine Zahl von Millisekunden seit 1970"
                case .midiNote: "eine MIDI-Notennummer von \(notes.lowerBound) bis \(notes.upperBound)"
                case .tuningSystem: tuningSystems
                case .cents: "eine Zahl in Cent"
                case .tempo: "eine ganze Zahl in BPM"
                case .offset: "eine Zahl in Millisekunden (negativ: zu früh)"
                case .count: "eine ganze Zahl"
                case .boolean: "true oder false"
                }
            }
            func cents(_ bound: Cents) -> String { "zwischen -\(Int(bound.value)) und \(Int(bound.value)) Cent" }
            let idNeeded =
                "jede Übung braucht die UUID, die das Gerät für sie erzeugt hat. Es wurde nichts gespeichert."
            return switch refusal {
            case .tooManyRecords(let count, let limit):
                "Die Sendung enthält \(count) Übungen; sende höchstens \(limit) auf einmal. Es wurde nichts gespeichert."
            case .missingID(let index): "Die Übung an Position \(index) hat keine id; \(idNeeded)"
            case .malformedID(let index): "Die Übung an Position \(index) hat eine id, die keine UUID ist; \(idNeeded)"
            case .conflict(let id):
                "Eine Übung mit der id \(id) ist bereits mit anderem Inhalt gespeichert; sie wurde nicht geändert."
            case .wrongType(let field, let expectation): "Das Feld \(field) muss \(expected(expectation)) sein."
            case .unknownField(let field): "Eine Übung hat kein Feld \(field)."
            case .missingField(let field): "Das Feld \(field) fehlt."
            case .foreignField(let field, let type): "Das Feld \(field) gehört nicht zu einer Übung der Art \(type)."
            case .unknownTrainingType(let type):
                "Der Wert „\(type)“ von trainingType ist unbekannt; erwartet wird \(trainingTypes)."
            case .beforeEarliest(let milliseconds, let earliest):
                "Der Wert \(milliseconds) von timestamp liegt vor dem \(earliest.isoText.prefix(10)); die Uhr des Geräts geht falsch."
            case .future(let time, let now, let tolerance):
                "Der Wert \(time) von timestamp liegt mehr als \(Self.minutesInGerman(tolerance)) nach der Zeit des Servers (\(now)); prüfe die Uhr des Geräts."
            case .noteOutOfRange(let field, let value):
                "Der Wert \(value) von \(field) ist keine MIDI-Note; MIDI-Noten reichen von \(notes.lowerBound) bis \(notes.upperBound)."
            case .unknownTuningSystem(let system):
                "Der Wert „\(system)“ von tuningSystem ist unbekannt; erwartet wird \(tuningSystems)."
            case .invalid(.timestampOutOfRange(let time)):
                "Der Wert \(time.millisecondsSince1970) von timestamp liegt außerhalb der Jahre \(Timestamp.year0000.isoText.prefix(4)) bis \(Timestamp.year9999End.isoText.prefix(4))."
            case .invalid(.notesTooFarApart(let reference, let target)):
                "Der Wert \(target.rawValue) von targetNote liegt \(abs(target.rawValue - reference.rawValue)) Halbtöne vom Wert \(reference.rawValue) von referenceNote entfernt; erlaubt ist höchstens eine Oktave (\(Interval.octave.semitones))."
            case .invalid(.centOffsetOutOfRange(let offset)):
                "Der Wert \(offset.value) von centOffset ist nicht erlaubt; er muss ungleich null sein und \(cents(ComparisonRecord.centOffsetBound)) liegen."
            case .invalid(.initialCentOffsetOutOfRange(let offset)):
                "Der Wert \(offset.value) von initialCentOffset ist nicht erlaubt; er muss \(cents(PitchMatchingRecord.initialCentOffsetBound)) liegen."
            case .invalid(.userCentErrorOutOfRange(let error)):
                "Der Wert \(error.value) von userCentError ist nicht erlaubt; er muss \(cents(PitchMatchingRecord.userCentErrorBound)) liegen."
            case .invalid(.tempoOutOfRange(let tempo)):
                "Der Wert \(tempo) von tempoBPM ist nicht erlaubt; er muss von \(TempoBPM.recordable.lowerBound) bis \(TempoBPM.recordable.upperBound) reichen."
            case .invalid(.offsetMsOutOfRange(let offset, let tempo)):
                "Der Wert \(offset) von offsetMs ist nicht erlaubt; bei \(tempo) muss er ungleich null sein und zwischen -\(DecimalText.shortest(tempo.offsetBoundMs)) und \(DecimalText.shortest(tempo.offsetBoundMs)) ms liegen (eine halbe Sechzehntel)."
            case .invalid(.meanOffsetMsOutOfRange(let offset, let tempo, let position)):
                "Der Wert \(offset) von meanOffsetMs\(position.map { "Position\($0)" } ?? "") ist nicht erlaubt; bei \(tempo) muss er zwischen -\(DecimalText.shortest(tempo.offsetBoundMs)) und \(DecimalText.shortest(tempo.offsetBoundMs)) ms liegen (eine halbe Sechzehntel)."
            case .invalid(.positionCount(let count)):
                "Es sind \(count) Werte meanOffsetMsPosition; es müssen \(ContinuousRhythmMatchingRecord.stepsPerCycle) sein, einer je Schritt (null, wo keiner ist)."
            case .invalid(.hitCountOutOfRange(let count)):
                "Der Wert \(count) von hitCount ist nicht erlaubt; er muss von 1 bis \(ContinuousRhythmMatchingRecord.cyclesPerTrial) reichen."
            }
        }
    )

    private static let minutesInGerman = Plural(one: "{count} Minute", other: "{count} Minuten")
}
