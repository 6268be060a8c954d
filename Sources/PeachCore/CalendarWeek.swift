/// Calendar weeks, Monday to Sunday in UTC, counted from the week of 1970-01-01 (a Thursday,
/// in week 0): the timeline's unit. Fixed weeks rather than a window that moves with the last
/// answer, so that the answers of a week can be summed once and merged across devices.
public enum CalendarWeek {
    /// The week a moment falls in.
    public static func of(_ timestamp: Timestamp) -> Int {
        // Monday 1969-12-29 is day −3: floor((days + 3) / 7).
        let (quotient, remainder) = (timestamp.daysSince1970 + 3).quotientAndRemainder(dividingBy: 7)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// The Monday that starts `week`.
    public static func monday(of week: Int) -> CalendarDay {
        CalendarDay(daysSince1970: week * 7 - 3)
    }
}
