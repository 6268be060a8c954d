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

    /// Detection threshold over the note range: every comparison (any mode) whose reference note
    /// is in the range — its current level (the last 20 training days, `CurrentLevel`) with the
    /// trend, and its all-time mean and standard deviation.
    public struct Threshold: Hashable, Sendable {
        public var current: String
        public var mean: String
        public var standardDeviation: String
        public var comparisons: String
        /// Which comparisons these are: "In your note range, C2 to C6 …" — the timeline counts
        /// every comparison, so the page says why its counts differ.
        public var scope: String
        /// The dates of the last 20 days; `nil` without data.
        public var window: String?
        /// The last 20 days against the 20 before; `nil` without 10 comparisons in each.
        public var trend: TrendIndicator?
        /// Why this trend differs from every comparison mode's, when it does; otherwise `nil`.
        public var trendNote: String?
    }

    /// Pitch-matching accuracy over both matching modes.
    public struct Matching: Hashable, Sendable {
        public var current: String
        public var meanAbsoluteError: String
        public var standardDeviation: String
        public var attempts: String
        /// "tends sharp (+2.1 cents)", "tends flat (−2.1 cents)" or "neither sharp nor flat".
        public var tendency: String
        public var trend: TrendIndicator?
    }

    /// One training mode, counting the same records as the section above it: comparison modes
    /// the comparisons with a reference note in the range (|cent offset|), matching modes every
    /// attempt (|cent error|) — the current level with its trend, all-time mean ± SD, the count.
    public struct ModeResult: Hashable, Sendable {
        public var mode: TrainingMode
        public var name: String
        /// "12.6 cents", with "to 3 Feb 2026" when its 20 days end before the section's.
        public var current: String
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
    /// - Complexity: O(notes in range · log days) — cheap enough for every page view.
    public init(profile: PerceptualProfile, range: NoteRange, language: Language) {
        let texts = Texts.of(language)
        self.language = language

        let inRange = profile.comparison.statistics(in: range)
        let level = profile.comparison.currentLevel(in: range)
        let matchingLevel = profile.matching.history.currentLevel
        modes = Self.modeOrder.map { mode in
            switch mode.kind {
            case .comparison:
                let statistics = profile.comparisonByMode[mode] ?? DiscriminationStatistics()
                let inRange = statistics.statistics(in: range)
                return ModeResult(
                    mode: mode, name: texts.name(of: mode),
                    current: Self.current(statistics.currentLevel(in: range), endingWith: level, texts),
                    meanAndDeviation: texts.cents(inRange.meanIfAny, plusMinus: inRange.standardDeviation),
                    exercises: texts.grouped(inRange.count),
                    trend: Self.indicator(statistics.currentLevel(in: range)?.trend, texts))
            case .pitchMatching:
                let statistics = profile.matchingByMode[mode] ?? MatchingStatistics()
                return ModeResult(
                    mode: mode, name: texts.name(of: mode),
                    current: Self.current(statistics.history.currentLevel, endingWith: matchingLevel, texts),
                    meanAndDeviation: texts.cents(
                        statistics.meanAbsoluteError, plusMinus: statistics.standardDeviation),
                    exercises: texts.grouped(statistics.count),
                    trend: Self.indicator(statistics.history.currentLevel?.trend, texts))
            }
        }

        // Pooled and per-mode trends share their basis, so they disagree only when the modes'
        // shares changed between the two periods (Simpson's paradox): then the page says so.
        let modeTrends = modes.filter { $0.mode.kind == .comparison }.compactMap { $0.trend?.trend }
        let pooledTrend = Self.indicator(level?.trend, texts)
        threshold = Threshold(
            current: texts.cents(level?.mean), mean: texts.cents(inRange.meanIfAny),
            standardDeviation: texts.cents(inRange.standardDeviation), comparisons: texts.grouped(inRange.count),
            scope: texts.thresholdScope(texts.name(of: range.lower), texts.name(of: range.upper)),
            window: level.map {
                texts.currentWindow(texts.longDate(day: $0.firstDay), texts.longDate(day: $0.lastDay))
            },
            trend: pooledTrend,
            trendNote: pooledTrend.flatMap { pooled in
                modeTrends.isEmpty || modeTrends.contains(pooled.trend) ? nil : texts.trendMixNote
            })

        let matchingStatistics = profile.matching
        matching =
            matchingStatistics.count == 0
            ? nil
            : Matching(
                current: texts.cents(matchingLevel?.mean),
                meanAbsoluteError: texts.cents(matchingStatistics.meanAbsoluteError),
                standardDeviation: texts.cents(matchingStatistics.standardDeviation),
                attempts: texts.grouped(matchingStatistics.count),
                tendency: Self.tendency(matchingStatistics.bias ?? 0, texts),
                trend: Self.indicator(matchingLevel?.trend, texts))
    }

    /// A mode's current level, with the end of its 20 days when they end before `section`'s:
    /// a mode not trained lately is not "now".
    static func current(_ level: CurrentLevel?, endingWith section: CurrentLevel?, _ texts: Texts) -> String {
        guard let level else { return texts.noData }
        let value = texts.cents(level.mean)
        guard let section, level.lastDay < section.lastDay else { return value }
        return value + " (" + texts.windowUntil(texts.longDate(day: level.lastDay)) + ")"
    }

    static func indicator(_ trend: Trend?, _ texts: Texts) -> TrendIndicator? {
        guard let trend else { return nil }
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
