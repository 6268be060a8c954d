/// What the pitch matching of one mode says about a listener: the signed errors (positive =
/// sharp), as running statistics over all attempts and per interval and tuning system, and the
/// most recent attempts ("now"). Their mean is the bias, their standard deviation the spread
/// (`PitchMatchingEstimate`, docs/measurement.md).
///
/// Running sums over attempts, so nothing grows with the number of records.
/// - Complexity: O(1) per record (O(200) at worst for a late, older attempt).
public struct PitchMatchingStatistics: Hashable, Sendable {
    /// Every attempt's signed error.
    public internal(set) var all = RunningStatistics()
    /// The signed errors per interval and tuning system, indexed by `IntervalSlot`.
    public internal(set) var intervals = [RunningStatistics](repeating: RunningStatistics(), count: IntervalSlot.count)
    /// The latest attempts' signed errors by timestamp.
    public internal(set) var recent = RecentAnswers<Cents>(capacity: ComparisonStatistics.recentCount)

    public init() {}

    public mutating func add(_ record: PitchMatchingRecord) {
        all.add(record.userCentError.value)
        intervals[IntervalSlot.index(record.context.interval, record.context.tuningSystem)].add(
            record.userCentError.value)
        recent.add(record.userCentError, at: record.timestamp)
    }

    public var count: Int { all.count }

    /// Every attempt of the mode; `nil` without one.
    public var allTime: PitchMatchingEstimate? { PitchMatchingEstimate(all) }

    /// The last 200 attempts (all of them while there are fewer); `nil` without one.
    public var now: PitchMatchingEstimate? {
        PitchMatchingEstimate(RunningStatistics(recent.entries.map { $0.value.value }))
    }

    /// Each interval and tuning system with attempts, in `IntervalSlot` order.
    public var intervalEstimates:
        [(interval: DirectedInterval, tuningSystem: TuningSystem, estimate: PitchMatchingEstimate)]
    {
        intervals.indices.compactMap { index in
            guard let estimate = PitchMatchingEstimate(intervals[index]) else { return nil }
            let (interval, tuningSystem) = IntervalSlot.slot(index)
            return (interval, tuningSystem, estimate)
        }
    }
}
