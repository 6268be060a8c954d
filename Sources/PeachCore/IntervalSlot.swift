/// The place of an interval and tuning system in the per-interval statistics: one slot for each
/// of the 25 directed intervals (`DirectedInterval.all`) in each tuning system, so that the
/// statistics are a fixed array, in the same order on every device and in the summary.
public enum IntervalSlot {
    /// 25 directed intervals × 3 tuning systems.
    public static let count = DirectedInterval.all.count * TuningSystem.allCases.count

    /// The slot of `interval` in `tuningSystem`.
    /// - Complexity: O(1).
    public static func index(_ interval: DirectedInterval, _ tuningSystem: TuningSystem) -> Int {
        // `DirectedInterval.all` lists the prime once, then each interval up and down.
        let raw = interval.interval.rawValue
        let position = raw == 0 ? 0 : 2 * raw - 1 + (interval.direction == .down ? 1 : 0)
        return position * TuningSystem.allCases.count + tuningSystem.ordinal
    }

    /// The interval and tuning system of slot `index`.
    public static func slot(_ index: Int) -> (interval: DirectedInterval, tuningSystem: TuningSystem) {
        let systems = TuningSystem.allCases.count
        return (DirectedInterval.all[index / systems], TuningSystem.allCases[index % systems])
    }
}
