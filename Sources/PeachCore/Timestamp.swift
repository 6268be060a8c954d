/// An instant as whole milliseconds since 1970-01-01T00:00:00Z (Unix time): the unit the store,
/// the CSV and the browser's `Date.now()` already use. The core keeps time as an integer so that
/// it needs no Foundation and computes the same day on every platform; the clock is read outside
/// the core and passed in.
///
/// ## Fractions of a millisecond
///
/// A time given with digits past the millisecond — a CSV import's `12:34:56.9999999Z`, a sync
/// upload's `1772366400944.5` — is the millisecond it falls in: the digits are dropped, toward
/// the past, everywhere a time comes in (`CSVFormat.parseTimestamp`, `UploadedRecord`). An
/// answer was given during that millisecond, so it stays in the second, the day and the week in
/// which it was given (rounding moved an answer at 23:59:59.9995 into the next day); the same
/// instant written with more digits by another program (Python writes microseconds) is the same
/// record as Peach's own, not one a millisecond later beside it; and it is what a browser's
/// `Date` does with such a text. Refusing the digits instead would refuse whole files for a
/// precision no ear needs. Before, a CSV rounded to the nearest millisecond and the sync API
/// rounded `….9999999` up (through a `Double`) but refused `….5`.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
    public static let millisecondsPerDay: Int64 = 86_400_000

    public var millisecondsSince1970: Int64

    public init(millisecondsSince1970: Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// Days since 1970-01-01 of the UTC day this instant falls on (floor division, so instants
    /// before 1970 fall on negative days).
    public var daysSince1970: Int {
        let (quotient, remainder) = millisecondsSince1970.quotientAndRemainder(dividingBy: Self.millisecondsPerDay)
        return Int(remainder < 0 ? quotient - 1 : quotient)
    }

    /// ISO 8601 in UTC, as the CSV and the API write times: `2026-03-01T12:34:56Z`, with `.SSS`
    /// only when the milliseconds are not zero. Only for the years 0 … 9999 (`year0000` …
    /// `year9999End`), the times the store keeps; the year has four digits.
    /// - Complexity: O(1); written into bytes, as this runs once per exported record.
    public var isoText: String {
        let millis = Int(millisecondsSince1970 - Int64(daysSince1970) * Self.millisecondsPerDay)
        let (secondOfDay, millisecond) = millis.quotientAndRemainder(dividingBy: 1000)
        let date = CalendarDay(daysSince1970: daysSince1970)
        var text = [UInt8](repeating: 0, count: millisecond == 0 ? 20 : 24)
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
        put(secondOfDay / 3600, at: 11, width: 2)
        put(secondOfDay / 60 % 60, at: 14, width: 2)
        put(secondOfDay % 60, at: 17, width: 2)
        (text[4], text[7], text[10], text[13], text[16]) = (45, 45, 84, 58, 58)  // - - T : :
        if millisecond != 0 {
            text[19] = UInt8(ascii: ".")
            put(millisecond, at: 20, width: 3)
        }
        text[text.count - 1] = UInt8(ascii: "Z")
        return String(decoding: text, as: UTF8.self)
    }

    /// 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the times a four-digit ISO 8601 year
    /// can write, and so the times the store keeps.
    public static let year0000 = Timestamp(millisecondsSince1970: -62_167_219_200_000)
    public static let year9999End = Timestamp(millisecondsSince1970: 253_402_300_799_999)

    /// ISO 8601 between the years 0 and 9999; otherwise the milliseconds.
    public var description: String {
        (Self.year0000...Self.year9999End).contains(self) ? isoText : "\(millisecondsSince1970) ms since 1970"
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.millisecondsSince1970 < rhs.millisecondsSince1970
    }
}
