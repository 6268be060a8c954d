/// A way of sizing intervals. The reference note always sounds at its 12-TET pitch; the target
/// is the reference shifted by the interval's size in the chosen system.
///
/// Adding a system means adding a case and its row in `ratios` — nothing else.
/// The raw values are the names used in CSV files (Peach iOS export format 3) and the API.
public enum TuningSystem: String, ASCIINamed, Sendable {
    case equalTemperament
    case justIntonation
    case pythagorean

    /// The position in `allCases`, without comparing raw values (the profile asks once per record).
    var ordinal: Int {
        switch self {
        case .equalTemperament: 0
        case .justIntonation: 1
        case .pythagorean: 2
        }
    }

    /// Frequency ratios for prime … octave as numerator/denominator; `nil` for 12-TET,
    /// whose sizes are exactly 100 cents per semitone.
    private var ratios: [(numerator: Double, denominator: Double)]? {
        switch self {
        case .equalTemperament:
            nil
        case .justIntonation:  // 5-limit
            [
                (1, 1), (16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32), (3, 2), (8, 5), (5, 3), (9, 5), (15, 8),
                (2, 1),
            ]
        case .pythagorean:
            [
                (1, 1), (256, 243), (9, 8), (32, 27), (81, 64), (4, 3), (1024, 729), (3, 2), (128, 81), (27, 16),
                (16, 9), (243, 128), (2, 1),
            ]
        }
    }

    /// The size of an interval in cents, `1200 · log2(ratio)` (always ≥ 0).
    /// - Complexity: O(1); one `log2`.
    public func cents(for interval: Interval) -> Cents {
        guard let ratio = ratios?[interval.rawValue] else { return Cents(Double(interval.semitones) * 100) }
        return Cents(1200 * Math.log2(ratio.numerator / ratio.denominator))
    }

    /// The signed size of a directed interval in cents: negative downward.
    public func cents(for interval: DirectedInterval) -> Cents {
        let size = cents(for: interval.interval)
        return interval.direction == .up ? size : -size
    }
}
