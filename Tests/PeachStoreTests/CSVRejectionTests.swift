import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("CSV import rejects bad files, whole, and writes nothing")
struct CSVRejectionTests {
    static let header = CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
    static let good = "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,67,G4,P5,equalTemperament,12.5,true,,,,,,,,,\n"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var data: Data
        var line: Int?
        var column: String?
        /// Words the message must contain.
        var mentions: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] =
        [
            Case(
                name: "a truncated row",
                data: Data((header + good + "pitchDiscrimination,2026-03-01T12:35:00Z,60,C4,6").utf8),
                line: 4, column: nil, mentions: ["5 fields", "19", "truncated"]),
            Case(
                name: "a bad row after blank lines (their lines still counted)",
                data: Data(
                    (header + "\n\r\n\r" + good + "\n\n" + good.replacingOccurrences(of: "true", with: "yes")).utf8),
                line: 9, column: "isCorrect", mentions: ["\"yes\""]),
            Case(
                name: "a note of 200",
                data: Data((header + good + good.replacingOccurrences(of: ",60,C4,67,", with: ",200,C4,67,")).utf8),
                line: 4, column: "referenceNote", mentions: ["200", "0–127"]),
            Case(
                name: "an unknown interval",
                data: Data((header + good.replacingOccurrences(of: ",P5,", with: ",P9,")).utf8),
                line: 3, column: "interval", mentions: ["\"P9\"", "P5"]),
            Case(
                name: "isCorrect of yes",
                data: Data((header + good + good.replacingOccurrences(of: "true", with: "yes")).utf8),
                line: 4, column: "isCorrect", mentions: ["\"yes\"", "true or false"]),
            Case(
                name: "a missing column",
                data: Data(
                    (CSVFormat.formatLine + "\n" + CSVFormat.header.replacingOccurrences(of: "interval,", with: "")
                        + "\n"
                        + good.replacingOccurrences(of: "P5,", with: "")).utf8),
                line: 2, column: "interval", mentions: ["no column interval"]),
            Case(
                name: "a later format",
                data: Data(("# peach-export-format:4\n" + CSVFormat.header + "\n" + good).utf8),
                line: 1, column: nil, mentions: ["format 4", "formats 1 to 3", "newer Peach"]),
            Case(
                name: "a CSV without format line", data: Data((CSVFormat.header + "\n" + good).utf8),
                line: 1, column: nil, mentions: ["# peach-export-format:3", "not a Peach export"]),
            Case(name: "an empty file", data: Data(), line: nil, column: nil, mentions: ["empty"]),
            Case(
                name: "a binary file",
                data: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0xFF, 0xFE]),
                line: nil, column: nil, mentions: ["not a text file"]),
            Case(
                name: "a target note that is not the interval",
                data: Data((header + good.replacingOccurrences(of: ",67,G4,", with: ",66,F#4,")).utf8),
                line: 3, column: "targetNote", mentions: ["6 semitones", "P5", "7"]),
            Case(
                name: "an unknown training type",
                data: Data(
                    (header + good.replacingOccurrences(of: "pitchDiscrimination", with: "loudnessTraining")).utf8),
                line: 3, column: "trainingType", mentions: ["loudnessTraining"]),
            Case(
                name: "a timestamp that is not UTC ISO 8601",
                data: Data(
                    (header + good.replacingOccurrences(of: "2026-03-01T12:34:56Z", with: "01.03.2026 12:34")).utf8),
                line: 3, column: "timestamp", mentions: ["01.03.2026 12:34", "2026-03-01T12:34:56Z"]),
            Case(
                name: "a time past the year 9999",
                data: Data(
                    (header + good.replacingOccurrences(of: "2026-03-01T12:34:56Z", with: "9999-12-31T23:30:00-01:00"))
                        .utf8
                ),
                line: 3, column: "timestamp", mentions: ["9999-12-31T23:30:00-01:00"]),
            Case(
                name: "a cent offset of nan",
                data: Data((header + good.replacingOccurrences(of: "12.5", with: "nan")).utf8),
                line: 3, column: "centOffset", mentions: ["\"nan\"", "number"]),
            Case(
                name: "a cent error beyond what the table stores",
                data: Data(
                    (header
                        + "pitchMatching,2026-03-01T12:34:56Z,60,C4,60,C4,P1,equalTemperament,,,10.0,1.5e308,,,,,,,\n")
                        .utf8
                ),
                line: 3, column: "userCentError", mentions: ["outside ±200 cents"]),
        ]
        + ["200.001", "-200.5", "1e200", "-1e308"].map { error in
            Case(
                name: "a cent error of \(error), beyond the slider's reach",
                data: Data(
                    (header
                        + "pitchMatching,2026-03-01T12:34:56Z,60,C4,60,C4,P1,equalTemperament,,,10.0,\(error),,,,,,,\n")
                        .utf8
                ),
                line: 3, column: "userCentError", mentions: [error, "outside ±200 cents"])
        } + [
            Case(
                name: "a row with extra commas",
                data: Data(
                    (header + good.replacingOccurrences(of: "\n", with: String(repeating: ",", count: 100_000) + "\n"))
                        .utf8
                ),
                line: 3, column: nil, mentions: ["more than the header's 19 fields", "extra commas"]),
            Case(
                name: "a header naming a column twice",
                data: Data((CSVFormat.formatLine + "\n" + CSVFormat.header + ",timestamp\n" + good).utf8),
                line: 2, column: "timestamp", mentions: ["timestamp twice"]),
            Case(
                name: "a huge bad value, repeated only in part",
                data: Data(
                    (header + good.replacingOccurrences(of: "true", with: String(repeating: "y", count: 1000))).utf8),
                line: 3, column: "isCorrect", mentions: ["\"" + String(repeating: "y", count: 40) + "…\""]),
            Case(
                name: "a field past the length limit",
                data: Data(
                    (header
                        + good.replacingOccurrences(
                            of: ",C4,", with: ",\"" + String(repeating: "C", count: 2000) + "\","))
                        .utf8),
                line: 3, column: "referenceNoteName", mentions: ["1024 bytes"]),
            Case(
                name: "an unclosed quote", data: Data((header + good + "\"pitchDiscrimination,2026").utf8),
                line: 4, column: nil, mentions: ["quoted field is not closed"]),
        ] + rhythmCases

    /// Rhythm rows break the rules of their records: each is named by its line and column.
    static let rhythmCases: [Case] = {
        let detection = "rhythmOffsetDetection,2026-03-01T12:35:00Z,,,,,,,,true,,,TEMPO,OFFSET,,,,,\n"
        let trial = "continuousRhythmMatching,2026-03-01T12:36:00Z,,,,,,,,,,,TEMPO,,MEAN,P0,,,P3\n"
        func row(_ template: String, _ values: [String: String]) -> Data {
            var row = template
            for (key, value) in ["TEMPO": "80", "OFFSET": "-4.0", "MEAN": "1.5", "P0": "2.0", "P3": ""].merging(
                values, uniquingKeysWith: { $1 })
            {
                row = row.replacingOccurrences(of: key, with: value)
            }
            return Data((header + good + row).utf8)
        }
        return [
            Case(
                name: "a tempo of 39 BPM", data: row(detection, ["TEMPO": "39"]), line: 4, column: "tempoBPM",
                mentions: ["\"39\"", "40 to 200"]),
            Case(
                name: "a tempo of 80.5", data: row(trial, ["TEMPO": "80.5"]), line: 4, column: "tempoBPM",
                mentions: ["\"80.5\""]),
            Case(
                name: "a rhythm row without a tempo", data: row(trial, ["TEMPO": ""]), line: 4, column: "tempoBPM",
                mentions: ["not a tempo"]),
            Case(
                name: "an offset of zero", data: row(detection, ["OFFSET": "0.0"]), line: 4, column: "offsetMs",
                mentions: ["0.0 ms", "zero"]),
            Case(
                name: "an offset beyond half a sixteenth", data: row(detection, ["OFFSET": "93.76"]), line: 4,
                column: "offsetMs", mentions: ["93.76", "93.75 ms at 80 BPM"]),
            Case(
                name: "an offset of nan", data: row(detection, ["OFFSET": "nan"]), line: 4, column: "offsetMs",
                mentions: ["\"nan\"", "not a number"]),
            Case(
                name: "a mean offset beyond half a sixteenth", data: row(trial, ["MEAN": "-100"]), line: 4,
                column: "meanOffsetMs", mentions: ["-100", "93.75 ms"]),
            Case(
                name: "a position's mean beyond half a sixteenth", data: row(trial, ["P3": "1e300"]), line: 4,
                column: "meanOffsetMsPosition3", mentions: ["1e300"]),
            Case(
                name: "a rhythm row of an unknown type",
                data: row(detection.replacingOccurrences(of: "rhythmOffsetDetection", with: "rhythmComparison"), [:]),
                line: 4, column: "trainingType", mentions: ["\"rhythmComparison\"", "continuousRhythmMatching"]),
        ]
    }()

    @Test(
        "each bad file is rejected with its line, column and reason; the database file is byte-for-byte unchanged",
        arguments: cases)
    func rejected(_ badCase: Case) throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        for record in sampleRecords(count: 20) { try database.store(record) }
        let before = try (contents(of: path), contents(of: path + "-wal"))

        let error = try #require(throws: CSVError.self) { try database.importCSV(badCase.data, mode: .replace) }
        #expect(error.line == badCase.line)
        #expect(error.column == badCase.column)
        for word in badCase.mentions {
            #expect(error.description.contains(word), "\(error.description) should mention \(word)")
        }
        #expect(error.description.hasSuffix("Nothing was imported."))
        #expect(error.description.count < 500, "a message stays short whatever the file holds")
        #expect(try contents(of: path) == before.0)
        #expect(try contents(of: path + "-wal") == before.1)
        #expect(try database.recordCounts().total == 20)
    }

    @Test("a gigabyte-long quoted field is refused after its first kilobytes, naming row, column and limit")
    func hugeFieldRefusedEarly() throws {
        var parser = CSVImport.Parser()
        _ = try parser.read(Array((Self.header + "pitchDiscrimination,2026-03-01T12:34:56Z,60,\"").utf8))
        let piece = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 20)
        var piecesRead = 0
        let error = try #require(throws: CSVError.self) {
            // 1 GiB if it were all read; the parser must give up within the first piece.
            for _ in 0..<1024 {
                piecesRead += 1
                _ = try parser.read(piece)
            }
        }
        #expect(piecesRead == 1)
        #expect(error == CSVError(line: 3, column: "referenceNoteName", reason: .fieldTooLong(limit: 1024)))
    }

    @Test("a file on disk with a bad row far in is refused with its line, and nothing is written")
    func fileOnDisk() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.csv")
        // About 2.5 MiB: the bad row lies beyond the first pieces the file is read in.
        let rows = String(repeating: Self.good, count: 30_000)
        try Data((Self.header + rows + Self.good.replacingOccurrences(of: ",P5,", with: ",P9,")).utf8).write(to: file)
        let error = try #require(throws: CSVError.self) { try CSVFile(checkingFileAt: file.path) }
        #expect(error.line == 30_003)
        #expect(error.column == "interval")

        try Data((Self.header + rows).utf8).write(to: file)
        let checked = try CSVFile(checkingFileAt: file.path)
        #expect(checked.recordCount == 30_000)
        // The file changed between the check and the import: the import, read again, is undone.
        try Data((Self.header + rows + "pitchDiscrimination,bad").utf8).write(to: file)
        let database = try AppDatabase.inMemory()
        #expect(throws: CSVError.self) { try database.importCSV(checked, mode: .merge) }
        #expect(try database.recordCounts().total == 0)
    }
}
