import Foundation
import PeachCore
import Testing

@testable import PeachStore

@Suite("CSV numbers and timestamps")
struct CSVFormatTests {
    @Test("numbers are written with a decimal point, no exponent, and read back exactly")
    func decimals() {
        let cases: [(Double, String)] = [
            (12.5, "12.5"), (3, "3.0"), (-100, "-100.0"), (0.1, "0.1"), (-0.000001, "-0.000001"),
            (1.5e-7, "0.00000015"), (1e16, "10000000000000000.0"), (1.25e17, "125000000000000000.0"),
            (0.30000000000000004, "0.30000000000000004"), (123456.789, "123456.789"),
        ]
        for (value, text) in cases {
            #expect(CSVFormat.decimal(value) == text)
            #expect(CSVFormat.parseDecimal(text) == value)
        }
        var generator = SeededRandomNumberGenerator(seed: 99)
        for _ in 0..<10_000 {
            let value =
                Double.random(in: -200...200, using: &generator)
                * pow(10, Double(Int.random(in: -12...12, using: &generator)))
            let text = CSVFormat.decimal(value)
            #expect(!text.contains("e") && text.contains("."))
            #expect(CSVFormat.parseDecimal(text) == value)
        }
    }

    @Test("only plain decimal numbers are read: not nan, inf, hex or empty")
    func decimalParsing() {
        for text in ["nan", "inf", "-infinity", "0x1p3", "", "-", ".", "1.2.3", "1e", "12,5", "1e999"] {
            #expect(CSVFormat.parseDecimal(text) == nil, "\(text)")
        }
        #expect(CSVFormat.parseDecimal("7") == 7)
        #expect(CSVFormat.parseDecimal("+.5") == 0.5)
        #expect(CSVFormat.parseDecimal("1.5E2") == 150)
    }

    @Test("timestamps are UTC, with milliseconds only when they are not zero")
    func timestamps() {
        func iso(_ milliseconds: Int64) -> String { Timestamp(millisecondsSince1970: milliseconds).isoText }
        #expect(iso(1_772_368_496_000) == "2026-03-01T12:34:56Z")
        #expect(iso(1_772_368_496_007) == "2026-03-01T12:34:56.007Z")
        #expect(iso(0) == "1970-01-01T00:00:00Z")
        #expect(iso(-1) == "1969-12-31T23:59:59.999Z")
        #expect(iso(951_782_400_000) == "2000-02-29T00:00:00Z")
        #expect(Timestamp.year0000.isoText == "0000-01-01T00:00:00Z")
        #expect(Timestamp.year9999End.isoText == "9999-12-31T23:59:59.999Z")
    }

    @Test("timestamps read with any fraction, Z or an offset; anything else is refused")
    func timestampParsing() {
        #expect(CSVFormat.parseTimestamp("2026-03-01T12:34:56Z") == 1_772_368_496_000)
        #expect(CSVFormat.parseTimestamp("2026-03-01T12:34:56.5Z") == 1_772_368_496_500)
        #expect(CSVFormat.parseTimestamp("2026-03-01T12:34:56.1234567Z") == 1_772_368_496_123)
        // Digits past the millisecond are dropped, toward the past, never rounded into the next second.
        #expect(CSVFormat.parseTimestamp("2026-03-01T12:34:56.9996Z") == 1_772_368_496_999)
        #expect(CSVFormat.parseTimestamp("2026-03-01T12:34:56.0009999Z") == 1_772_368_496_000)
        #expect(CSVFormat.parseTimestamp("2026-03-01T12:34:56,25Z") == 1_772_368_496_250)
        #expect(CSVFormat.parseTimestamp("2026-03-01T13:34:56+01:00") == 1_772_368_496_000)
        #expect(CSVFormat.parseTimestamp("2000-02-29T00:00:00Z") == 951_782_400_000)
        for text in [
            "2026-02-29T00:00:00Z", "2026-03-01T24:00:00Z", "2026-03-01T12:34:56", "2026-03-01 12:34Z",
            "2026-03-01T12:34:56.Z", "2026-03-01T12:34:56Zjunk", "", "1772368496",
        ] {
            #expect(CSVFormat.parseTimestamp(text) == nil, "\(text)")
        }
        var generator = SeededRandomNumberGenerator(seed: 5)
        for _ in 0..<10_000 {
            let milliseconds = Int64.random(in: -2_000_000_000_000...4_000_000_000_000, using: &generator)
            #expect(CSVFormat.parseTimestamp(Timestamp(millisecondsSince1970: milliseconds).isoText) == milliseconds)
        }
    }

    @Test("fields with commas, quotes or line breaks are quoted, RFC 4180 style")
    func quoting() throws {
        #expect(CSVFormat.field("plain") == "plain")
        #expect(CSVFormat.field("a,b") == "\"a,b\"")
        #expect(CSVFormat.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        let bytes = Array("a,\"b,\"\"c\"\"\r\nd\",\r\n\"\"\n".utf8)
        var reader = CSVReader()
        reader.append(bytes)
        reader.finish()
        var records: [(line: Int, fields: [String])] = []
        while let record = try reader.next() { records.append(record) }
        #expect(records.map(\.fields) == [["a", "b,\"c\"\r\nd", ""], [""]])
        #expect(records.map(\.line) == [1, 3])
    }

    @Test("a file read in pieces of any size gives the same records as read whole")
    func pieces() throws {
        let database = try AppDatabase.inMemory()
        for record in sampleRecords(count: 40) { try database.store(record) }
        // Quotes, CRLF and a byte order mark: the places a piece boundary can fall badly.
        let text =
            "\u{FEFF}"
            + (try database.exportCSV()).replacingOccurrences(of: "\n", with: "\r\n")
            .replacingOccurrences(of: ",P5,", with: ",\"P5\",")
        let bytes = Array(text.utf8)
        var wholeParser = CSVImport.Parser()
        let whole = try wholeParser.read(bytes) + wholeParser.finish()
        #expect(Set(whole) == Set(sampleRecords(count: 40)))
        var generator = SeededRandomNumberGenerator(seed: 3)
        for _ in 0..<50 {
            var parser = CSVImport.Parser()
            var records: [TrainingRecord] = []
            var offset = 0
            while offset < bytes.count {
                let end = min(bytes.count, offset + Int.random(in: 1...40, using: &generator))
                records += try parser.read(bytes[offset..<end])
                offset = end
            }
            records += try parser.finish()
            #expect(records == whole)
        }
    }
}
