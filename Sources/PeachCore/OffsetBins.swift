/// Comparisons counted by the size of their cent offset: for each bin of |cent offset|, how many
/// were answered and how many of them correctly. All a psychometric estimate needs of them
/// (`ThresholdPosterior`), in a size that does not grow with the number of answers.
///
/// Bin `b` holds the offsets around `0.1 · 10^(b/20)` cents: 20 bins a decade, so an offset is
/// at most 6 % from its bin's centre (far less than the width of a psychometric function), from
/// 0.1 cents (bin 0, the chain's floor) to 100 cents (bin 60, its ceiling). Offsets beyond count
/// in the end bins (imported data may hold 0 or more than 100 cents).
///
/// Adding and merging are exact: the bins of two sets of answers together are the sums of
/// their bins, whatever the order.
/// - Complexity: O(1) per answer; 122 counts once the first answer arrives, none before.
public struct OffsetBins: Hashable, Sendable {
    /// The number of bins.
    public static let count = 61
    /// Bins per decade of cents.
    static let perDecade = 20

    /// Answers of bin b at 2b, correct answers at 2b + 1; empty until the first answer.
    private(set) var counts: [Int] = []
    /// All answers, every bin.
    public private(set) var answers = 0

    public init() {}

    /// The bin of an offset of `magnitude` cents (its sign does not matter).
    /// - Complexity: O(1); one logarithm.
    public static func bin(of magnitude: Cents) -> Int {
        bin(ofValue: magnitude.value)
    }

    /// The bin of an offset of `value` in the grid's unitless numbers (`ThresholdGrid.value(at:)`):
    /// cents for pitch, a percentage of a sixteenth note for Compare Timing (its sign does not
    /// matter).
    /// - Complexity: O(1); one logarithm.
    static func bin(ofValue value: Double) -> Int {
        let size = abs(value)
        guard size.isFinite else { return size.isNaN ? 0 : count - 1 }
        guard size > KazezChain.minimumMagnitude.value else { return 0 }
        let position = (Double(perDecade) * Math.log10(size / KazezChain.minimumMagnitude.value)).rounded()
        return Int(min(position, Double(count - 1)))
    }

    public mutating func add(magnitude: Cents, correct: Bool) {
        add(bin: Self.bin(of: magnitude), answers: 1, correct: correct ? 1 : 0)
    }

    /// Adds `answers` answers of which `correct` were correct to `bin`.
    mutating func add(bin: Int, answers: Int, correct: Int) {
        if counts.isEmpty { counts = [Int](repeating: 0, count: 2 * Self.count) }
        counts[2 * bin] += answers
        counts[2 * bin + 1] += correct
        self.answers += answers
    }

    /// Adds every answer of `other`.
    /// - Complexity: O(bins).
    public mutating func add(_ other: OffsetBins) {
        guard other.answers > 0 else { return }
        for bin in 0..<Self.count where other.counts[2 * bin] > 0 {
            add(bin: bin, answers: other.counts[2 * bin], correct: other.counts[2 * bin + 1])
        }
    }

    /// The answers of `bin`, and how many of them were correct.
    public func answers(in bin: Int) -> (answers: Int, correct: Int) {
        counts.isEmpty ? (0, 0) : (counts[2 * bin], counts[2 * bin + 1])
    }

    /// The bins with answers, lowest first.
    public var occupied: [(bin: Int, answers: Int, correct: Int)] {
        guard !counts.isEmpty else { return [] }
        return (0..<Self.count).compactMap { bin in
            counts[2 * bin] > 0 ? (bin, counts[2 * bin], counts[2 * bin + 1]) : nil
        }
    }
}
