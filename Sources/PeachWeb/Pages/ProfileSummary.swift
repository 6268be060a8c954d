import PeachCore

/// The numbers of the Profile page, already written in the page's language: the detection
/// threshold over the note range with its trend, pitch-matching accuracy, and the results of
/// each training mode (DESIGN.md §4 "Profile and statistics", §5 "Profile").
///
/// A plain value built from the in-memory profile; `html` renders it (`ProfileSummary+HTML`).
/// Without data every number is "—" and no trend is shown; without pitch matching,
/// `matching` is `nil` and the page says how to get it.
public struct ProfileSummary: Hashable, Sendable {
    /// The understated trend arrow and what it means: the threshold going down is improving.
    public struct TrendIndicator: Hashable, Sendable {
        public var trend: Trend
        /// ↘ improving, → stable, ↗ declining: the direction the band moves on the chart.
        public var arrow: String
        /// The arrow's meaning, for screen readers ("improving").
        public var meaning: String
    }

    /// Detection threshold over the note range: pooled mean and standard deviation of
    /// |cent offset| of every comparison (any mode) whose reference note is in the range.
    public struct Threshold: Hashable, Sendable {
        public var mean: String
        public var standardDeviation: String
        public var comparisons: String
        /// Which comparisons these are: "In your note range, C2 to C6 …" — the timeline and the
        /// matching numbers count every record, so the page says why its counts differ.
        public var scope: String
        /// `nil` below 20 comparisons (`Trend.minimumCount`).
        public var trend: TrendIndicator?
    }

    /// Pitch-matching accuracy over both matching modes.
    public struct Matching: Hashable, Sendable {
        public var meanAbsoluteError: String
        public var standardDeviation: String
        public var attempts: String
        /// "tends sharp (+2.1 cents)", "tends flat (−2.1 cents)" or "neither sharp nor flat".
        public var tendency: String
    }

    /// One training mode: mean ± SD of |cent offset| (comparison modes, reference notes in the
    /// range) or of |cent error| (matching modes), the number of exercises and the trend.
    public struct ModeResult: Hashable, Sendable {
        public var mode: TrainingMode
        public var name: String
        public var meanAndDeviation: String
        public var exercises: String
        public var trend: TrendIndicator?
    }

    public var language: Language
    public var threshold: Threshold
    /// `nil` without any pitch-matching attempt.
    public var matching: Matching?
    /// Comparison, Interval Comparison, Pitch Matching, Interval Pitch Matching.
    public var modes: [ModeResult]

    /// The modes in the order the page lists them: unison before interval, comparison before matching.
    public static let modeOrder: [TrainingMode] = [
        .comparison, .intervalComparison, .pitchMatching, .intervalPitchMatching,
    ]

    /// Summarises a profile over a note range.
    ///
    /// The trend covers every comparison of the history (the profile keeps one history, not
    /// one per note), while mean and SD cover the range.
    /// - Complexity: O(notes in range) — cheap enough for every page view.
    public init(profile: PerceptualProfile, range: NoteRange, language: Language) {
        let texts = Texts.of(language)
        self.language = language

        let inRange = profile.comparison.statistics(in: range)
        threshold = Threshold(
            mean: texts.cents(inRange.meanIfAny), standardDeviation: texts.cents(inRange.standardDeviation),
            comparisons: texts.grouped(inRange.count),
            scope: texts.thresholdScope(texts.name(of: range.lower), texts.name(of: range.upper)),
            trend: Self.indicator(profile.comparison.history.trend, texts))

        let matchingStatistics = profile.matching
        matching =
            matchingStatistics.count == 0
            ? nil
            : Matching(
                meanAbsoluteError: texts.cents(matchingStatistics.meanAbsoluteError),
                standardDeviation: texts.cents(matchingStatistics.standardDeviation),
                attempts: texts.grouped(matchingStatistics.count),
                tendency: Self.tendency(matchingStatistics.bias ?? 0, texts))

        modes = Self.modeOrder.map { mode in
            switch mode.kind {
            case .comparison:
                let statistics = profile.comparisonByMode[mode] ?? DiscriminationStatistics()
                let inRange = statistics.statistics(in: range)
                return ModeResult(
                    mode: mode, name: texts.name(of: mode),
                    meanAndDeviation: texts.cents(inRange.meanIfAny, plusMinus: inRange.standardDeviation),
                    exercises: texts.grouped(inRange.count), trend: Self.indicator(statistics.history.trend, texts))
            case .pitchMatching:
                let statistics = profile.matchingByMode[mode] ?? MatchingStatistics()
                return ModeResult(
                    mode: mode, name: texts.name(of: mode),
                    meanAndDeviation: texts.cents(
                        statistics.meanAbsoluteError, plusMinus: statistics.standardDeviation),
                    exercises: texts.grouped(statistics.count), trend: Self.indicator(statistics.history.trend, texts))
            }
        }
    }

    static func indicator(_ trend: Trend, _ texts: Texts) -> TrendIndicator? {
        let arrow: String
        switch trend {
        case .improving: arrow = "↘"
        case .stable: arrow = "→"
        case .declining: arrow = "↗"
        case .notEnoughData: return nil
        }
        return TrendIndicator(trend: trend, arrow: arrow, meaning: texts.trendMeanings[trend]!)
    }

    /// Sharp or flat by the sign of the mean signed error, as it is shown (one decimal): a bias
    /// that rounds to 0.0 is neither.
    static func tendency(_ bias: Double, _ texts: Texts) -> String {
        let shown = texts.signedDecimal(bias)
        if shown == texts.decimal(0) { return texts.noTendency }
        return bias > 0 ? texts.tendsSharp(shown) : texts.tendsFlat(shown)
    }
}
