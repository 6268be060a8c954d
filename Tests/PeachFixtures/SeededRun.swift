import PeachCore

/// What `SeededRecords` and `SimulatedTraining` share: their randomness, and the times of their
/// `count` records — the first at `start`, each next one `spacing` milliseconds later, drawn
/// uniformly from the range (a lower bound of 0 lets two records share a time).
struct SeededRun: Sendable {
    let count: Int
    let spacing: ClosedRange<Int64>
    var random: SeededRandomNumberGenerator
    /// How many records were made.
    private(set) var index = 0
    private var time: Int64

    init(count: Int, seed: UInt64, start: Timestamp, spacing: ClosedRange<Int64>) {
        self.count = count
        self.spacing = spacing
        random = SeededRandomNumberGenerator(seed: seed)
        time = start.millisecondsSince1970
    }

    /// The next record's time, or `nil` once there were `count`.
    mutating func nextTime() -> Timestamp? {
        guard index < count else { return nil }
        if index > 0 { time += Int64.random(in: spacing, using: &random) }
        index += 1
        return Timestamp(millisecondsSince1970: time)
    }
}
