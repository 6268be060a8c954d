import PeachCore

/// Training records drawn at random from a seed, value by value: many varied records for the
/// store's tests and the benchmarks' databases, files and uploads. Each record is drawn on its
/// own; no exercise chain runs (`SimulatedTraining` plays the real exercise generator instead).
///
/// What the callers choose differently is a parameter; the rest is fixed for every caller:
/// reference notes C2–C6 (MIDI 36–84), two answers in three right, initial offsets of pitch
/// matching uniform over their whole range (±100 cents). The defaults draw every kind of value
/// the record rules allow: both kinds, unison and every interval both ways, every tuning
/// system, offsets over the adaptive chain's whole range.
///
/// Its own iterator: iterated lazily, so a million records need not be held at once; each
/// iteration of a copy starts from the first record, and the same parameters give the same
/// records on every run.
/// - Complexity: O(1) per record.
public struct SeededRecords: Sequence, IteratorProtocol, Sendable {
    public let count: Int
    public let seed: UInt64
    /// The first record's time; each next one follows after `spacing` milliseconds, drawn
    /// uniformly from the range (`SeededRun`).
    public let start: Timestamp
    public let spacing: ClosedRange<Int64>
    /// The share of comparisons; the others are pitch matchings.
    public let comparisons: Double
    /// The share of records in unison (P1); the others' intervals are drawn from `intervals`.
    public let unison: Double
    public let intervals: [DirectedInterval]
    public let tuningSystems: [TuningSystem]
    /// |cent offset| of a comparison and |user cent error| of a pitch matching at the first
    /// record, drawn log-uniformly (as many between 1 and 10 cents as between 10 and 100: the
    /// profile's bins and a listener's thresholds are spaced by ratio), with a random sign.
    public let offsets: ClosedRange<Cents>
    /// What `offsets` is multiplied by at the last record, linearly from 1 at the first: below
    /// 1, a listener who improves.
    public let offsetScaleAtEnd: Double
    /// Decimal places of every cent value (fewer make a smaller CSV), or `nil` for all that a
    /// `Double` holds (what a decimal round trip should be tried on).
    public let fractionDigits: Int?

    private var run: SeededRun

    /// Intervals other than unison, both ways: what `intervals` draws from by default.
    public static let allIntervals = DirectedInterval.all.filter { $0 != .prime }

    public init(
        count: Int, seed: UInt64, start: Timestamp, spacing: ClosedRange<Int64>, comparisons: Double = 0.5,
        unison: Double = 0.5, intervals: [DirectedInterval] = allIntervals,
        tuningSystems: [TuningSystem] = TuningSystem.allCases, offsets: ClosedRange<Cents> = 0.1...100,
        offsetScaleAtEnd: Double = 1, fractionDigits: Int? = nil
    ) {
        // The record rules: a comparison's offset is not 0 (nor rounded to 0) and at most the
        // chain's widest step.
        let smallest = fractionDigits.map { 1 / Self.power(of: $0) } ?? .leastNonzeroMagnitude
        precondition(
            offsets.lowerBound.value * Swift.min(1, offsetScaleAtEnd) >= smallest
                && offsets.upperBound.value * Swift.max(1, offsetScaleAtEnd) <= ComparisonRecord.centOffsetBound.value,
            "offsets outside what a comparison may hold")
        self.count = count
        self.seed = seed
        self.start = start
        self.spacing = spacing
        self.comparisons = comparisons
        self.unison = unison
        self.intervals = intervals
        self.tuningSystems = tuningSystems
        self.offsets = offsets
        self.offsetScaleAtEnd = offsetScaleAtEnd
        self.fractionDigits = fractionDigits
        run = SeededRun(count: count, seed: seed, start: start, spacing: spacing)
    }

    public mutating func next() -> TrainingRecord? {
        let progress = count > 1 ? Double(run.index) / Double(count - 1) : 0
        guard let timestamp = run.nextTime() else { return nil }
        let interval =
            Double.random(in: 0..<1, using: &run.random) < unison
            ? DirectedInterval.prime : run.random.element(of: intervals)
        let context = try! ExerciseContext(
            referenceNote: MIDINote(run.random.integer(in: 36...84)), interval: interval,
            tuningSystem: run.random.element(of: tuningSystems))
        let isComparison = Double.random(in: 0..<1, using: &run.random) < comparisons
        let offset = signedOffset(scaledBy: 1 + (offsetScaleAtEnd - 1) * progress)
        if isComparison {
            return .comparison(
                ComparisonRecord(
                    timestamp: timestamp, context: context, centOffset: offset,
                    isCorrect: run.random.integer(in: 0...2) != 0))
        }
        let initial = PitchMatchingRecord.initialCentOffsetBound.value
        return .pitchMatching(
            PitchMatchingRecord(
                timestamp: timestamp, context: context,
                initialCentOffset: rounded(Double.random(in: -initial...initial, using: &run.random)),
                userCentError: offset))
    }

    private mutating func signedOffset(scaledBy factor: Double) -> Cents {
        let (lower, upper) = (offsets.lowerBound.value, offsets.upperBound.value)
        let magnitude = Math.exp(Double.random(in: Math.log(lower)...Math.log(upper), using: &run.random)) * factor
        // Within the scaled bounds despite the rounding of exp and log (init checks the bounds).
        let bounded = Swift.min(Swift.max(magnitude, lower * factor), upper * factor)
        return rounded(Bool.random(using: &run.random) ? bounded : -bounded)
    }

    private func rounded(_ value: Double) -> Cents {
        guard let fractionDigits else { return Cents(value) }
        let scale = Self.power(of: fractionDigits)
        // Plus 0 makes -0.0 (a small negative value rounded) 0.0: the store keeps no sign on 0,
        // so a record with -0.0 would not come back as it went in.
        return Cents((value * scale).rounded() / scale + 0)
    }

    /// 10 to the power `digits`.
    private static func power(of digits: Int) -> Double {
        (0..<digits).reduce(1.0) { product, _ in product * 10 }
    }
}
