import PeachCore
import PeachViews
import Testing

@testable import PeachWeb

@Suite("The server's own texts")
struct ServerTextsTests {
    @Test("an import's outcome counts its records and duplicates in both languages")
    func importOutcome() {
        let (english, german) = (Texts.english, Texts.german)
        #expect(english.server.importSucceeded(1, 1) == "Imported 1 record. Skipped 1 duplicate.")
        #expect(english.server.importSucceeded(3, 0) == "Imported 3 records.")
        #expect(german.server.importSucceeded(2, 1) == "2 Übungen importiert. 1 Duplikat übersprungen.")
    }

    @Test("every refusal of a sync upload is worded in German, not left in English")
    func syncRefusals() {
        let time = Timestamp(millisecondsSince1970: 1_780_000_000_000)
        let refusals: [SyncRefusal] = [
            .tooManyRecords(count: 1_001, limit: 1_000), .missingID(index: 3), .malformedID(index: 3),
            .conflict(id: "x"), .wrongType(field: "centOffset", expected: .cents), .unknownField("x"),
            .missingField("x"), .foreignField("x", trainingType: "y"), .unknownTrainingType("x"),
            .beforeEarliest(milliseconds: 0, earliest: UploadedRecord.earliest),
            .future(time, now: time, toleranceMinutes: 5), .noteOutOfRange(field: "targetNote", value: 128),
            .unknownTuningSystem("x"), .invalid(.timestampOutOfRange(time)),
            .invalid(.notesTooFarApart(reference: try! MIDINote(60), target: try! MIDINote(73))),
            .invalid(.centOffsetOutOfRange(Cents(0))), .invalid(.initialCentOffsetOutOfRange(Cents(101))),
            .invalid(.userCentErrorOutOfRange(Cents(201))), .invalid(.tempoOutOfRange(30)),
            .invalid(.offsetMsOutOfRange(0, tempo: TempoBPM(80)!)),
            .invalid(.meanOffsetMsOutOfRange(100, tempo: TempoBPM(80)!, position: 2)),
            .invalid(.positionCount(3)), .invalid(.hitCountOutOfRange(17)),
        ]
        let expectations: [SyncRefusal.Expectation] = [
            .uuid, .trainingType, .milliseconds, .midiNote, .tuningSystem, .cents, .boolean, .tempo, .offset, .count,
        ]
        for refusal in refusals + expectations.map({ .wrongType(field: "x", expected: $0) }) {
            let (english, german) = (ServerTexts.english.syncRefusal(refusal), ServerTexts.german.syncRefusal(refusal))
            #expect(!english.isEmpty && english != german, "\(refusal)")
        }
        #expect(
            ServerTexts.german.syncRefusal(.future(time, now: time, toleranceMinutes: 1)).contains("als 1 Minute nach"))
        #expect(ServerTexts.english.syncRefusal(.invalid(.timestampOutOfRange(time))).contains("years 0000 to 9999"))
        #expect(
            ServerTexts.german.syncRefusal(.invalid(.timestampOutOfRange(time))).contains("Jahre 0000 bis 9999"))
    }

    @Test("a replace import that stopped waiting says how long one waits, from its lifetime")
    func noPendingImport() {
        let minutes = Int(PendingReplace.lifetime / 60)
        #expect(Texts.english.noPendingImport.contains("(it waits \(minutes) minutes,"))
        #expect(Texts.german.noPendingImport.contains("(er wartet \(minutes) Minuten,"))
        #expect(ServerTexts.english.errorNoPendingImport(1).contains("(it waits 1 minute,"))
    }

    @Test("a refused CSV file says where and why, in the reader's language")
    func invalidCSV() {
        let error = CSVError(line: 5, column: "timestamp", reason: .unclosedQuote)
        #expect(
            Texts.english.invalidCSV(error).hasPrefix(
                "The file cannot be imported; nothing was changed. Line 5, column timestamp: "))
        #expect(Texts.german.invalidCSV(error).contains("Zeile 5"))
    }
}
