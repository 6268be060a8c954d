import PeachCore

/// The numbers of the Profile page, already written in the page's language (docs/measurement.md):
/// for each comparison mode its threshold now and all time with their 95 % intervals, the trend
/// and, in the interval mode, each interval and tuning system; for each pitch-matching mode its
/// bias and spread now and all time, and per interval.
///
/// A plain value built from the in-memory profile; `html` renders it (`ProfileSummary+Markup`).
/// Without data a value is "—" and no trend is shown; without any pitch matching, `matching` is
/// `nil` and the page says how to get it.
public struct ProfileSummary: Hashable, Sendable {
    /// The trend as the page shows it: an arrow for the eyes (the direction the band moves on the
    /// chart), and the same words as `peach stats`.
    public struct TrendIndicator: Hashable, Sendable {
        public var trend: Trend
        /// ↘ improving, → no clear change, ↗ declining; none before there are enough answers.
        public var arrow: String
        public var words: String
    }

    /// One label and its value.
    public struct Row: Hashable, Sendable {
        public var term: String
        public var value: String
    }

    /// A comparison mode's threshold.
    public struct ComparisonMode: Hashable, Sendable {
        public var mode: TrainingMode
        public var name: String
        public var now: String
        public var allTime: String
        /// `nil` without answers.
        public var trend: TrendIndicator?
        public var answers: String
        /// Each interval and tuning system with answers (interval modes only).
        public var intervals: [Row]
        /// The card's large value, "6.2 cents", and its range in plain words, "likely 5.1–7.6
        /// cents"; `nil` without answers.
        public var headline: String?
        public var likely: String?
        /// The weekly sparkline (`TimelineChart.sparkline`), empty without weeks.
        public var sparkline: Markup
    }

    /// A pitch-matching mode's bias and spread.
    public struct MatchingMode: Hashable, Sendable {
        public var mode: TrainingMode
        public var name: String
        /// Bias now, spread now, bias all time, spread all time, attempts, then each interval.
        public var rows: [Row]
        /// The card's large value, the bias now ("+4.0 cents"), and which way it leans; `nil`
        /// without attempts.
        public var headline: String?
        public var leaning: String?
    }

    public var language: Language
    /// Comparison, then Interval Comparison.
    public var comparison: [ComparisonMode]
    /// Pitch Matching, then Interval Pitch Matching; `nil` without any pitch-matching attempt.
    public var matching: [MatchingMode]?

    /// Summarises a profile.
    /// - Complexity: a few posteriors per comparison mode (now, all time, trend) and one per
    ///   interval and tuning system trained.
    public init(profile: PerceptualProfile, language: Language) {
        let texts = Texts.of(language)
        self.language = language
        comparison = [TrainingMode.comparison, .intervalComparison].map { mode in
            let statistics = profile.comparisonStatistics(mode)
            let intervals = mode.isInterval ? statistics.intervalEstimates : []
            let now = statistics.now
            return ComparisonMode(
                mode: mode, name: texts.name(of: mode), now: texts.estimate(now),
                allTime: texts.estimate(statistics.allTime),
                trend: statistics.count > 0 ? Self.indicator(statistics.trend, texts) : nil,
                answers: texts.grouped(statistics.count),
                intervals: intervals.map { interval, tuningSystem, estimate in
                    Row(
                        term: Self.intervalTerm(interval, tuningSystem, texts),
                        value: texts.estimate(estimate) + ", "
                            + texts.profile.answerCount(estimate.answers, shown: texts.grouped(estimate.answers)))
                },
                headline: now.map { texts.profile.cents(texts.decimal($0.threshold)) },
                likely: now.map { texts.profile.likely(texts.roughly($0.lower), texts.roughly($0.upper)) },
                sparkline: TimelineChart(profile: profile, mode: mode, language: language).sparkline)
        }
        let matchingModes: [TrainingMode] = [.pitchMatching, .intervalPitchMatching]
        matching =
            matchingModes.allSatisfy({ profile.pitchMatchingStatistics($0).count == 0 })
            ? nil
            : matchingModes.map { mode in
                let statistics = profile.pitchMatchingStatistics(mode)
                let (now, allTime) = (statistics.now, statistics.allTime)
                var rows = [
                    Row(term: texts.profile.nowRow(texts.profile.bias), value: texts.bias(now)),
                    Row(term: texts.profile.nowRow(texts.profile.spread), value: texts.spread(now)),
                    Row(term: texts.profile.allTimeRow(texts.profile.bias), value: texts.bias(allTime)),
                    Row(term: texts.profile.allTimeRow(texts.profile.spread), value: texts.spread(allTime)),
                    Row(term: texts.charts.attempts, value: texts.grouped(statistics.count)),
                ]
                if mode.isInterval {
                    rows += statistics.intervalEstimates.map { interval, tuningSystem, estimate in
                        Row(
                            term: Self.intervalTerm(interval, tuningSystem, texts),
                            value: texts.profile.matchingRow(
                                texts.bias(estimate), texts.spread(estimate),
                                texts.profile.attemptCount(estimate.attempts, shown: texts.grouped(estimate.attempts))))
                    }
                }
                return MatchingMode(
                    mode: mode, name: texts.name(of: mode), rows: rows,
                    headline: now.map { texts.profile.cents(texts.signedDecimal($0.bias)) },
                    leaning: now.map { texts.profile.leaning($0.leaning) })
            }
    }

    static func intervalTerm(_ interval: DirectedInterval, _ tuningSystem: TuningSystem, _ texts: Texts) -> String {
        texts.profile.intervalRow(texts.name(of: interval), texts.settingsPage.tuningSystemName(tuningSystem))
    }

    static func indicator(_ trend: Trend, _ texts: Texts) -> TrendIndicator {
        let arrow: String
        switch trend {
        case .improving: arrow = "↘"
        case .stable: arrow = "→"
        case .declining: arrow = "↗"
        case .notEnoughData: arrow = ""
        }
        return TrendIndicator(trend: trend, arrow: arrow, words: texts.charts.trendMeaning(trend))
    }
}
