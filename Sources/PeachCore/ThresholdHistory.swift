import Foundation

/// The chronological sequence of one statistic's values (|cent offset| or |cent error|), kept
/// as running sums so that the trend and the daily timeline are O(1) and O(days) to read.
///
/// Values must be added in chronological order; the store streams them oldest first and the
/// server appends each new answer.
/// - Complexity: O(1) amortised per value; 8 bytes per value plus one entry per day.
public struct ThresholdHistory: Hashable, Sendable {
    /// `prefixSums[i]` is the sum of the first `i + 1` values.
    private var prefixSums: [Double] = []
    /// The days with data, in ascending order. Values arrive in chronological order, so a value
    /// almost always lands on the last day or opens a new one: no hashing, no sorting.
    private var days: [DayTotal] = []

    struct DayTotal: Hashable, Sendable {
        var day: Int
        var sum = 0.0
        var count = 0
    }

    public init() {}

    public var count: Int { prefixSums.count }

    public mutating func add(_ value: Double, at timestamp: Date) {
        prefixSums.append((prefixSums.last ?? 0) + value)
        let day = CalendarDay.daysSince1970(timestamp)
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

    /// The trend of the later half of the values against the earlier half.
    public var trend: Trend {
        let n = count
        guard n >= Trend.minimumCount else { return .notEnoughData }
        let half = n / 2
        let earlier = prefixSums[half - 1] / Double(half)
        let later = (prefixSums[n - 1] - prefixSums[half - 1]) / Double(n - half)
        return Trend(earlierMean: earlier, laterMean: later, count: n)
    }

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
                    date: CalendarDay(daysSince1970: total.day).start, count: total.count,
                    mean: total.sum / Double(total.count), rollingMean: windowSum / Double(windowCount)))
        }
        return entries
    }
}
