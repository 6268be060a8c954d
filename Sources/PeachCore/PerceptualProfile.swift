/// Everything Peach knows about the user's hearing, built from all records in one pass at
/// start-up and then updated one answer at a time (identical results either way).
///
/// Each training mode keeps its own statistics: a psychometric threshold mixes nothing across
/// modes (a fifth is harder to judge than a unison), and the chain cold-starts from its mode's own
/// estimate. The estimates are computed from the statistics when a page asks (docs/measurement.md).
/// - Complexity: O(1) per record (amortised); the statistics are bounded by notes, intervals,
///   weeks and the 400 latest answers, not by the number of records.
public struct PerceptualProfile: Hashable, Sendable {
    public internal(set) var comparisonByMode: [TrainingMode: ComparisonStatistics] = [
        .comparison: ComparisonStatistics(), .intervalComparison: ComparisonStatistics(),
    ]
    public internal(set) var pitchMatchingByMode: [TrainingMode: PitchMatchingStatistics] = [
        .pitchMatching: PitchMatchingStatistics(), .intervalPitchMatching: PitchMatchingStatistics(),
    ]

    /// Compare Timing's answers per tempo band and direction (docs/rhythm.md).
    public internal(set) var rhythmOffsetDetection = RhythmOffsetDetectionStatistics()
    /// Fill the Gap's trials per tempo band and gap position (docs/rhythm.md).
    public internal(set) var continuousRhythmMatching = ContinuousRhythmMatchingStatistics()

    public init() {}

    /// Builds the profile from records in chronological order.
    public init(records: some Sequence<TrainingRecord>) {
        for record in records { add(record) }
    }

    /// Joins the comparison and Compare Timing statistics of one profile with the pitch-matching
    /// and Fill the Gap statistics of another. Each kind's statistics depend only on that kind's
    /// records, so a profile can be built per kind (at start-up, the record tables in two halves
    /// on two threads) and joined: the result equals the one-pass profile of all the records.
    public init(joining judgements: PerceptualProfile, _ matchings: PerceptualProfile) {
        comparisonByMode = judgements.comparisonByMode
        rhythmOffsetDetection = judgements.rhythmOffsetDetection
        pitchMatchingByMode = matchings.pitchMatchingByMode
        continuousRhythmMatching = matchings.continuousRhythmMatching
    }

    public mutating func add(_ record: TrainingRecord) {
        switch record {
        // `[_, default:]` mutates the stored value in place; `[_]!` would copy it out first.
        case .comparison(let record):
            comparisonByMode[record.mode, default: ComparisonStatistics()].add(record)
        case .pitchMatching(let record):
            pitchMatchingByMode[record.mode, default: PitchMatchingStatistics()].add(record)
        case .rhythmOffsetDetection(let record):
            rhythmOffsetDetection.add(record)
        case .continuousRhythmMatching(let record):
            continuousRhythmMatching.add(record)
        }
    }

    /// The comparison statistics of a comparison mode (empty for a matching mode).
    public func comparisonStatistics(_ mode: TrainingMode) -> ComparisonStatistics {
        comparisonByMode[mode] ?? ComparisonStatistics()
    }

    /// The pitch-matching statistics of a matching mode (empty for a comparison mode).
    public func pitchMatchingStatistics(_ mode: TrainingMode) -> PitchMatchingStatistics {
        pitchMatchingByMode[mode] ?? PitchMatchingStatistics()
    }

    /// The records of a mode: its comparisons, its pitch-matching attempts, its Compare Timing
    /// answers or its Fill the Gap trials.
    public func count(_ mode: TrainingMode) -> Int {
        switch mode.kind {
        case .comparison: comparisonStatistics(mode).count
        case .pitchMatching: pitchMatchingStatistics(mode).count
        case .rhythmOffsetDetection: rhythmOffsetDetectionCount
        case .continuousRhythmMatching: continuousRhythmMatchingCount
        }
    }

    /// All comparisons, both comparison modes.
    public var comparisonCount: Int { comparisonByMode.values.reduce(0) { $0 + $1.count } }
    /// All pitch-matching attempts, both matching modes.
    public var pitchMatchingCount: Int { pitchMatchingByMode.values.reduce(0) { $0 + $1.count } }
    /// All Compare Timing answers.
    public var rhythmOffsetDetectionCount: Int { rhythmOffsetDetection.count }
    /// All Fill the Gap trials.
    public var continuousRhythmMatchingCount: Int { continuousRhythmMatching.count }

    /// The all-time threshold of a comparison mode, if it has data: where its chain starts when
    /// there is no previous exercise. (A mode's previous exercise comes from the same records, so
    /// in practice a mode without one has no data either, and its chain starts at 100 cents.)
    /// - Complexity: one posterior when the mode has data.
    public func startingThreshold(for mode: TrainingMode) -> Cents? {
        comparisonByMode[mode]?.allTime?.threshold
    }
}
