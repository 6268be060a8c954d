import Foundation
import PeachCore

/// The CSV exchange format of DESIGN.md §4: the Peach iOS app's export format 3.
public enum CSVFormat {
    public static let formatLine = "# peach-export-format:3"
    static let columns = [
        "trainingType", "timestamp", "referenceNote", "referenceNoteName", "targetNote", "targetNoteName",
        "interval", "tuningSystem", "centOffset", "isCorrect", "initialCentOffset", "userCentError", "tempoBPM",
        "offsetMs", "meanOffsetMs", "meanOffsetMsPosition0", "meanOffsetMsPosition1", "meanOffsetMsPosition2",
        "meanOffsetMsPosition3",
    ]
    public static let header = columns.joined(separator: ",")
    public static let comparisonType = "pitchDiscrimination"
    public static let pitchMatchingType = "pitchMatching"

    // MARK: Numbers

    /// The shortest decimal text that reads back as exactly `value`, always with a decimal
    /// point and never with an exponent (`12.5`, `3.0`, `0.000001`), so that
    /// export → import → export gives the same bytes.
    static func decimal(_ value: Double) -> String {
        let text = DecimalText.shortest(value)
        return text.contains(".") ? text : text + ".0"
    }

    /// A finite decimal number: optional sign, digits, optional fraction, optional exponent.
    /// Rejects what `Double(_:)` would also take but a CSV should not hold (`nan`, `inf`, hex).
    static func parseDecimal(_ text: String) -> Double? {
        DecimalText.parse(text)
    }

    // MARK: Timestamps

    /// A time as the format writes it (ISO 8601 in UTC, to the millisecond), for messages and
    /// the API: `2026-03-01T12:34:56Z`.
    public static func timestamp(_ date: Date) -> String {
        timestamp(Milliseconds.of(date))
    }

    /// `2026-03-01T12:34:56Z`, with `.SSS` only when the milliseconds are not zero.
    static func timestamp(_ milliseconds: Int64) -> String {
        let (seconds, millis) = floorDivide(milliseconds, 1000)
        let (days, secondOfDay) = floorDivide(seconds, Int64(CalendarDay.secondsPerDay))
        let date = CalendarDay(daysSince1970: Int(days))
        // Written into bytes: this runs once per exported record.
        var text = [UInt8](repeating: 0, count: millis == 0 ? 20 : 24)
        func put(_ value: Int, at start: Int, width: Int) {
            var value = value
            for index in stride(from: start + width - 1, through: start, by: -1) {
                text[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(date.year, at: 0, width: 4)
        put(date.month, at: 5, width: 2)
        put(date.day, at: 8, width: 2)
        put(Int(secondOfDay / 3600), at: 11, width: 2)
        put(Int(secondOfDay / 60 % 60), at: 14, width: 2)
        put(Int(secondOfDay % 60), at: 17, width: 2)
        (text[4], text[7], text[10], text[13], text[16]) = (45, 45, 84, 58, 58)  // - - T : :
        if millis != 0 {
            text[19] = UInt8(ascii: ".")
            put(Int(millis), at: 20, width: 3)
        }
        text[text.count - 1] = UInt8(ascii: "Z")
        return String(decoding: text, as: UTF8.self)
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` into milliseconds since 1970 UTC,
    /// rounding a longer fraction to the nearest millisecond. `nil` if it is not such a time.
    static func parseTimestamp(_ text: String) -> Int64? {
        var text = text
        return text.withUTF8 { parseTimestamp(bytes: $0) }
    }

    private static func parseTimestamp(bytes b: UnsafeBufferPointer<UInt8>) -> Int64? {
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= b.count else { return nil }
            var value = 0
            for byte in b[start..<start + count] {
                guard (48...57).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        func byte(_ index: Int, is character: Character) -> Bool {
            index < b.count && b[index] == character.asciiValue!
        }
        guard let year = number(0, 4), byte(4, is: "-"), let month = number(5, 2), byte(7, is: "-"),
            let day = number(8, 2), byte(10, is: "T") || byte(10, is: "t") || byte(10, is: " "),
            let hour = number(11, 2), byte(13, is: ":"), let minute = number(14, 2), byte(16, is: ":"),
            let second = number(17, 2),
            let date = CalendarDay(year: year, month: month, day: day), hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index, is: ".") || byte(index, is: ",") {
            index += 1
            var scale = 0.1
            let start = index
            while index < b.count, (48...57).contains(b[index]) {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offsetMinutes = 0
        if byte(index, is: "Z") || byte(index, is: "z") {
            index += 1
        } else if byte(index, is: "+") || byte(index, is: "-") {
            let sign = byte(index, is: "-") ? -1 : 1
            guard let hours = number(index + 1, 2), byte(index + 3, is: ":"), let minutes = number(index + 4, 2),
                hours < 24, minutes < 60
            else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
            index += 6
        } else {
            return nil
        }
        guard index == b.count else { return nil }
        let days = Int64(date.daysSince1970)
        let seconds =
            days * Int64(CalendarDay.secondsPerDay) + Int64(hour * 3600 + minute * 60 + second)
            - Int64(offsetMinutes * 60)
        return seconds * 1000 + Int64((fraction * 1000).rounded())
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b - (a % b < 0 ? 1 : 0)
        return (quotient, a - quotient * b)
    }

    // MARK: Fields

    /// A field as RFC 4180 writes it: quoted only if it holds a comma, a quote or a line break.
    static func field(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
