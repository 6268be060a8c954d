import Foundation

/// Year, month and day of a date in UTC, the calendar the timeline counts days in.
struct CalendarDay {
    let year: Int
    let month: Int
    let day: Int

    /// Howard Hinnant's `civil_from_days` (proleptic Gregorian calendar): no locale, no time
    /// zone database, the same answer everywhere. O(1).
    init(_ date: Date) {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
