/// A day of the proleptic Gregorian calendar in UTC: the calendar the timeline counts days in,
/// the CSV writes timestamps in and the pages and `peach stats` show dates in. No locale and no
/// time-zone database: the same instant is the same day everywhere. A UTC day has 86 400 s
/// (UTC has no daylight saving; leap seconds do not exist in Unix time).
///
/// The conversions are Howard Hinnant's `days_from_civil` and `civil_from_days` ("chrono-Compatible
/// Low-Level Date Algorithms"), O(1), on integers only.
public struct CalendarDay: Hashable, Sendable {
    public static let secondsPerDay = 86_400

    public let year: Int
    /// 1 … 12.
    public let month: Int
    /// 1 … 31.
    public let day: Int

    /// The day with this many days since 1970-01-01 (negative before it).
    public init(daysSince1970 days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The UTC day `timestamp` falls on.
    public init(_ timestamp: Timestamp) {
        self.init(daysSince1970: timestamp.daysSince1970)
    }

    /// The day with this year, month and day of month; `nil` if there is no such day (month 13,
    /// 30 February).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Midnight UTC at the start of this day.
    public var start: Timestamp {
        Timestamp(millisecondsSince1970: Int64(daysSince1970) * Timestamp.millisecondsPerDay)
    }

    /// ISO 8601 `YYYY-MM-DD`, the year in four digits (years 0 … 9999).
    public var isoText: String {
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    /// 28 … 31.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
