/// Why a CSV file cannot be imported: where (line of the file and column, when known) and why.
///
/// `line` is the 1-based line of the file on which the offending row starts, as a text editor
/// counts it: the format line is line 1, the header line 2, the first record usually line 3.
public struct CSVError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    public var column: String?
    public var reason: Reason

    public init(line: Int?, column: String? = nil, reason: Reason) {
        self.line = line
        self.column = column
        self.reason = reason
    }

    public var description: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append("column \(column)") }
        let prefix = place.isEmpty ? "" : place.joined(separator: ", ") + ": "
        return "Cannot import the file: \(prefix)\(reason) Nothing was imported."
    }

    /// What is wrong, as data, so that the web pages can say it in the reader's language; the
    /// `description` is the English sentence the command line prints. A case holding `found`
    /// carries the offending text as it stands in the file (trimmed).
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        case emptyFile
        case notText
        case otherFormat(version: String)
        case notPeachExport(firstLine: String)
        case missingHeader
        /// The header of a file of format `format` lacks `column`.
        case missingColumn(String, format: Int = CSVFormat.version)
        case fieldCount(found: Int, expected: Int)
        case extraFields(expected: Int)
        case repeatedColumn(String)
        case unclosedQuote
        /// The fields are separated by semicolons, as a spreadsheet set to a language with a
        /// decimal comma (German, French, …) saves a CSV file.
        case semicolonSeparated
        /// A number written with a decimal comma (`12,5`), as such a spreadsheet writes it.
        case decimalComma(found: String)
        case textAfterQuotedField
        case quoteInUnquotedField
        case fieldTooLong(limit: Int)
        case unknownTrainingType(found: String)
        case unknownInterval(found: String)
        case intervalMismatch(reference: MIDINote, target: MIDINote, interval: Interval)
        case unknownTuningSystem(found: String)
        case centOffsetOutOfRange(found: String)
        case notABoolean(found: String)
        case initialCentOffsetOutOfRange(found: String)
        case centErrorOutOfRange(found: String)
        case notATime(found: String)
        case notANoteNumber(found: String)
        case noteOutOfRange(Int)
        case notANumber(found: String)
        /// A rhythm row's tempo is not 40–200 BPM.
        case tempoOutOfRange(found: String)
        /// A Compare Timing offset is zero or more than half a sixteenth at the row's tempo.
        case offsetOutOfRange(found: String, tempo: TempoBPM)
        /// A Fill the Gap mean offset is more than half a sixteenth at the row's tempo.
        case meanOffsetOutOfRange(found: String, tempo: TempoBPM)

        /// The training types a row may have.
        public static let trainingTypes =
            "\(CSVFormat.comparisonType), \(CSVFormat.pitchMatchingType), \(CSVFormat.rhythmOffsetDetectionType), \(CSVFormat.continuousRhythmMatchingType)"
        /// The interval codes a row may have.
        public static let intervalCodes = Interval.allCases.map { $0.abbreviation }.joined(separator: " ")
        /// The tuning systems a row may have.
        public static let tuningSystems = TuningSystem.allCases.map { $0.rawValue }.joined(separator: ", ")
        /// The formats the import reads, as the message says it: `1 to 3`.
        public static let readableVersions =
            "\(CSVFormat.readableVersions.lowerBound) to \(CSVFormat.readableVersions.upperBound)"
        /// An example of the time format.
        public static let timeExample = "2026-03-01T12:34:56Z"

        public var description: String {
            switch self {
            case .emptyFile:
                "The file is empty; a Peach export starts with the line \(CSVFormat.formatLine)."
            case .notText:
                "The file is not a text file (it holds bytes that are not UTF-8 text); choose a CSV file exported by Peach."
            case .otherFormat(let version):
                "The file is in Peach export format \(version), but this Peach reads formats \(Self.readableVersions): a newer Peach app wrote it. Update this Peach to import the file."
            case .notPeachExport(let firstLine):
                "The first line must be \(CSVFormat.formatLine), but it is \"\(firstLine)\"; this is not a Peach export."
            case .missingHeader:
                "The header line is missing; it should be \(CSVFormat.header)."
            case .missingColumn(let column, let format):
                "The header has no column \(column); a format-\(format) header is \(CSVFormat.header(version: format))."
            case .fieldCount(let found, let expected):
                "The row has \(found) fields but the header has \(expected); the row is truncated or has extra commas."
            case .extraFields(let expected):
                "The row has more than the header's \(expected) fields; it has extra commas."
            case .repeatedColumn(let column):
                "The header names the column \(column) twice; each column may appear once."
            case .unclosedQuote:
                "A quoted field is not closed: the file ends inside it."
            case .semicolonSeparated:
                "The file has semicolons between its fields, as a spreadsheet set to a language with a decimal comma saves CSV; Peach reads commas. Import the file as Peach exported it, or save it again as CSV with commas between fields and a decimal point in numbers."
            case .decimalComma(let found):
                "\"\(found)\" has a decimal comma; Peach reads numbers with a decimal point, such as 12.5. Import the file as Peach exported it, or save it again as CSV with a decimal point in numbers."
            case .textAfterQuotedField:
                "A quoted field is followed by text before the next comma."
            case .quoteInUnquotedField:
                "A quote appears inside an unquoted field; quote the whole field and double the quote."
            case .fieldTooLong(let limit):
                "The field is longer than \(limit) bytes, far longer than any value of a Peach export; the file is damaged or not a Peach export."
            case .unknownTrainingType(let found):
                "\"\(found)\" is not a training type; expected one of \(Self.trainingTypes)."
            case .unknownInterval(let found):
                "\"\(found)\" is not an interval; expected one of \(Self.intervalCodes)."
            case .intervalMismatch(let reference, let target, let interval):
                "The target note \(target.rawValue) (\(target.name)) is \(abs(target.rawValue - reference.rawValue)) semitones from the reference note \(reference.rawValue) (\(reference.name)), but the interval \(interval.abbreviation) spans \(interval.semitones)."
            case .unknownTuningSystem(let found):
                "\"\(found)\" is not a tuning system; expected one of \(Self.tuningSystems)."
            case .centOffsetOutOfRange(let found):
                "The cent offset \(found) is outside ±\(Int(ComparisonRecord.centOffsetBound.value)) cents or zero; a comparison's target is \(DecimalText.shortest(KazezChain.minimumMagnitude.value)) to \(Int(KazezChain.maximumMagnitude.value)) cents off."
            case .notABoolean(let found):
                "\"\(found)\" is not a correctness; expected true or false."
            case .initialCentOffsetOutOfRange(let found):
                "The initial cent offset \(found) is outside ±\(Int(PitchMatchingRecord.initialCentOffsetBound.value)) cents."
            case .centErrorOutOfRange(let found):
                "The cent error \(found) is outside ±\(Int(PitchMatchingRecord.userCentErrorBound.value)) cents (the slider's reach)."
            case .notATime(let found):
                "\"\(found)\" is not a time; expected ISO 8601 in UTC such as \(Self.timeExample) (fractional seconds allowed)."
            case .notANoteNumber(let found):
                "\"\(found)\" is not a MIDI note number; expected a whole number \(MIDINote.validRange.lowerBound)–\(MIDINote.validRange.upperBound)."
            case .noteOutOfRange(let number):
                "\(number) is not a MIDI note; a MIDI note is \(MIDINote.validRange.lowerBound)–\(MIDINote.validRange.upperBound)."
            case .notANumber(let found):
                "\"\(found)\" is not a number; expected a decimal number such as 12.5."
            case .tempoOutOfRange(let found):
                "\"\(found)\" is not a tempo; expected a whole number of BPM from \(TempoBPM.recordable.lowerBound) to \(TempoBPM.recordable.upperBound)."
            case .offsetOutOfRange(let found, let tempo):
                "The offset \(found) ms is zero or further than half a sixteenth (\(DecimalText.shortest(tempo.offsetBoundMs)) ms at \(tempo)) from the beat."
            case .meanOffsetOutOfRange(let found, let tempo):
                "The mean offset \(found) ms is further than half a sixteenth (\(DecimalText.shortest(tempo.offsetBoundMs)) ms at \(tempo)) from the beat; a tap further off does not count."
            }
        }
    }
}
