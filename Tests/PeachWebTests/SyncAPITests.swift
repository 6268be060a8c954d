import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import PeachCore
import PeachStore
import Testing

@testable import PeachWeb

@Suite("Sync API")
struct SyncAPITests {
    /// The test clock's start in milliseconds since 1970.
    static let now: Int64 = 1_780_000_000_000

    @Test("accepted records are stored once, in the profile at once, and the profile download holds them")
    func accepted() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let (first, second) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
            let response = try await client.upload([
                syncRecord(id: first),
                syncRecord(id: second, type: "pitchMatching", reference: 60, target: 67),
            ])
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(response.json["accepted"] as? [String] == [first, second])
            #expect((response.json["refused"] as? [Any])?.isEmpty == true)
            #expect(try recordCount(database) == 2)
            let html = try await client.get("/profile").text
            #expect(html.contains("<div><dt>Answers</dt><dd>1</dd></div>"))
            let profile = try await client.get("/api/sync/profile")
            #expect(profile.status == .ok)
            #expect(profile.headers[.contentType] == "application/octet-stream")
            #expect(profile.headers[.cacheControl] == "no-store")
            let decoded = try #require(PerceptualProfile(snapshot: profile.numbers))
            #expect(decoded == (try database.loadProfile()))
            #expect(decoded.pitchMatchingByMode[.intervalPitchMatching]?.count == 1)
            #expect(decoded.comparisonByMode[.comparison]?.latest == .init(magnitude: 12.5, wasCorrect: true))
        }
    }

    @Test("rhythm records sync: both kinds are stored once and export as the iOS app writes them")
    func rhythmRecords() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let (detection, trial) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
            let batch = [
                syncRecord(id: detection, type: "rhythmOffsetDetection"),
                syncRecord(id: trial, type: "continuousRhythmMatching", timestamp: 1_779_999_160_000),
            ]
            for _ in 0..<2 {
                let response = try await client.upload(batch)
                #expect(response.json["accepted"] as? [String] == [detection, trial])
                #expect((response.json["refused"] as? [Any])?.isEmpty == true)
            }
            let counts = try database.recordCounts()
            #expect(counts[.rhythmOffsetDetection] == 1 && counts[.continuousRhythmMatching] == 1 && counts.total == 2)
            #expect(
                try database.exportCSV().split(separator: "\n").dropFirst(2) == [
                    "rhythmOffsetDetection,2026-05-28T20:11:40Z,,,,,,,,true,,,80,-12.5,,,,,",
                    "continuousRhythmMatching,2026-05-28T20:12:40Z,,,,,,,,,,,80,,3.5,2.0,,,5.0",
                ])
            // The profile a device downloads holds them.
            let download = try #require(PerceptualProfile(snapshot: try await client.get("/api/sync/profile").numbers))
            #expect(download == (try database.loadProfile()))
            #expect(download.rhythmOffsetDetectionCount == 1 && download.continuousRhythmMatchingCount == 1)
        }
    }

    @Test("the profile download carries its version; a device that holds it downloads nothing (304)")
    func profileVersion() async throws {
        try await withApp(database: try AppDatabase.inMemory()) { client in
            let first = try await client.get("/api/sync/profile")
            let etag = try #require(first.headers[.eTag])
            #expect(!first.numbers.isEmpty)
            let unchanged = try await client.execute(
                uri: "/api/sync/profile", method: .get, headers: [.ifNoneMatch: etag])
            #expect(unchanged.status == .notModified)
            #expect(unchanged.body.readableBytes == 0)
            #expect(unchanged.headers[.eTag] == etag)
            let compressed = try await client.execute(
                uri: "/api/sync/profile", method: .get, headers: [.ifNoneMatch: "W/" + etag, .acceptEncoding: "br"])
            #expect(compressed.status == .notModified, "a weak ETag names the same version")
            try await client.uploadAccepted()
            let changed = try await client.execute(
                uri: "/api/sync/profile", method: .get, headers: [.ifNoneMatch: etag, .acceptEncoding: "br"])
            #expect(changed.status == .ok)
            #expect(changed.headers[.contentEncoding] == "br")
            #expect(changed.headers[.eTag].map { $0.hasPrefix("W/") && $0 != "W/" + etag } == true)
            let numbers = try #require(ContentCoding.brotli.decode(Array(changed.body.readableBytesView)))
            #expect(changed.body.readableBytes * 3 < numbers.count, "the summary compresses to under a third")
        }
    }

    @Test(
        "a write beside the server (the command line's reset) is a new profile version: no device keeps the old summary"
    )
    func versionAfterWriteBeside() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-version-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let history = try ServerHistory(database: try AppDatabase.open(path: path), now: { Date() })
        let note = try MIDINote(60)
        let record = ComparisonRecord(
            timestamp: Timestamp(Date()),
            context: ExerciseContext(
                referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
            centOffset: 12.5, isCorrect: true)
        _ = try await history.saveSyncedRecords([.init(id: RecordID(UUID().uuidString)!, record: .comparison(record))])
        let held = try await history.profileVersion()
        #expect(try await history.profileVersion() == held, "nothing changed: the same version")
        _ = try AppDatabase.open(path: path, access: .writing).deleteAllTrainingData(now: Timestamp(Date()))
        #expect(try await history.profileVersion() != held)
        #expect(try await history.profileSnapshot().version == (try await history.profileVersion()))
    }

    @Test("an upload's reply says the profile's version before and after it, so its device can follow")
    func uploadVersions() async throws {
        try await withApp(database: try AppDatabase.inMemory()) { client in
            let held = try #require(try await client.get("/api/sync/profile").headers[.eTag])
            let own = try await client.upload([syncRecord()])
            let change = try #require(own.json["profileVersion"] as? [String: String])
            #expect("\"\(change["before"] ?? "")\"" == held, "before: the version this device holds")
            #expect(change["before"] != change["after"])
            let current = try await client.execute(
                uri: "/api/sync/profile", method: .get, headers: [.ifNoneMatch: "\"\(change["after"] ?? "")\""])
            #expect(current.status == .notModified, "after: the server's version now")
            let retry = try await client.upload([syncRecord(id: UUID().uuidString.lowercased()), syncRecord()])
            let next = try #require(retry.json["profileVersion"] as? [String: String])
            #expect(next["before"] == change["after"])
            let nothingNew = try await client.upload([
                syncRecord(id: "8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7f", fields: ["centOffset": "0"])
            ])
            let same = try #require(nothingNew.json["profileVersion"] as? [String: String])
            #expect(same["before"] == same["after"], "a batch that stores nothing changes nothing")
        }
    }

    @Test("a retried batch is accepted again and stores nothing new, whatever the case of its ids")
    func idempotentRetry() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let id = UUID().uuidString.lowercased()
            let batch = [syncRecord(id: id), syncRecord(id: id)]
            for _ in 0..<2 {
                let response = try await client.upload(batch)
                #expect(response.json["accepted"] as? [String] == [id, id])
            }
            let upper = try await client.upload([syncRecord(id: id.uppercased())])
            #expect(upper.json["accepted"] as? [String] == [id.uppercased()])
            let snapshot = try await client.get("/api/sync/profile").numbers
            #expect(PerceptualProfile(snapshot: snapshot)?.comparisonCount == 1)
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("an id stored with different content is a conflict; the stored record does not change")
    func conflict() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let id = UUID().uuidString.lowercased()
            try await client.uploadAccepted(syncRecord(id: id))
            let other = UUID().uuidString.lowercased()
            let response = try await client.upload([
                syncRecord(id: id, fields: ["centOffset": "-30"]), syncRecord(id: other),
                syncRecord(id: other, fields: ["isCorrect": "false"]),
            ])
            #expect(response.status == .ok)
            #expect(response.json["accepted"] as? [String] == [other])
            let refused = try #require(response.json["refused"] as? [[String: Any]])
            #expect(refused.map { $0["id"] as? String } == [id, other])
            #expect(refused.map { $0["code"] as? String } == ["conflict", "conflict"])
            #expect((refused[0]["message"] as? String)?.contains("already stored with different content") == true)
        }
        #expect(try recordCount(database) == 2)
        // Both stored comparisons are the 12.5-cent ones: the refused −30 changed nothing.
        #expect(
            try database.loadProfile().comparisonStatistics(.comparison).all.occupied.map(\.bin)
                == [OffsetBins.bin(of: 12.5)])
    }

    /// Fields that break one rule each, and a word the message must contain.
    static let invalidRecords: [(fields: [String: String], type: String, mentions: String)] = [
        (["referenceNote": "128", "targetNote": "127"], "pitchDiscrimination", "referenceNote 128"),
        (["referenceNote": "-1"], "pitchDiscrimination", "referenceNote -1"),
        (["referenceNote": "\"60\""], "pitchDiscrimination", "referenceNote must be"),
        (["targetNote": "60.5"], "pitchDiscrimination", "targetNote must be"),
        (["targetNote": "73"], "pitchDiscrimination", "at most an octave"),
        (["targetNote": "47"], "pitchDiscrimination", "at most an octave"),
        (["tuningSystem": "\"meantone\""], "pitchDiscrimination", "tuningSystem \"meantone\""),
        (["tuningSystem": ""], "pitchDiscrimination", "tuningSystem is missing"),
        (["centOffset": "0"], "pitchDiscrimination", "centOffset 0.0"),
        (["centOffset": "100.5"], "pitchDiscrimination", "centOffset 100.5"),
        (["centOffset": "-101"], "pitchDiscrimination", "centOffset"),
        (["centOffset": ""], "pitchDiscrimination", "centOffset is missing"),
        (["centOffset": "null"], "pitchDiscrimination", "centOffset must be"),
        (["isCorrect": ""], "pitchDiscrimination", "isCorrect is missing"),
        (["isCorrect": "\"yes\""], "pitchDiscrimination", "isCorrect must be"),
        (["userCentError": "3"], "pitchDiscrimination", "userCentError does not belong"),
        (["trainingType": "\"rhythmOffsetDetection\""], "pitchDiscrimination", "referenceNote does not belong"),
        (["tempoBPM": "39"], "rhythmOffsetDetection", "tempoBPM 39 is out of range"),
        (["tempoBPM": "80.5"], "rhythmOffsetDetection", "tempoBPM must be"),
        (["offsetMs": "0"], "rhythmOffsetDetection", "offsetMs 0.0"),
        (["offsetMs": "93.76"], "rhythmOffsetDetection", "offsetMs 93.76"),
        (["offsetMs": ""], "rhythmOffsetDetection", "offsetMs is missing"),
        (["isCorrect": ""], "rhythmOffsetDetection", "isCorrect is missing"),
        (["meanOffsetMs": "1"], "rhythmOffsetDetection", "meanOffsetMs does not belong"),
        (["referenceNote": "60"], "continuousRhythmMatching", "referenceNote does not belong"),
        (["isCorrect": "true"], "continuousRhythmMatching", "isCorrect does not belong"),
        (["meanOffsetMs": "-93.76"], "continuousRhythmMatching", "meanOffsetMs -93.76"),
        (["meanOffsetMs": "null"], "continuousRhythmMatching", "meanOffsetMs must be"),
        (["meanOffsetMsPosition1": "200"], "continuousRhythmMatching", "meanOffsetMsPosition1 200.0"),
        (["meanOffsetMsPosition1": "\"x\""], "continuousRhythmMatching", "meanOffsetMsPosition1 must be"),
        (["hitCount": "0"], "continuousRhythmMatching", "hitCount 0"),
        (["hitCount": "17"], "continuousRhythmMatching", "hitCount 17"),
        (["tempoBPM": ""], "continuousRhythmMatching", "tempoBPM is missing"),
        (["trainingType": ""], "pitchDiscrimination", "trainingType is missing"),
        (["initialCentOffset": "101"], "pitchMatching", "initialCentOffset 101.0"),
        (["initialCentOffset": "-100.01"], "pitchMatching", "initialCentOffset"),
        (["userCentError": "200.5"], "pitchMatching", "userCentError 200.5"),
        (["userCentError": "-1e300"], "pitchMatching", "userCentError"),
        (["userCentError": "1e308"], "pitchMatching", "userCentError 1e+308"),
        (["userCentError": "1e200"], "pitchMatching", "userCentError 1e+200"),
        (["initialCentOffset": "-1e308"], "pitchMatching", "initialCentOffset -1e+308"),
        (["centOffset": "1e308"], "pitchDiscrimination", "centOffset 1e+308"),
        (["centOffset": "-0.0"], "pitchDiscrimination", "centOffset -0.0"),
        (["userCentError": ""], "pitchMatching", "userCentError is missing"),
        (["centOffset": "5"], "pitchMatching", "centOffset does not belong"),
        (["isCorrect": "true"], "pitchMatching", "isCorrect does not belong"),
        (["timestamp": "946684799999"], "pitchMatching", "before 2000"),
        (["timestamp": "1e30"], "pitchMatching", "timestamp must be"),
        (["timestamp": "\"2026-01-01\""], "pitchMatching", "timestamp must be"),
        (["timestamp": ""], "pitchMatching", "timestamp is missing"),
        (["bonus": "1"], "pitchMatching", "bonus is not a field"),
    ]

    @Test("each invalid field refuses that record with invalidRecord and a message naming the field")
    func invalidFields() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            for (fields, type, mentions) in Self.invalidRecords {
                let id = UUID().uuidString.lowercased()
                let valid = UUID().uuidString.lowercased()
                let response = try await client.upload([
                    syncRecord(id: id, type: type, fields: fields), syncRecord(id: valid),
                ])
                #expect(response.status == .ok, "\(fields)")
                #expect(response.json["accepted"] as? [String] == [valid], "\(fields)")
                let refused = try #require((response.json["refused"] as? [[String: Any]])?.first, "\(fields)")
                #expect(refused["id"] as? String == id)
                #expect(refused["code"] as? String == "invalidRecord", "\(fields)")
                let message = refused["message"] as? String ?? ""
                #expect(message.contains(mentions), "\(fields): \(message)")
            }
        }
        #expect(try recordCount(database) == Self.invalidRecords.count)
    }

    @Test("a refused record's message is in the request's language and names the value and the rule's bound")
    func refusalsInLanguage() async throws {
        let notes = MIDINote.validRange
        let (lowest, highest) = (notes.lowerBound, notes.upperBound)
        let cents = Int(ComparisonRecord.centOffsetBound.value)
        let minutes = SyncController.clockTolerance / 60_000
        let (comparison, pitchMatching) = (CSVFormat.comparisonType, CSVFormat.pitchMatchingType)
        let (rhythmOffsetDetection, continuousRhythmMatching) = (
            CSVFormat.rhythmOffsetDetectionType, CSVFormat.continuousRhythmMatchingType
        )
        let stored = UUID().uuidString.lowercased()
        let cases: [(record: String, english: String, german: String)] = [
            (
                syncRecord(fields: ["referenceNote": "128", "targetNote": "127"]),
                "The referenceNote 128 is out of range; a MIDI note is from \(lowest) to \(highest).",
                "Der Wert 128 von referenceNote ist keine MIDI-Note; MIDI-Noten reichen von \(lowest) bis \(highest)."
            ),
            (
                syncRecord(fields: ["targetNote": "\"60\""]),
                "The field targetNote must be a MIDI note number from \(lowest) to \(highest).",
                "Das Feld targetNote muss eine MIDI-Notennummer von \(lowest) bis \(highest) sein."
            ),
            (
                syncRecord(fields: ["trainingType": "5"]),
                "The field trainingType must be \"\(comparison)\", \"\(pitchMatching)\", \"\(rhythmOffsetDetection)\" or \"\(continuousRhythmMatching)\".",
                "Das Feld trainingType muss „\(comparison)“, „\(pitchMatching)“, „\(rhythmOffsetDetection)“ oder „\(continuousRhythmMatching)“ sein."
            ),
            (
                syncRecord(fields: ["trainingType": "\"rhythm\""]),
                "The trainingType \"rhythm\" is not known",
                "Der Wert „rhythm“ von trainingType ist unbekannt; erwartet wird „\(comparison)“, „\(pitchMatching)“, „\(rhythmOffsetDetection)“ oder „\(continuousRhythmMatching)“."
            ),
            (
                syncRecord(timestamp: Self.now + SyncController.clockTolerance + 1),
                "is more than \(minutes) minutes after the server's time",
                "Der Wert 2026-05-28T20:31:40.001Z von timestamp liegt mehr als \(minutes) Minuten nach der Zeit des Servers"
            ),
            (
                syncRecord(timestamp: UploadedRecord.earliest.millisecondsSince1970 - 1),
                "The timestamp 946684799999 is before 2000-01-01",
                "Der Wert 946684799999 von timestamp liegt vor dem 2000-01-01; die Uhr des Geräts geht falsch."
            ),
            (
                syncRecord(fields: ["centOffset": "0"]),
                "The centOffset 0.0 is out of range; it must be non-zero, from -\(cents) to \(cents) cents.",
                "Der Wert 0.0 von centOffset ist nicht erlaubt; er muss ungleich null sein und zwischen -\(cents) und \(cents) Cent liegen."
            ),
            (
                syncRecord(fields: ["targetNote": "73"]),
                "they may be at most an octave (12) apart",
                "Der Wert 73 von targetNote liegt 13 Halbtöne vom Wert 60 von referenceNote entfernt; erlaubt ist höchstens eine Oktave (12)."
            ),
            (
                syncRecord(fields: ["tuningSystem": "\"meantone\""]), "The tuningSystem \"meantone\" is not known",
                "Der Wert „meantone“ von tuningSystem ist unbekannt; erwartet wird einer der Werte „equalTemperament“"
            ),
            (syncRecord(fields: ["bonus": "1"]), "The field bonus is not a field", "Eine Übung hat kein Feld bonus."),
            (syncRecord(fields: ["isCorrect": ""]), "The field isCorrect is missing.", "Das Feld isCorrect fehlt."),
            (
                syncRecord(type: pitchMatching, fields: ["centOffset": "5"]),
                "The field centOffset does not belong to a \(pitchMatching) record.",
                "Das Feld centOffset gehört nicht zu einer Übung der Art \(pitchMatching)."
            ),
            (
                syncRecord(id: stored, fields: ["centOffset": "-30"]), "is already stored with different content",
                "Eine Übung mit der id \(stored) ist bereits mit anderem Inhalt gespeichert; sie wurde nicht geändert."
            ),
        ]
        try await withApp(database: try AppDatabase.inMemory()) { client in
            try await client.uploadAccepted(syncRecord(id: stored))
            for language in ["en", "de"] {
                let response = try await client.upload(cases.map(\.record), language: language)
                let refused = try #require(response.json["refused"] as? [[String: Any]])
                #expect(refused.count == cases.count, "\(language)")
                for (expected, refusal) in zip(cases, refused) {
                    let message = refusal["message"] as? String ?? ""
                    let wanted = language == "de" ? expected.german : expected.english
                    #expect(message.contains(wanted), "\(language): \(message)")
                }
            }
            let many = try await client.upload(
                (0...SyncController.maximumRecords).map { _ in syncRecord() }, language: "de")
            #expect(many.errorCode == "tooManyRecords")
            #expect(
                many.errorMessage
                    == "Die Sendung enthält \(SyncController.maximumRecords + 1) Übungen; sende höchstens \(SyncController.maximumRecords) auf einmal. Es wurde nichts gespeichert."
            )
            for (id, german) in [("", "hat keine id"), ("\"42\"", "hat eine id, die keine UUID ist")] {
                let response = try await client.upload([syncRecord(), syncRecord(fields: ["id": id])], language: "de")
                #expect(response.errorCode == "malformedBody")
                #expect(
                    response.errorMessage?.hasPrefix("Die Übung an Position 1 \(german); jede Übung braucht") == true)
            }
        }
    }

    @Test("a timestamp more than 5 minutes after the server's clock is futureTimestamp; 5 minutes is accepted")
    func futureTimestamp() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let late = UUID().uuidString.lowercased()
            let edge = UUID().uuidString.lowercased()
            let response = try await client.upload([
                syncRecord(id: late, timestamp: Self.now + 300_001),
                syncRecord(id: edge, timestamp: Self.now + 300_000),
            ])
            #expect(response.json["accepted"] as? [String] == [edge])
            let refused = try #require((response.json["refused"] as? [[String: Any]])?.first)
            #expect(refused["code"] as? String == "futureTimestamp")
            #expect((refused["message"] as? String)?.contains("The timestamp 2026-05-28T20:31:40.001Z") == true)
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("a record without an id, or with one that is not a UUID, is a 400 naming its index; nothing stored")
    func badIDs() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            // Foundation's UUID(uuidString:) takes some of these; none is a UUID in its canonical form.
            for id in [
                "\"\"", "\"not-a-uuid\"", "42", "\"6F9619FF8B86D011B42D00CF4FC964FF\"", "",
                "\" 8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7\"", "\"0x1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7f\"",
                "\"8c1f0e4a-5b7d-4c2e-9f10 2a3b4c5d6e7f\"", "\"8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7\\n\"",
                "\"{8c1f0e4-5b7d-4c2e-9f10-2a3b4c5d6e7}\"", "\"8c1f0e4a+5b7d-4c2e-9f10-2a3b4c5d6e7f\"",
            ] {
                let response = try await client.upload([syncRecord(), syncRecord(fields: ["id": id])])
                #expect(response.status == .badRequest, "\(id)")
                #expect(response.errorCode == "malformedBody")
                #expect(response.errorMessage?.contains("The record at index 1 has") == true, "\(id)")
            }
        }
        #expect(try recordCount(database) == 0)
    }

    @Test("one id is one record, whatever its case: the same 128 bits in capitals are the record stored")
    func oneSpellingOfAnID() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let id = "8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7f"
            for spelling in [id.uppercased(), id, "8C1f0E4a-5b7D-4c2e-9F10-2a3B4c5d6e7F"] {
                let response = try await client.upload([syncRecord(id: spelling)])
                #expect(response.json["accepted"] as? [String] == [spelling])
            }
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("no statistic Peach sends or shows is anything but a number, with every field at the edge of its rule")
    func extremesStayFinite() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            // Every field at the edges the rules allow, the extremes of time and notes included.
            var records: [String] = []
            for (reference, target) in [(0, 12), (127, 115), (60, 60)] {
                for offset in ["100", "-100", "5e-324", "-5e-324"] {
                    records.append(syncRecord(reference: reference, target: target, fields: ["centOffset": offset]))
                }
                for (initial, error) in [("100", "200"), ("-100", "-200"), ("0", "0"), ("5e-324", "-5e-324")] {
                    records.append(
                        syncRecord(
                            type: "pitchMatching", timestamp: 946_684_800_000, reference: reference, target: target,
                            fields: ["initialCentOffset": initial, "userCentError": error]))
                }
            }
            let stored = try await client.upload(records)
            #expect((stored.json["accepted"] as? [String])?.count == records.count)
            // And beyond them: refused, whether synced or imported from a CSV.
            let beyond = try await client.upload(
                ["1e308", "-1e308", "1e200"].map {
                    syncRecord(type: "pitchMatching", fields: ["userCentError": $0])
                })
            #expect((beyond.json["refused"] as? [Any])?.count == 3)
            let csv =
                CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
                + "pitchMatching,2026-03-01T12:34:56Z,60,C4,60,C4,P1,equalTemperament,,,10.0,1e308,,,,,,,\n"
            let imported = try await client.send(.post, "/api/import?mode=merge", json: csv, contentType: "text/csv")
            #expect(imported.status == .unprocessableContent)
            let profile = try await client.get("/api/sync/profile").numbers
            #expect(!profile.isEmpty && profile.allSatisfy { $0.isFinite })
            #expect(PerceptualProfile(snapshot: profile) == (try database.loadProfile()))
            for page in ["/", "/profile", "/pitch-matching", "/comparison"] {
                for language in ["en", "de"] {
                    let html = try await client.get(page, language: language).text
                    #expect(
                        html.range(of: #"\b(nan|inf|NaN|Infinity)\b"#, options: .regularExpression) == nil, "\(page)")
                }
            }
        }
        #expect(try recordCount(database) == 24)
    }

    @Test("more than 1,000 records is a 400, more than 1 MiB a 413; nothing stored")
    func limits() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let many = try await client.upload((0..<1_001).map { _ in syncRecord() })
            #expect(many.status == .badRequest)
            #expect(many.errorCode == "tooManyRecords")
            #expect(many.errorMessage?.contains("at most 1000") == true)
            let padding = String(repeating: " ", count: 1 << 20)
            let large = try await client.send(
                .post, "/api/sync/records", json: #"{"records": [\#(syncRecord())]\#(padding)}"#)
            #expect(large.status == .contentTooLarge)
            #expect(large.errorCode == "bodyTooLarge")
            let thousand = try await client.upload((0..<1_000).map { _ in syncRecord() })
            #expect(thousand.status == .ok)
        }
        #expect(try recordCount(database) == 1_000)
    }

    @Test("a body that is not {\"records\": [...]} is a 400 (415 for another type); nothing stored, no 5xx")
    func malformedBodies() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let record = syncRecord()
            for body in [
                "{", "", "[]", "null", #"{"records": 5}"#, #"{"records": [5]}"#, #"{"records": [[]]}"#,
                #"{"records": [], "more": 1}"#, #"{"records": [\#(record),]}"#, #"{"records": [], "records": []}"#,
                #"{"rec": []}"#, #"{"records": [{"id": "\#(UUID())", "id": "\#(UUID())"}]}"#,
                #"{"records": [\#(record)], "records": [\#(syncRecord())]}"#, "{\"records\": [\"\u{0}\"]}",
            ] {
                let response = try await client.send(.post, "/api/sync/records", json: body)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.errorCode == "malformedBody", "\(body)")
            }
            let text = try await client.send(
                .post, "/api/sync/records", json: #"{"records": [\#(record)]}"#, contentType: "text/plain")
            #expect(text.status == .unsupportedMediaType)
        }
        #expect(try recordCount(database) == 0)
    }

    @Test("the profile download decodes to the server's profile, also after an import and a reset")
    func profileDownload() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            #expect(
                PerceptualProfile(snapshot: try await client.get("/api/sync/profile").numbers) == PerceptualProfile())
            var records: [String] = []
            for index in 0..<60 {
                let day = Int64(index / 3) * 86_400_000
                records.append(
                    syncRecord(
                        type: index % 4 == 3 ? "pitchMatching" : "pitchDiscrimination",
                        timestamp: 1_770_000_000_000 + day + Int64(index) * 1_000, reference: 48 + index % 20,
                        target: 48 + index % 20 + (index % 5 == 0 ? 7 : 0),
                        fields: index % 4 == 3
                            ? [:] : ["centOffset": "\(Double(index % 17 + 1) * (index % 2 == 0 ? 1 : -1))"])
                )
            }
            #expect((try await client.upload(records).json["accepted"] as? [String])?.count == 60)
            let numbers = try await client.get("/api/sync/profile").numbers
            #expect(numbers.count == ProfileSnapshot.encode(try database.loadProfile()).count)
            #expect(PerceptualProfile(snapshot: numbers) == (try database.loadProfile()))
            let reset = try await client.send(.post, "/api/reset", json: #"{"confirm": true}"#)
            #expect(reset.status == .ok)
            #expect(
                PerceptualProfile(snapshot: try await client.get("/api/sync/profile").numbers) == PerceptualProfile())
        }
    }

    @Test("a reset is an event: answers made before it are discarded when they arrive later, the reply says when")
    func resetIsAnEvent() async throws {
        let database = try AppDatabase.inMemory()
        let clock = TestClock()
        try await withApp(database: database, clock: clock) { client in
            let settingsBefore = try await postSettings(client, "")
            #expect(settingsBefore.json["resetAt"] as? Int == 0, "never reset")
            try await client.uploadAccepted(syncRecord(timestamp: Self.now - 60_000))
            // A device answered 2 s before the reset and syncs only after it.
            let beforeReset = UUID().uuidString.lowercased()
            clock.advance(by: 10)
            let reset = try await client.send(.post, "/api/reset", json: #"{"confirm": true}"#)
            #expect(reset.status == .ok)
            let resetAt = Self.now + 10_000
            let afterReset = UUID().uuidString.lowercased()
            let response = try await client.upload([
                syncRecord(id: beforeReset, timestamp: resetAt - 2_000),
                syncRecord(id: afterReset, timestamp: resetAt + 1),
            ])
            #expect(response.json["accepted"] as? [String] == [afterReset])
            #expect(response.json["discarded"] as? [String] == [beforeReset])
            #expect((response.json["refused"] as? [Any])?.isEmpty == true)
            let settings = try await postSettings(client, "")
            #expect(settings.json["resetAt"] as? Int == Int(resetAt))
            let profile = try #require(PerceptualProfile(snapshot: try await client.get("/api/sync/profile").numbers))
            #expect(profile.comparisonCount == 1, "only the answer made after the reset")
        }
        #expect(try recordCount(database) == 1)
        #expect(try database.historyResetAt() == Timestamp(millisecondsSince1970: Self.now + 10_000))
    }

    @Test(
        "after a reset, a device whose clock is behind keeps its answers: before or after is judged on the server's clock"
    )
    func resetOnTheServersClock() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database, clock: TestClock()) { client in
            let reset = try await client.send(.post, "/api/reset", json: #"{"confirm": true}"#)
            #expect(reset.status == .ok)
            let settings = try await postSettings(client, "")
            #expect(settings.json["serverTime"] as? Int == Int(Self.now), "the server's clock, for the device's offset")
            #expect((settings.json["historyID"] as? String).flatMap(Int32.init) == (try database.identity()))
            // A device three minutes behind: an answer 10 s after the reset is stamped 2:50 before
            // it; one 10 s before the reset, 3:10 before.
            let behind: Int64 = 3 * 60 * 1000
            let (after, before) = (UUID().uuidString.lowercased(), UUID().uuidString.lowercased())
            let body =
                #"{"records": [\#(syncRecord(id: after, timestamp: Self.now + 10_000 - behind)), \#(syncRecord(id: before, timestamp: Self.now - 10_000 - behind))]}"#
            let response = try await client.execute(
                uri: "/api/sync/records", method: .post,
                headers: [.contentType: "application/json", SyncController.sentAtHeader: "\(Self.now - behind)"],
                body: ByteBuffer(string: body))
            #expect(response.json["accepted"] as? [String] == [after])
            #expect(response.json["discarded"] as? [String] == [before])
            // Without the device's clock, the timestamps are taken as the server's: both before.
            let unclocked = try await client.upload([syncRecord(timestamp: Self.now + 10_000 - behind)])
            #expect((unclocked.json["discarded"] as? [String])?.count == 1)
            // A clock that is not a number of milliseconds refuses the batch, storing nothing.
            for malformed in ["", "-5", "1.5", "12345678901234567", "soon"] {
                let refused = try await client.execute(
                    uri: "/api/sync/records", method: .post,
                    headers: [.contentType: "application/json", SyncController.sentAtHeader: malformed],
                    body: ByteBuffer(string: body))
                #expect(refused.status == .badRequest, "\(malformed)")
                #expect(refused.text.contains(#""code":"malformedHeader""#), "\(malformed)")
            }
        }
        #expect(try recordCount(database) == 1)
    }

    // MARK: Settings

    func postSettings(_ client: some TestClientProtocol, _ settings: String) async throws -> TestResponse {
        try await client.send(.post, "/api/sync/settings", json: #"{"settings": {\#(settings)}}"#)
    }

    @Test(
        "settings: the reply says whether the history holds the device's last accepted record, of any kind, and how often it removed all; a malformed id is a 400"
    )
    func lastAcceptedHeld() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            func settings(lastAccepted: String, _ settings: String = "") async throws -> TestResponse {
                try await client.execute(
                    uri: "/api/sync/settings", method: .post,
                    headers: [.contentType: "application/json", SyncController.lastAcceptedHeader: lastAccepted],
                    body: ByteBuffer(string: #"{"settings": {\#(settings)}}"#))
            }
            let types = ["pitchDiscrimination", "pitchMatching", "rhythmOffsetDetection", "continuousRhythmMatching"]
            let ids = types.map { _ in UUID().uuidString.lowercased() }
            let uploaded = try await client.upload(
                zip(ids, types).map { syncRecord(id: $0, type: $1, reference: 60, target: 67) })
            #expect(uploaded.json["accepted"] as? [String] == ids)
            #expect(uploaded.json["removals"] as? Int == 0)
            for id in ids + [ids[0].uppercased()] {
                let reply = try await settings(lastAccepted: id)
                #expect(reply.status == .ok)
                #expect(reply.json["lastAcceptedHeld"] as? Bool == true, "\(id)")
            }
            // A record the history lacks (a copy from before it was accepted put back).
            let missing = try await settings(lastAccepted: UUID().uuidString.lowercased())
            #expect(missing.json["lastAcceptedHeld"] as? Bool == false)
            // An older device sends none and is told nothing.
            #expect(try await postSettings(client, "").json["lastAcceptedHeld"] == nil)
            // A reset removes them on purpose, and the count of such removals says so.
            #expect(missing.json["removals"] as? Int == 0)
            _ = try await client.send(.post, "/api/reset", json: #"{"confirm": true}"#)
            let reset = try await settings(lastAccepted: ids[3])
            #expect(reset.json["lastAcceptedHeld"] as? Bool == false)
            #expect(reset.json["removals"] as? Int == 1)
            let after = try await client.upload([syncRecord(timestamp: Self.now + 1000)])
            #expect((after.json["accepted"] as? [String])?.count == 1)
            #expect(after.json["removals"] as? Int == 1)
            // Not an id: refused as a whole, the settings with it not applied.
            for malformed in ["", "soon", "\(ids[0])0", "\(ids[0].dropLast())", "{\(ids[0])}"] {
                let refused = try await settings(
                    lastAccepted: malformed, #""referencePitch": {"value": "415", "changedAt": 1000}"#)
                #expect(refused.status == .badRequest, "\(malformed)")
                #expect(refused.text.contains(#""code":"malformedHeader""#), "\(malformed)")
                #expect(refused.text.contains("Peach-Last-Accepted"), "\(malformed)")
            }
        }
        #expect(try database.loadSyncedSettings().changedAt("referencePitch") == 0)
    }

    @Test("settings: the later change wins per setting, a tie or an older one keeps the server's")
    func settingsLastWriterWins() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let first = try await postSettings(
                client,
                #""referencePitch": {"value": "442", "changedAt": 1000}, "noteDuration": {"value": 1.5, "changedAt": 2000}"#
            )
            #expect(first.status == .ok)
            let settings = try #require(first.json["settings"] as? [String: [String: Any]])
            #expect(Set(settings.keys) == Set(TrainingSettings.Key.allCases.map(\.rawValue)))
            #expect(settings["referencePitch"]?["value"] as? String == "442")
            #expect(settings["referencePitch"]?["changedAt"] as? Int == 1000)
            #expect(settings["noteDuration"]?["value"] as? String == "1.5")
            #expect(settings["tuningSystem"]?["changedAt"] as? Int == 0)
            #expect((first.json["refused"] as? [Any])?.isEmpty == true)
            #expect(try await client.get("/api/settings").json[path: "settings", "referencePitch"] as? String == "442")
            // Older, and equal: the server's value stays.
            for changedAt in [999, 1000] {
                let older = try await postSettings(
                    client, #""referencePitch": {"value": "415", "changedAt": \#(changedAt)}"#)
                #expect(older.json[path: "settings", "referencePitch", "value"] as? String == "442")
                #expect(older.json[path: "settings", "referencePitch", "changedAt"] as? Int == 1000)
            }
            // PUT /api/settings stamps the server's now: an older device change loses, a later one wins.
            _ = try await client.send(.put, "/api/settings", json: #"{"referencePitch": 450}"#)
            let stamped = try await postSettings(
                client, #""referencePitch": {"value": "415", "changedAt": \#(Self.now - 1)}"#)
            #expect(stamped.json[path: "settings", "referencePitch", "value"] as? String == "450")
            #expect(stamped.json[path: "settings", "referencePitch", "changedAt"] as? Int == Int(Self.now))
            let later = try await postSettings(
                client, #""referencePitch": {"value": "440", "changedAt": \#(Self.now + 1)}"#)
            #expect(later.json[path: "settings", "referencePitch", "value"] as? String == "440")
            // A change back to the default keeps its time (it is still stored).
            let again = try await postSettings(
                client, #""referencePitch": {"value": "415", "changedAt": \#(Self.now)}"#)
            #expect(again.json[path: "settings", "referencePitch", "value"] as? String == "440")
        }
        #expect(try database.loadSyncedSettings().changedAt("referencePitch") == Self.now + 1)
    }

    @Test("settings: a change stamped more than 5 minutes after the server's clock counts as made now")
    func settingsFromAWrongClock() async throws {
        let database = try AppDatabase.inMemory()
        let clock = TestClock()
        let year2100: Int64 = 4_102_444_800_000
        try await withApp(database: database, clock: clock) { client in
            let wrong = try await postSettings(
                client, #""referencePitch": {"value": "442", "changedAt": \#(year2100)}"#)
            #expect(wrong.json[path: "settings", "referencePitch", "value"] as? String == "442")
            #expect(wrong.json[path: "settings", "referencePitch", "changedAt"] as? Int == Int(Self.now))
            // Within the tolerance a device's own time stands.
            let ahead = Self.now + 5 * 60 * 1000
            let close = try await postSettings(client, #""noteDuration": {"value": "1.5", "changedAt": \#(ahead)}"#)
            #expect(close.json[path: "settings", "noteDuration", "changedAt"] as? Int == Int(ahead))
            // A later change on another device wins, as it would have without the wrong clock.
            clock.advance(by: 60)
            let later = try await postSettings(
                client, #""referencePitch": {"value": "445", "changedAt": \#(Self.now + 60_000)}"#)
            #expect(later.json[path: "settings", "referencePitch", "value"] as? String == "445")
            // The wrong clock's device sends its change again with the time the server gave it.
            let again = try await postSettings(
                client, #""referencePitch": {"value": "442", "changedAt": \#(Self.now)}"#)
            #expect(again.json[path: "settings", "referencePitch", "value"] as? String == "445")
        }
        #expect(try database.loadSettings().referencePitch.hertz == 445)
    }

    @Test("settings: a change the core refuses, alone or with the others, is skipped and listed; the rest apply")
    func settingsRefused() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            // Both bounds later: checked as a pair, whatever their order in time.
            let pair = try await postSettings(
                client,
                #""noteRangeUpper": {"value": "96", "changedAt": 10}, "noteRangeLower": {"value": "80", "changedAt": 5}"#
            )
            #expect(pair.json[path: "settings", "noteRangeLower", "value"] as? String == "80")
            #expect(pair.json[path: "settings", "noteRangeUpper", "value"] as? String == "96")
            // An invalid value among valid ones: it alone is refused; the range moves as a pair.
            let narrow = try await postSettings(
                client,
                #""noteRangeLower": {"value": "80", "changedAt": 20}, "noteDuration": {"value": "9", "changedAt": 20}, "tuningSystem": {"value": "pythagorean", "changedAt": 20}, "futureSetting": {"value": "1", "changedAt": 20}, "noteRangeUpper": {"value": "100", "changedAt": 21}"#
            )
            #expect(narrow.status == .ok)
            let refused = try #require(narrow.json["refused"] as? [[String: Any]])
            #expect(refused.map { $0["key"] as? String } == ["futureSetting", "noteDuration"])
            #expect((refused[1]["message"] as? String)?.contains("9") == true)
            #expect(narrow.json[path: "settings", "tuningSystem", "value"] as? String == "pythagorean")
            #expect(narrow.json[path: "settings", "noteRangeUpper", "value"] as? String == "100")
            #expect(narrow.json[path: "settings", "noteDuration", "changedAt"] as? Int == 0)
            // A lower bound that leaves fewer than 12 semitones with the upper one held: refused.
            let tooNarrow = try await postSettings(client, #""noteRangeLower": {"value": "95", "changedAt": 30}"#)
            let refusedRange = try #require(tooNarrow.json["refused"] as? [[String: Any]])
            #expect(refusedRange.map { $0["key"] as? String } == ["noteRangeLower"])
            #expect(tooNarrow.json[path: "settings", "noteRangeLower", "value"] as? String == "80")
            #expect(tooNarrow.json[path: "settings", "noteRangeLower", "changedAt"] as? Int == 20)
            for body in [
                #""referencePitch": {"value": "442", "changedAt": -1}"#,
                #""referencePitch": {"value": "442", "changedAt": "1"}"#, #""referencePitch": {"value": "442"}"#,
                #""referencePitch": {"changedAt": 1}"#, #""referencePitch": {"value": "442", "changedAt": 1, "x": 1}"#,
                #""referencePitch": "442""#,
            ] {
                let response = try await postSettings(client, body)
                #expect(response.status == .badRequest, "\(body)")
            }
            #expect(try await postSettings(client, "").status == .ok)
            let long = String(repeating: "k", count: 5_000)
            let unknown = try await postSettings(client, #""\#(long)": {"value": "1", "changedAt": 1}"#)
            let refusedKey = try #require((unknown.json["refused"] as? [[String: Any]])?.first?["key"] as? String)
            #expect(refusedKey.count == 41)
        }
        let stored = try database.loadSettings()
        #expect(stored.noteRange.lower.rawValue == 80 && stored.noteRange.upper.rawValue == 100)
        #expect(stored.tuningSystem == .pythagorean)
    }
}
