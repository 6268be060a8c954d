import Foundation
import PeachCore
import PeachFixtures
import Testing

@testable import PeachViews

@Suite("Profile summary")
struct ProfileSummaryTests {
    typealias F = ProfileFixtures

    @Test("three comparisons at C4 with 10, 20 and 30 cents: mean 20.0, SD 10.0")
    func handComputedThreshold() {
        let summary = ProfileSummary(profile: F.oneNote, range: .standard, language: .english)
        #expect(summary.threshold.mean == "20.0 cents")
        #expect(summary.threshold.standardDeviation == "10.0 cents")
        #expect(summary.threshold.comparisons == "3")
        #expect(summary.threshold.trend == nil)
        #expect(summary.matching == nil)
        let german = ProfileSummary(profile: F.oneNote, range: .standard, language: .german)
        #expect(german.threshold.mean == "20,0 Cent")
        #expect(german.threshold.standardDeviation == "10,0 Cent")
        // The page says which comparisons the threshold counts: those in the note range.
        #expect(summary.threshold.scope.contains("your note range, C2 to C6"))
        #expect(german.threshold.scope.contains("deinem Tonumfang, C2 bis C6"))
        assertSnapshot(summary.html, named: "summary-one-note.html")
    }

    @Test("pitch matching +4, −2, +10 cents: mean error 5.3, SD 4.2, tends sharp by +4.0")
    func handComputedMatching() {
        let profile = PerceptualProfile(records: [
            F.matching(60, error: 4, second: 0), F.matching(62, error: -2, second: 1),
            F.matching(64, error: 10, second: 2),
        ])
        let matching = ProfileSummary(profile: profile, range: .standard, language: .english).matching
        // |e| = 4, 2, 10: mean 16/3 = 5.33; SD √(((4−16/3)² + (2−16/3)² + (10−16/3)²) / 2) = √17.33 = 4.16.
        #expect(matching?.meanAbsoluteError == "5.3 cents")
        #expect(matching?.standardDeviation == "4.2 cents")
        #expect(matching?.attempts == "3")
        #expect(matching?.tendency == "tends sharp (+4.0 cents)")
        let flat = PerceptualProfile(records: [F.matching(60, error: -3), F.matching(60, error: -1, second: 1)])
        #expect(
            ProfileSummary(profile: flat, range: .standard, language: .german).matching?.tendency
                == "eher zu tief (\u{2212}2,0 Cent)")
        let centred = PerceptualProfile(records: [F.matching(60, error: 3), F.matching(60, error: -3, second: 1)])
        #expect(
            ProfileSummary(profile: centred, range: .standard, language: .english).matching?.tendency
                == "neither sharp nor flat")
        let one = PerceptualProfile(records: [F.matching(60, error: 3)])
        #expect(ProfileSummary(profile: one, range: .standard, language: .english).matching?.standardDeviation == "—")
    }

    @Test("empty: dashes, no trend, and the matching empty state")
    func empty() {
        let summary = ProfileSummary(profile: PerceptualProfile(), range: .standard, language: .english)
        #expect(summary.threshold.mean == "—")
        #expect(summary.threshold.current == "—")
        #expect(summary.threshold.window == nil)
        #expect(summary.threshold.standardDeviation == "—")
        #expect(summary.threshold.trend == nil)
        #expect(summary.matching == nil)
        #expect(summary.modes.allSatisfy { $0.meanAndDeviation == "—" && $0.trend == nil })
        #expect(summary.html.contains("<p class=\"profile-empty-state\">Start pitch matching to see your accuracy</p>"))
        #expect(!summary.html.contains("data-trend"))
        assertSnapshot(summary.html, named: "summary-empty.html")
        assertSnapshot(
            ProfileSummary(profile: PerceptualProfile(), range: .standard, language: .german).html,
            named: "summary-empty-de.html")
    }

    @Test("the trend compares the last 20 days with the 20 before and needs 10 comparisons in each")
    func trend() {
        func profile(_ earlier: Double, _ later: Double, count: Int) -> PerceptualProfile {
            PerceptualProfile(
                records: (0..<count).map {
                    $0 < 10
                        ? F.comparison(60, cents: earlier, second: $0)
                        : F.comparison(60, cents: later, day: 30, second: $0)
                })
        }
        func trend(_ profile: PerceptualProfile) -> ProfileSummary.TrendIndicator? {
            ProfileSummary(profile: profile, range: .standard, language: .english).threshold.trend
        }
        #expect(trend(profile(20, 10, count: 19)) == nil)
        #expect(trend(profile(20, 10, count: 20)) == .init(trend: .improving, arrow: "↘", meaning: "improving"))
        #expect(trend(profile(20, 20.5, count: 20)) == .init(trend: .stable, arrow: "→", meaning: "stable"))
        #expect(trend(profile(10, 20, count: 20)) == .init(trend: .declining, arrow: "↗", meaning: "declining"))
        let html = ProfileSummary(profile: profile(20, 10, count: 20), range: .standard, language: .german).html
        #expect(
            html.contains(
                "<span class=\"trend\" data-trend=\"improving\" aria-hidden=\"true\">↘</span><span class=\"visually-hidden\">wird feiner</span>"
            ))
    }

    @Test("a long history does not hide progress: the last 20 days stand beside the all-time mean")
    func currentBesideAllTime() {
        // Days 0…79 at 30 cents, days 80…99 at 12 cents (two comparisons a day): all time
        // (160 · 30 + 40 · 12) / 200 = 26.4 cents, the last 20 days 12.0 cents, improving.
        let records = (0..<100).flatMap { day in
            (0..<2).map { F.comparison(60, cents: day < 80 ? 30 : 12, day: day, second: $0) }
        }
        let summary = ProfileSummary(profile: PerceptualProfile(records: records), range: .standard, language: .english)
        #expect(summary.threshold.current == "12.0 cents")
        #expect(summary.threshold.mean == "26.4 cents")
        #expect(summary.threshold.trend?.trend == .improving)
        #expect(
            summary.threshold.window
                == "Last 20 days: 20 May 2026 to 8 June 2026, ending with your last day of training. The trend compares them with the 20 days before."
        )
        #expect(summary.threshold.trendNote == nil)
        #expect(summary.modes[0].current == "12.0 cents" && summary.modes[0].trend?.trend == .improving)
        #expect(summary.html.contains("<div><dt>Last 20 days</dt><dd>12.0 cents</dd></div>"))
        #expect(summary.html.contains("<div><dt>All time</dt><dd>26.4 cents</dd></div>"))
    }

    @Test("when the pooled trend differs from every mode's, the page says why")
    func trendMix() {
        // Earlier: 10 comparisons at 10 cents, 10 interval comparisons at 40 (mean 25); later:
        // 18 comparisons at 10, 2 interval comparisons at 40 (mean 13): pooled improving, each
        // mode alone stable (the interval mode has too few later answers for a trend).
        var records: [TrainingRecord] = []
        for index in 0..<10 {
            records.append(F.comparison(60, cents: 10, second: index))
            records.append(F.comparison(60, cents: 40, second: 100 + index, interval: .perfectFifthUp))
        }
        for index in 0..<18 { records.append(F.comparison(60, cents: 10, day: 30, second: index)) }
        for index in 0..<2 {
            records.append(F.comparison(60, cents: 40, day: 30, second: 100 + index, interval: .perfectFifthUp))
        }
        let summary = ProfileSummary(profile: PerceptualProfile(records: records), range: .standard, language: .english)
        #expect(summary.threshold.trend?.trend == .improving)
        #expect(summary.modes[0].trend?.trend == .stable)
        #expect(summary.modes[1].trend == nil)
        #expect(summary.threshold.trendNote == Texts.english.trendMixNote)
        #expect(summary.html.contains(Texts.english.trendMixNote))
        // A mode not trained lately shows the end of its own 20 days.
        let late = PerceptualProfile(records: records + [F.comparison(60, cents: 10, day: 60)])
        let modes = ProfileSummary(profile: late, range: .standard, language: .english).modes
        #expect(modes[1].current == "40.0 cents (to 31 March 2026)")
    }

    @Test("the comparison modes' counts add up to the threshold's; the page says what each counts")
    func countsReconcile() {
        for range in [NoteRange.standard, F.range(48, 72)] {
            let summary = ProfileSummary(profile: F.dense, range: range, language: .english)
            let byMode = summary.modes.filter { $0.mode.kind == .comparison }.map {
                Int($0.exercises.replacing(",", with: ""))!
            }
            #expect(byMode.reduce(0, +) == Int(summary.threshold.comparisons.replacing(",", with: ""))!)
        }
        let html = ProfileSummary(profile: F.dense, range: .standard, language: .english).modesHTML
        #expect(html.contains(Texts.english.modesScope))
    }

    @Test("the summary equals the core's statistics over the range, by mode too")
    func numbersFromCore() {
        let profile = F.dense
        let strings = Texts.english
        for range in [NoteRange.standard, F.range(48, 72)] {
            let summary = ProfileSummary(profile: profile, range: range, language: .english)
            let core = profile.comparison.statistics(in: range)
            #expect(summary.threshold.mean == strings.cents(core.mean))
            #expect(summary.threshold.standardDeviation == strings.cents(core.standardDeviation))
            #expect(summary.threshold.comparisons == strings.grouped(core.count))
            let interval = profile.comparisonByMode[.intervalComparison]!.statistics(in: range)
            let row = summary.modes.first { $0.mode == .intervalComparison }!
            #expect(row.meanAndDeviation == strings.cents(interval.mean, plusMinus: interval.standardDeviation))
            #expect(row.exercises == strings.grouped(interval.count))
        }
        let summary = ProfileSummary(profile: profile, range: .standard, language: .english)
        #expect(
            summary.modes.map(\.mode) == [.comparison, .intervalComparison, .pitchMatching, .intervalPitchMatching])
        #expect(summary.modes[2].exercises == "90")
        #expect(summary.matching?.attempts == "180")
        #expect(summary.threshold.trend?.trend == .improving)
        #expect(summary.threshold.current == strings.cents(profile.comparison.currentLevel(in: .standard)?.mean))
        assertSnapshot(summary.html, named: "summary-dense.html")
        assertSnapshot(
            ProfileSummary(profile: profile, range: .standard, language: .german).html, named: "summary-dense-de.html")
    }

    @Test("the same profile renders the same summary bytes every time")
    func deterministic() {
        for language in Language.allCases {
            let first = ProfileSummary(profile: F.dense, range: .standard, language: language)
            let second = ProfileSummary(profile: F.dense, range: .standard, language: language)
            #expect(first == second)
            #expect(first.html == second.html)
        }
    }
}
