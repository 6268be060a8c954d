import Foundation
import HTTPTypes
import HummingbirdTesting
import PeachCore
import PeachStore
import PeachViews
import Testing

@testable import PeachWeb

@Suite("Settings API")
struct SettingsAPITests {
    @Test("GET returns every setting as text, defaults for a new user")
    func defaults() async throws {
        try await withApp(database: try .inMemory()) { client in
            let response = try await client.get("/api/settings")
            #expect(response.status == .ok)
            let settings = try #require(response.json["settings"] as? [String: String])
            #expect(
                settings == [
                    "noteRangeLower": "36", "noteRangeUpper": "84", "noteDuration": "1", "referencePitch": "440",
                    "soundSource": "sine", "loudnessVariation": "0", "intervals": "P5up",
                    "tuningSystem": "equalTemperament", "language": "", "wrongAnswerSound": "auto", "tempo": "80",
                    "gapPositions": "1,2,3,4",
                ])
        }
    }

    @Test("PUT accepts numbers, text and lists, saves at once and replies with every setting")
    func update() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let response = try await client.send(
                .put, "/api/settings",
                json:
                    #"{"referencePitch": 442, "noteDuration": "0.5", "intervals": ["m3down", "P5up"], "loudnessVariation": 0.5, "language": "de", "wrongAnswerSound": "true"}"#
            )
            #expect(response.status == .ok)
            let settings = try #require(response.json["settings"] as? [String: String])
            #expect(settings["referencePitch"] == "442")
            #expect(settings["noteDuration"] == "0.5")
            #expect(settings["intervals"] == "m3down,P5up")
            #expect(settings["loudnessVariation"] == "0.5")
            #expect(settings["language"] == "de")
            #expect(settings["wrongAnswerSound"] == "true")
            #expect(settings.count == TrainingSettings.Key.allCases.count)
        }
        let saved = try database.loadSettings()
        #expect(saved.referencePitch.hertz == 442)
        #expect(saved.language == .german)
        #expect(saved.wrongAnswerSound == true)
    }

    @Test("one value out of range rejects the whole change with a 422 naming the value and the allowed range")
    func allOrNothing() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let response = try await client.send(
                .put, "/api/settings", json: #"{"noteDuration": 2, "referencePitch": 600}"#)
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "outOfRange")
            let message = try #require(response.errorMessage)
            #expect(message.contains("600"))
            #expect(message.contains("380 to 500 Hz"))
            let narrow = try await client.send(
                .put, "/api/settings", json: #"{"noteRangeLower": 60, "noteRangeUpper": 65}"#)
            #expect(narrow.status == .unprocessableContent)
            #expect(narrow.errorMessage?.contains("12 semitones") == true)
            // Named as on the page's selects, and as sent.
            #expect(narrow.errorMessage?.contains("C4–F4 (MIDI 60–65)") == true)
            let narrowGerman = try await client.send(
                .put, "/api/settings", json: #"{"noteRangeLower": 71, "noteRangeUpper": 73}"#, language: "de")
            #expect(narrowGerman.errorMessage?.contains("H4–Cis5 (MIDI 71–73)") == true)
            let noIntervals = try await client.send(.put, "/api/settings", json: #"{"intervals": ""}"#, language: "de")
            #expect(noIntervals.status == .unprocessableContent)
            #expect(
                noIntervals.errorMessage == "Wähle mindestens ein Intervall; es wurde nichts geändert.")
            let offStep = try await client.send(.put, "/api/settings", json: #"{"noteDuration": 0.35}"#, language: "de")
            #expect(offStep.status == .unprocessableContent)
            #expect(offStep.errorMessage?.contains("Tondauer") == true)
        }
        #expect(try database.loadSettings() == TrainingSettings())
    }

    @Test("an unknown key, a wrong type or a body that is not a JSON object is a 400; a wrong media type a 415")
    func badRequests() async throws {
        try await withApp(database: try .inMemory()) { client in
            for body in [#"{"volume": 3}"#, #"{"referencePitch": true}"#, #"{"referencePitch": null}"#, "[]", "nope"] {
                let response = try await client.send(.put, "/api/settings", json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorCode == "malformedBody", "\(body)")
            }
            let form = try await client.send(
                .put, "/api/settings", json: "referencePitch=442", contentType: "application/x-www-form-urlencoded")
            #expect(form.status == .unsupportedMediaType)
            let unknown = try await client.send(.put, "/api/settings", json: #"{"volume": 3}"#)
            #expect(unknown.errorMessage?.contains("volume") == true)
        }
    }

    @Test("the language setting overrides Accept-Language")
    func languageSetting() async throws {
        try await withApp(database: try .inMemory()) { client in
            _ = try await client.send(.put, "/api/settings", json: #"{"language": "de"}"#)
            let page = try await client.get("/", language: "en-US")
            #expect(page.text.contains("<html lang=\"de\">"))
            _ = try await client.send(.put, "/api/settings", json: #"{"language": ""}"#)
            let english = try await client.get("/", language: "de")
            #expect(english.text.contains("<html lang=\"de\">"))
            let browser = try await client.get("/", language: "en-GB")
            #expect(browser.text.contains("<html lang=\"en\">"))
        }
    }
}

@Suite("Data API")
struct DataAPITests {
    @Test("export downloads the CSV with a dated file name")
    func export() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            try await client.uploadAccepted()
            let response = try await client.get("/api/export")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/csv; charset=utf-8")
            // The test clock stands at 2026-05-28 (UTC).
            #expect(response.headers[.contentDisposition] == "attachment; filename=\"peach-export-2026-05-28.csv\"")
            let lines = response.text.split(separator: "\n")
            #expect(lines.first == "# peach-export-format:3")
            #expect(lines.count == 3)
            #expect(lines[2].hasPrefix("pitchDiscrimination,"))
        }
    }

    @Test("import merges a CSV, skips duplicates, and the profile follows; replace starts over")
    func importCSV() async throws {
        let source = try AppDatabase.inMemory()
        let csv = LockedBox("")
        try await withApp(database: source) { client in
            for _ in 0..<3 {
                try await client.uploadAccepted()
            }
            csv.value = try await client.get("/api/export").text
        }
        let target = try AppDatabase.inMemory()
        try await withApp(database: target) { client in
            let first = try await client.send(.post, "/api/import?mode=merge", json: csv.value, contentType: "text/csv")
            #expect(first.status == .ok)
            #expect(first.json[path: "summary", "added"] as? Int == 3)
            #expect(first.json.string("message") == "Imported 3 records.")
            let again = try await client.send(
                .post, "/api/import?mode=merge", json: csv.value, contentType: "text/csv", language: "de")
            #expect(again.json[path: "summary", "skippedDuplicates"] as? Int == 3)
            #expect(again.json.string("message") == "0 Übungen importiert. 3 Duplikate übersprungen.")
        }
        #expect(try recordCount(target) == 3)
    }

    @Test(
        "a replace answers 202 with what it deletes; only the token's confirmation deletes, and backing out keeps all")
    func replaceAsksFirst() async throws {
        let database = try AppDatabase.inMemory()
        let header = CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
        @Sendable func row(_ time: String) -> String {
            "pitchDiscrimination,\(time),60,C4,67,G4,P5,equalTemperament,12.5,true,,,,,,,,,\n"
        }
        let file = header + row("2027-01-01T00:00:00Z") + row("2027-01-02T00:00:00Z")
        try await withApp(database: database) { client in
            // An empty database loses nothing: a replace is done at once.
            let first = try await client.send(
                .post, "/api/import?mode=replace", json: header + row("2026-03-01T12:00:00.250Z"),
                contentType: "text/csv")
            #expect(first.status == .ok)
            _ = try await client.send(
                .post, "/api/import?mode=merge", json: header + row("2026-03-05T08:30:00Z"), contentType: "text/csv")

            let asked = try await client.send(.post, "/api/import?mode=replace", json: file, contentType: "text/csv")
            #expect(asked.status == .accepted)
            let token = try #require(asked.json[path: "confirmation", "token"] as? String)
            #expect(asked.json[path: "confirmation", "deleting", "records"] as? Int == 2)
            #expect(asked.json[path: "confirmation", "deleting", "first"] as? String == "2026-03-01T12:00:00.250Z")
            #expect(asked.json[path: "confirmation", "deleting", "last"] as? String == "2026-03-05T08:30:00Z")
            #expect(asked.json[path: "confirmation", "importing"] as? Int == 2)
            #expect(
                asked.json.string("message")
                    == "Replacing deletes all 2 stored records, from 1 March 2026 to 5 March 2026, and imports the 2 records of the file. This cannot be undone."
            )
            #expect(try recordCount(database) == 2)

            let cancelled = try await client.send(
                .post, "/api/import/confirm", json: #"{"token": "\#(token)", "confirm": false}"#)
            #expect(cancelled.status == .ok)
            #expect(cancelled.json.string("message") == "Nothing was imported or deleted.")
            let late = try await client.send(
                .post, "/api/import/confirm", json: #"{"token": "\#(token)", "confirm": true}"#)
            #expect(late.status == .gone)
            #expect(late.errorCode == "noPendingImport")
            let guessed = try await client.send(
                .post, "/api/import/confirm", json: #"{"token": "0-0", "confirm": true}"#)
            #expect(guessed.status == .gone)
            #expect(try recordCount(database) == 2)

            let again = try await client.send(.post, "/api/import?mode=replace", json: file, contentType: "text/csv")
            let replaced = try await client.send(
                .post, "/api/import/confirm",
                json:
                    #"{"token": "\#(try #require(again.json[path: "confirmation", "token"] as? String))", "confirm": true}"#
            )
            #expect(replaced.status == .ok)
            #expect(replaced.json[path: "summary", "added"] as? Int == 2)
            #expect(replaced.json[path: "summary", "replaced"] as? Int == 2)
        }
        #expect(try recordCount(database) == 2)
        #expect(try database.recordCounts().first == Timestamp(millisecondsSince1970: 1_798_761_600_000))
    }

    @Test("an upload with an absurdly long field is refused naming its line, column and the limit")
    func longFieldRefused() async throws {
        let database = try AppDatabase.inMemory()
        let csv =
            CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
            + "pitchDiscrimination,2026-03-01T12:34:56Z,60,\"" + String(repeating: "C", count: 1 << 20) + "\",67\n"
        try await withApp(database: database) { client in
            let response = try await client.send(.post, "/api/import", json: csv, contentType: "text/csv")
            #expect(response.status == .unprocessableContent)
            #expect(response.errorMessage?.contains("Line 3, column referenceNoteName") == true, "\(response.text)")
            #expect(response.errorMessage?.contains("1024 bytes") == true)
        }
        #expect(try recordCount(database) == 0)
    }

    @Test("an invalid CSV is a 422 invalidCSV naming the line; nothing is stored")
    func invalidCSV() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let response = try await client.send(
                .post, "/api/import", json: "# peach-export-format:3\nnonsense\n", contentType: "text/csv")
            #expect(response.status == .unprocessableContent)
            #expect(response.errorCode == "invalidCSV")
            #expect(response.errorMessage?.contains("Line") == true)
            // The reason, not only the frame of the message, is in the reader's language.
            let german = try await client.send(
                .post, "/api/import", json: "# peach-export-format:3\nnonsense\n", contentType: "text/csv",
                language: "de")
            #expect(
                german.errorMessage?.contains("Zeile 2, Spalte trainingType: Der Kopfzeile fehlt die Spalte") == true)
            let json = try await client.send(.post, "/api/import", json: "{}", contentType: "application/json")
            #expect(json.status == .unsupportedMediaType)
            let mode = try await client.send(.post, "/api/import?mode=append", json: "", contentType: "text/csv")
            #expect(mode.status == .badRequest)
            #expect(mode.errorCode == "unknownMode")
        }
        #expect(try recordCount(database) == 0)
    }

    @Test("every reason a CSV file is refused for has its own German sentence")
    func csvReasonsInGerman() throws {
        let c4 = try MIDINote(60)
        let reasons: [CSVError.Reason] = [
            .emptyFile, .notText, .otherFormat(version: "1"), .notPeachExport(firstLine: "a,b"), .missingHeader,
            .missingColumn("interval"), .fieldCount(found: 5, expected: 19), .unclosedQuote, .textAfterQuotedField,
            .quoteInUnquotedField, .fieldTooLong(limit: 1024), .unknownTrainingType(found: "x"),
            .unknownInterval(found: "P9"),
            .intervalMismatch(reference: c4, target: try MIDINote(66), interval: .perfectFifth),
            .unknownTuningSystem(found: "x"), .centOffsetOutOfRange(found: "0"), .notABoolean(found: "yes"),
            .initialCentOffsetOutOfRange(found: "200"), .centErrorOutOfRange(found: "1e309"),
            .notATime(found: "x"), .notANoteNumber(found: "x"), .noteOutOfRange(200), .notANumber(found: "x"),
            .semicolonSeparated, .decimalComma(found: "12,5"), .missingColumn("userOffsetMs", format: 2),
        ]
        var german: Set<String> = []
        for reason in reasons {
            let text = Texts.german.server.csvReason(reason)
            #expect(text != Texts.english.server.csvReason(reason), "\(reason)")
            #expect(!text.contains(" the ") && !text.contains(" is "), "\(text)")
            german.insert(text)
        }
        #expect(german.count == reasons.count)
    }

    @Test("reset needs {\"confirm\": true}, deletes every record and keeps the settings")
    func reset() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            _ = try await client.send(.put, "/api/settings", json: #"{"referencePitch": 415}"#)
            try await client.uploadAccepted()
            try await client.uploadAccepted(syncRecord(type: "pitchMatching"))
            for body in ["{}", #"{"confirm": false}"#, #"{"confirm": "yes"}"#] {
                let refused = try await client.send(.post, "/api/reset", json: body)
                #expect(refused.status == .badRequest, "\(body)")
            }
            #expect(try recordCount(database) == 2)
            let response = try await client.send(.post, "/api/reset", json: #"{"confirm": true}"#)
            #expect(response.status == .ok)
            #expect(response.json["deleted"] as? Int == 2)
            let snapshot = try await client.get("/api/sync/profile")
            #expect(PerceptualProfile(snapshot: snapshot.numbers) == PerceptualProfile())
        }
        #expect(try recordCount(database) == 0)
        #expect(try database.loadSettings().referencePitch.hertz == 415)
    }
}
