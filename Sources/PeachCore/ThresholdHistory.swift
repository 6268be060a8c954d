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
    private var days: [Int: DayTotal] = [:]

    struct DayTotal: Hashable, Sendable {
        var sum = 0.0
        var count = 0
    }

    public init() {}

    public var count: Int { prefixSums.count }

    public mutating func add(_ value: Double, at timestamp: Date) {
        prefixSums.append((prefixSums.last ?? 0) + value)
        days[Self.dayNumber(timestamp), default: DayTotal()].sum += value
        days[Self.dayNumber(timestamp)]!.count += 1
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
    /// - Complexity: O(d log d) for d days.
    public var timeline: [TimelineDay] {
        let sorted = days.keys.sorted()
        var entries: [TimelineDay] = []
        entries.reserveCapacity(sorted.count)
        var windowStart = 0
        var windowSum = 0.0
        var windowCount = 0
        for day in sorted {
            let total = days[day]!
            windowSum += total.sum
            windowCount += total.count
            while sorted[windowStart] <= day - TimelineDay.rollingWindowDays {
                let leaving = days[sorted[windowStart]]!
                windowSum -= leaving.sum
                windowCount -= leaving.count
                windowStart += 1
            }
            entries.append(
                TimelineDay(
                    date: Date(timeIntervalSince1970: Double(day) * 86_400), count: total.count,
                    mean: total.sum / Double(total.count), rollingMean: windowSum / Double(windowCount)))
        }
        return entries
    }

    /// Days since 1970-01-01 in UTC (a day of 86 400 s: UTC has no daylight saving).
    static func dayNumber(_ timestamp: Date) -> Int {
        Int((timestamp.timeIntervalSince1970 / 86_400).rounded(.down))
    }
}
