import Foundation
import PeachCore

/// Reading and writing the CSV exchange format (its constants are in the core).
extension CSVFormat {
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

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` into milliseconds since 1970 UTC.
    /// `nil` if it is not such a time. Digits past the millisecond are dropped (toward the past),
    /// the rule of every time Peach is given (`Timestamp`, "Fractions of a millisecond", says why).
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
        var millisecond: Int64 = 0
        if byte(index, is: ".") || byte(index, is: ",") {
            index += 1
            let start = index
            while index < b.count, (48...57).contains(b[index]) {
                // The first three digits are the millisecond; the rest are checked, not counted.
                if index - start < 3 { millisecond = millisecond * 10 + Int64(b[index] - 48) }
                index += 1
            }
            guard index > start else { return nil }
            for _ in min(index - start, 3)..<3 { millisecond *= 10 }
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
        return seconds * 1000 + millisecond
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
