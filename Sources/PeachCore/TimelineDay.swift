/// One UTC calendar day of the progress timeline.
public struct TimelineDay: Hashable, Sendable {
    /// How many calendar days the rolling mean spans, ending with the day itself.
    public static let rollingWindowDays = 20

    /// The UTC calendar day.
    public var day: CalendarDay
    public var count: Int
    /// The mean of the day's values.
    public var mean: Double
    /// The mean of all values of the 20 calendar days ending with this one.
    public var rollingMean: Double
}
