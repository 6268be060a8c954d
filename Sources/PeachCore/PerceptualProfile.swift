/// Everything Peach knows about the user's hearing, built from all records in one pass at
/// start-up and then updated one answer at a time (identical results either way).
///
/// `comparison` pools every comparison (the keyboard band uses them all, as the spec says);
/// `byMode` keeps each training mode apart so that the profile can show how fifths go and the
/// chain can cold-start from the mode's own mean.
/// - Complexity: O(1) per record (amortised); about 16 bytes per record for the histories.
public struct PerceptualProfile: Hashable, Sendable {
    public internal(set) var comparison = DiscriminationStatistics()
    public internal(set) var matching = MatchingStatistics()
    public internal(set) var comparisonByMode: [TrainingMode: DiscriminationStatistics] = [
        .comparison: DiscriminationStatistics(), .intervalComparison: DiscriminationStatistics(),
    ]
    public internal(set) var matchingByMode: [TrainingMode: MatchingStatistics] = [
        .pitchMatching: MatchingStatistics(), .intervalPitchMatching: MatchingStatistics(),
    ]

    public init() {}

    /// Builds the profile from records in chronological order.
    public init(records: some Sequence<TrainingRecord>) {
        for record in records { add(record) }
    }

    /// Joins the comparison statistics of one profile with the pitch-matching statistics of
    /// another. Each kind's statistics depend only on that kind's records, so a profile can be
    /// built per kind (at start-up, the two record tables on two threads) and joined: the result
    /// equals the one-pass profile of all the records.
    public init(comparisonsOf comparisons: PerceptualProfile, matchingsOf matchings: PerceptualProfile) {
        comparison = comparisons.comparison
        comparisonByMode = comparisons.comparisonByMode
        matching = matchings.matching
        matchingByMode = matchings.matchingByMode
    }

    public mutating func add(_ record: TrainingRecord) {
        switch record {
        // `[_, default:]` mutates the stored value in place; `[_]!` would copy it out first.
        case .comparison(let record):
            comparison.add(record)
            comparisonByMode[record.mode, default: DiscriminationStatistics()].add(record)
        case .pitchMatching(let record):
            matching.add(record)
            matchingByMode[record.mode, default: MatchingStatistics()].add(record)
        }
    }

    /// The mean |cent offset| of a comparison mode, if it has data: where its chain starts
    /// when there is no previous exercise.
    public func meanThreshold(for mode: TrainingMode) -> Double? {
        comparisonByMode[mode]?.overall.meanIfAny
    }
}
