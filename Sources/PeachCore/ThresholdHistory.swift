/// One statistic's values (|cent offset| or |cent error|) summed per UTC calendar day, so that
/// the current level, its trend and the daily timeline are cheap to read.
///
/// Values should be added in chronological order (the store streams them oldest first and the
/// server appends each new answer); an earlier day is still put in its place.
/// - Complexity: O(1) amortised per value in order; one entry per day with data.
public struct ThresholdHistory: Hashable, Sendable {
    public internal(set) var count = 0
    /// The days with data, in ascending order. Values arrive in chronological order, so a value
    /// almost always lands on the last day or opens a new one: no hashing, no sorting.
    var days: [DayTotal] = []

    struct DayTotal: Hashable, Sendable {
        var day: Int
        var sum = 0.0
        var count = 0
    }

    public init() {}

    public mutating func add(_ value: Double, at timestamp: Timestamp) {
        count += 1
        let day = timestamp.daysSince1970
        let index: Int
        if let last = days.last, last.day <= day {
            index = last.day == day ? days.count - 1 : days.count
        } else {
            // An earlier day than the last (or the first value): find its place, O(log d).
            index = Self.firstIndex(in: days, notBefore: day)
        }
        if index == days.count || days[index].day != day {
            days.insert(DayTotal(day: day), at: index)
        }
        days[index].sum += value
        days[index].count += 1
    }

    /// The index of the first entry whose day is `day` or later (binary search).
    private static func firstIndex(in days: [DayTotal], notBefore day: Int) -> Int {
        var (low, high) = (0, days.count)
        while low < high {
            let middle = (low + high) / 2
            if days[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The last day with data (days since 1970-01-01, UTC).
    var lastDay: Int? { days.last?.day }

    /// The last day with data before `day`.
    /// - Complexity: O(log d).
    func lastDay(before day: Int) -> Int? {
        let index = Self.firstIndex(in: days, notBefore: day)
        return index > 0 ? days[index - 1].day : nil
    }

    /// Sum and count of the values of the days `first...last`.
    /// - Complexity: O(log d + days in the span).
    func total(from first: Int, through last: Int) -> (sum: Double, count: Int) {
        var (sum, count) = (0.0, 0)
        var index = Self.firstIndex(in: days, notBefore: first)
        while index < days.count, days[index].day <= last {
            sum += days[index].sum
            count += days[index].count
            index += 1
        }
        return (sum, count)
    }

    /// The mean of the last 20 training days and its trend; `nil` without data.
    public var currentLevel: CurrentLevel? { CurrentLevel([self]) }

    /// One entry per UTC calendar day with data, oldest first, with a rolling mean over the
    /// 20 calendar days ending on that day (weighted by the number of values).
    /// - Complexity: O(d) for d days.
    public var timeline: [TimelineDay] {
        var entries: [TimelineDay] = []
        entries.reserveCapacity(days.count)
        var windowStart = 0
        var windowSum = 0.0
        var windowCount = 0
        for total in days {
            windowSum += total.sum
            windowCount += total.count
            while days[windowStart].day <= total.day - TimelineDay.rollingWindowDays {
                windowSum -= days[windowStart].sum
                windowCount -= days[windowStart].count
                windowStart += 1
            }
            entries.append(
                TimelineDay(
                    day: CalendarDay(daysSince1970: total.day), count: total.count,
                    mean: total.sum / Double(total.count), rollingMean: windowSum / Double(windowCount)))
        }
        return entries
    }
}
