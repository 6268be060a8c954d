import Foundation
import PeachCore
import Testing

@testable import PeachStore

/// `peach import` of every file the Peach apps wrote (the iOS app's formats 1 and 2, the web
/// app's format 1), of files a spreadsheet saved again, and of times with digits past the
/// millisecond: the real binary on real files (docs/cli.md, "The CSV format").
@Suite("Command line: import of earlier formats and of files saved by a spreadsheet")
final class CSVEarlierFormatsTests {
    let peach: URL
    let folder: URL
    let database: String

    init() throws {
        peach = try builtExecutable("peach")
        folder = try makeTemporaryDirectory()
        database = folder.appendingPathComponent("peach.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    static let format1Header =
        "trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError"

    /// As the iOS app wrote format 1: `pitchComparison`, ISO 8601 with milliseconds, LF.
    static let iOSFormat1 = [
        "# peach-export-format:1",
        format1Header,
        "pitchComparison,2025-06-01T10:00:00.123Z,60,C4,60,C4,P1,equalTemperament,15.3,true,,",
        "pitchComparison,2025-06-01T10:00:05.456Z,60,C4,67,G4,P5,justIntonation,-8.25,false,,",
        "pitchMatching,2025-06-01T10:01:00.000Z,62,D4,62,D4,P1,equalTemperament,,,20.5,-3.75",
        "pitchMatching,2025-06-01T10:01:10.500Z,57,A3,64,E4,P5,pythagorean,,,-40.0,6.5",
        "",
    ].joined(separator: "\n")

    /// As the web app wrote format 1: `pitchComparison`, whole seconds, numbers as Rust prints
    /// them (`-12`, not `-12.0`), and the tritone as `A4`.
    static let webFormat1 = [
        "# peach-export-format:1",
        format1Header,
        "pitchComparison,2026-03-04T14:30:00Z,60,C4,64,E4,M3,equalTemperament,-12,false,,",
        "pitchComparison,2026-03-04T14:30:07Z,62,D4,68,G#4,A4,justIntonation,4.75,true,,",
        "pitchMatching,2026-03-04T14:31:00Z,60,C4,67,G4,P5,equalTemperament,,,25.5,3.2",
        "pitchMatching,2026-03-04T14:31:09Z,57,A3,63,D#4,A4,equalTemperament,,,-31,-7.125",
        "",
    ].joined(separator: "\n")

    /// As the iOS app wrote format 2: `pitchDiscrimination`, the three rhythm columns, and rows
    /// of both rhythm modes (`rhythmMatching` was renamed in format 3).
    static let iOSFormat2 = [
        "# peach-export-format:2",
        format1Header + ",tempoBPM,offsetMs,userOffsetMs",
        "pitchDiscrimination,2026-02-10T08:00:00.250Z,60,C4,60,C4,P1,equalTemperament,22.0,true,,,,,",
        "pitchMatching,2026-02-10T08:00:30.500Z,64,E4,71,B4,P5,justIntonation,,,-15.0,4.25,,,",
        "rhythmOffsetDetection,2026-02-10T08:05:00.000Z,,,,,,,,true,,,120,-12.5,",
        "rhythmMatching,2026-02-10T08:06:00.000Z,,,,,,,,,,,90,,8.3",
        "pitchDiscrimination,2026-02-10T08:07:00.000Z,60,C4,54,F#3,d5,equalTemperament,-9.5,false,,,,,",
        "",
    ].joined(separator: "\n")

    func write(_ text: String, _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: String...) throws -> ProcessResult {
        try runProcess(peach, arguments)
    }

    /// The data rows `peach export` writes.
    func exportedRows() throws -> [String] {
        let export = try run("export", "--data", database)
        #expect(export.status == 0, "\(export.errors)")
        return export.output.split(separator: "\n").dropFirst(2).map(String.init)
    }

    @Test("the iOS app's format 1 imports, pitchComparison read as pitchDiscrimination")
    func iOSFormat1Imports() throws {
        let result = try run("import", try write(Self.iOSFormat1, "ios-1.csv"), "--data", database)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "Imported 4 records.\n")
        #expect(
            try exportedRows() == [
                "pitchDiscrimination,2025-06-01T10:00:00.123Z,60,C4,60,C4,P1,equalTemperament,15.3,true,,,,,,,,,",
                "pitchDiscrimination,2025-06-01T10:00:05.456Z,60,C4,67,G4,P5,justIntonation,-8.25,false,,,,,,,,,",
                "pitchMatching,2025-06-01T10:01:00Z,62,D4,62,D4,P1,equalTemperament,,,20.5,-3.75,,,,,,,",
                "pitchMatching,2025-06-01T10:01:10.500Z,57,A3,64,E4,P5,pythagorean,,,-40.0,6.5,,,,,,,",
            ])
    }

    @Test("the web app's format 1 imports, its A4 read as the tritone d5")
    func webFormat1Imports() throws {
        let result = try run("import", try write(Self.webFormat1, "web-1.csv"), "--data", database)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "Imported 4 records.\n")
        #expect(
            try exportedRows() == [
                "pitchDiscrimination,2026-03-04T14:30:00Z,60,C4,64,E4,M3,equalTemperament,-12.0,false,,,,,,,,,",
                "pitchDiscrimination,2026-03-04T14:30:07Z,62,D4,68,G#4,d5,justIntonation,4.75,true,,,,,,,,,",
                "pitchMatching,2026-03-04T14:31:00Z,60,C4,67,G4,P5,equalTemperament,,,25.5,3.2,,,,,,,",
                "pitchMatching,2026-03-04T14:31:09Z,57,A3,63,D#4,d5,equalTemperament,,,-31.0,-7.125,,,,,,,",
            ])
        // The same file again: every record is already there, as Peach stored it.
        let again = try run("import", folder.appendingPathComponent("web-1.csv").path, "--data", database)
        #expect(again.output == "Imported 0 records; skipped 4 already present.\n", "\(again.errors)")
    }

    @Test("the iOS app's format 2 imports, its rhythmMatching rows as format 3's continuousRhythmMatching")
    func iOSFormat2Imports() throws {
        let result = try run("import", try write(Self.iOSFormat2, "ios-2.csv"), "--data", database)
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output == "Imported 5 records.\n")
        // As the iOS app migrates it: userOffsetMs becomes meanOffsetMs, without positions.
        #expect(
            try exportedRows() == [
                "pitchDiscrimination,2026-02-10T08:00:00.250Z,60,C4,60,C4,P1,equalTemperament,22.0,true,,,,,,,,,",
                "pitchMatching,2026-02-10T08:00:30.500Z,64,E4,71,B4,P5,justIntonation,,,-15.0,4.25,,,,,,,",
                "rhythmOffsetDetection,2026-02-10T08:05:00Z,,,,,,,,true,,,120,-12.5,,,,,",
                "continuousRhythmMatching,2026-02-10T08:06:00Z,,,,,,,,,,,90,,8.3,,,,",
                "pitchDiscrimination,2026-02-10T08:07:00Z,60,C4,54,F#3,d5,equalTemperament,-9.5,false,,,,,,,,,",
            ])
    }

    @Test("an earlier format's header must still have its columns; a later format is refused as newer")
    func earlierFormatsRefusals() throws {
        let missing = Self.iOSFormat2.replacingOccurrences(of: ",userOffsetMs\n", with: "\n")
        let refused = try run("import", try write(missing, "missing.csv"), "--data", database)
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains(
                "line 2, column userOffsetMs: The header has no column userOffsetMs; a format-2 header is "
                    + Self.format1Header + ",tempoBPM,offsetMs,userOffsetMs."), "\(refused.errors)")
        let newer = Self.iOSFormat1.replacingOccurrences(of: "format:1", with: "format:4")
        let later = try run("import", try write(newer, "newer.csv"), "--data", database)
        #expect(later.status == 1)
        #expect(
            later.errors.contains(
                "line 1: The file is in Peach export format 4, but this Peach reads formats 1 to 3: a newer Peach app wrote it. Update this Peach to import the file."
            ), "\(later.errors)")
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    /// A format-3 export as a spreadsheet set to German saves it again: semicolons between the
    /// fields, decimal commas, the first line padded with separators.
    static func spreadsheet(separator: String, quoted: Bool = false) -> String {
        func row(_ fields: [String]) -> String {
            fields.map { quoted && !$0.isEmpty ? "\"\($0)\"" : $0 }.joined(separator: separator)
        }
        let padding = String(repeating: separator, count: CSVFormat.columns.count - 1)
        return [
            CSVFormat.formatLine + padding,
            row(CSVFormat.columns),
            row(
                [
                    "pitchDiscrimination", "2026-03-01T12:34:56Z", "60", "C4", "67", "G4", "P5", "equalTemperament",
                    "12,5",
                ]
                    + ["WAHR"] + Array(repeating: "", count: 9)),
            "",
        ].joined(separator: "\r\n")
    }

    @Test("semicolons between fields are named as such, quoted or not, with what to do")
    func semicolons() throws {
        for (name, text) in [
            ("semicolons.csv", Self.spreadsheet(separator: ";")),
            ("quoted.csv", Self.spreadsheet(separator: ";", quoted: true)),
        ] {
            let result = try run("import", try write(text, name), "--data", database)
            #expect(result.status == 1)
            #expect(
                result.errors.contains(
                    "line 2: The file has semicolons between its fields, as a spreadsheet set to a language with a decimal comma saves CSV; Peach reads commas. Import the file as Peach exported it, or save it again as CSV with commas between fields and a decimal point in numbers."
                ), "\(name): \(result.errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: database))
    }

    @Test("a decimal comma is named as such; a first line padded with commas, a BOM and CRLF are accepted")
    func decimalCommaAndPadding() throws {
        // Commas between fields (as set in the spreadsheet's CSV options), so the decimal comma
        // is quoted.
        let decimalComma = Self.spreadsheet(separator: ",").replacingOccurrences(of: ",12,5,", with: ",\"12,5\",")
        let result = try run("import", try write(decimalComma, "comma.csv"), "--data", database)
        #expect(result.status == 1)
        #expect(
            result.errors.contains(
                "line 3, column centOffset: \"12,5\" has a decimal comma; Peach reads numbers with a decimal point, such as 12.5. Import the file as Peach exported it, or save it again as CSV with a decimal point in numbers."
            ), "\(result.errors)")

        let padded = "\u{FEFF}" + decimalComma.replacingOccurrences(of: "\"12,5\",WAHR", with: "12.5,TRUE")
        #expect(padded.hasPrefix("\u{FEFF}# peach-export-format:3,,,,") && padded.contains("\r\n"))
        let imported = try run("import", try write(padded, "padded.csv"), "--data", database)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "Imported 1 record.\n")
        #expect(
            try exportedRows() == [
                "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,67,G4,P5,equalTemperament,12.5,true,,,,,,,,,"
            ])
    }

    @Test("an upload to peach serve and a CSV import drop a fraction of a millisecond alike: one record each")
    func fractionsInSyncAndCSV() throws {
        let server = try RunningServer(peach, data: database)
        let port = try #require(server.waitForPort(), "\(server.errors)")
        // 2026-03-01T12:00:00.944Z and a second later, sent with digits past the millisecond.
        let records = ["1772366400944.9999999", "1772366401944.5"].map { timestamp in
            #"{"id": "\#(UUID().uuidString.lowercased())", "trainingType": "pitchDiscrimination", "timestamp": \#(timestamp), "referenceNote": 60, "targetNote": 60, "tuningSystem": "equalTemperament", "centOffset": 12.5, "isCorrect": true}"#
        }
        let reply = try #require(
            RunningServer.request(
                port: port, "POST", "/api/sync/records", json: #"{"records": [\#(records.joined(separator: ","))]}"#))
        server.stop()
        let json = try JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        #expect((json?["accepted"] as? [String])?.count == 2, "\(String(decoding: reply.body, as: UTF8.self))")
        // The same two instants in a CSV, with as many digits: already stored, to the millisecond.
        let rows = ["2026-03-01T12:00:00.9449999999Z", "2026-03-01T12:00:01.9445Z"].map {
            "pitchDiscrimination,\($0),60,C4,60,C4,P1,equalTemperament,12.5,true,,,,,,,,,"
        }
        let text = ([CSVFormat.formatLine, CSVFormat.header] + rows + [""]).joined(separator: "\n")
        let imported = try run("import", try write(text, "same-instants.csv"), "--data", database)
        #expect(imported.output == "Imported 0 records; skipped 2 already present.\n", "\(imported.errors)")
        #expect(
            try exportedRows().map { $0.split(separator: ",")[1] } == [
                "2026-03-01T12:00:00.944Z", "2026-03-01T12:00:01.944Z",
            ])
    }

    @Test("digits past the millisecond are dropped, toward the past: .5, .9999999 and .0000001 of a millisecond")
    func fractionsOfAMillisecond() throws {
        let rows = [
            "2026-03-01T12:34:56.9445Z", "2026-03-01T12:34:57.9449999999Z", "2026-03-01T12:34:58.9440000001Z",
            "2026-03-01T23:59:59.9999999Z", "2026-03-01T12:35:00.1+01:00",
        ].map { "pitchDiscrimination,\($0),60,C4,60,C4,P1,equalTemperament,12.5,true,,,,,,,,," }
        let text = ([CSVFormat.formatLine, CSVFormat.header] + rows + [""]).joined(separator: "\n")
        let result = try run("import", try write(text, "fractions.csv"), "--data", database)
        #expect(result.status == 0, "\(result.errors)")
        #expect(
            try exportedRows().map { $0.split(separator: ",")[1] } == [
                "2026-03-01T11:35:00.100Z", "2026-03-01T12:34:56.944Z", "2026-03-01T12:34:57.944Z",
                "2026-03-01T12:34:58.944Z", "2026-03-01T23:59:59.999Z",
            ])
    }
}
