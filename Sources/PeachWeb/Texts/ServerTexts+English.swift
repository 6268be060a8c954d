import PeachCore
import PeachViews

extension ServerTexts {
    /// English, the default language.
    public static let english = ServerTexts(
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
        errorDatabaseOverwritten:
            "Peach's database file was overwritten while Peach was running (a copy over it), so nothing more is stored; this was not kept (a device keeps its answers and sends them again). On the computer Peach runs on, stop it and bring the backup back with peach restore.",
        errorCrossSite:
            "This request came from another website and was refused; use Peach itself to change your settings or data.",
        errorUnknownHost:
            "This server does not answer to that address; open Peach at the address it printed when it started.",
        errorValueTooLong: { "The value of \"\($0)\" is too long; at most \($1) characters are allowed." },
        syncRefusal: { refusal in
            let trainingTypes = "\"\(CSVFormat.comparisonType)\" or \"\(CSVFormat.pitchMatchingType)\""
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
