import Foundation
import PeachCore
import PeachFixtures
import Testing

@testable import PeachViews

@Suite("Profile summary")
struct ProfileSummaryTests {
    typealias F = ProfileFixtures

    @Test("each comparison mode shows the core's estimates now and all time, its trend and its answers")
    func comparisonModes() {
        let texts = Texts.english
        for profile in [F.oneNote, F.sparse, F.dense] {
            let summary = ProfileSummary(profile: profile, language: .english)
            #expect(summary.comparison.map(\.mode) == [.comparison, .intervalComparison])
            for mode in summary.comparison {
                let statistics = profile.comparisonStatistics(mode.mode)
                #expect(mode.now == texts.estimate(statistics.now))
                #expect(mode.allTime == texts.estimate(statistics.allTime))
                #expect(mode.answers == texts.grouped(statistics.count))
                #expect(mode.trend?.trend == (statistics.count > 0 ? statistics.trend : nil))
            }
        }
        let summary = ProfileSummary(profile: F.oneNote, language: .english)
        #expect(summary.comparison[1].now == "—" && summary.comparison[1].trend == nil)
        #expect(
            summary.comparison[0].trend?.words == "not enough weeks yet" && summary.comparison[0].trend?.arrow == "")
        #expect(summary.matching == nil)
        assertSnapshot(summary.html, named: "summary-one-note.html")
    }

    @Test("the interval mode lists each interval and tuning system with its estimate and answers")
    func intervals() {
        var records = (0..<8).map {
            F.comparison(55, cents: 12, second: $0, interval: .perfectFifthUp, correct: $0 % 4 != 0)
        }
        records.append(F.comparison(60, cents: 30, second: 20, interval: DirectedInterval(.minorThird, .down)))
        let profile = PerceptualProfile(records: records)
        let rows = ProfileSummary(profile: profile, language: .english).comparison[1].intervals
        let estimates = profile.comparisonStatistics(.intervalComparison).intervalEstimates
        #expect(
            rows.map(\.term) == [
                "Minor Third Down, Equal temperament (12-TET)", "Perfect Fifth Up, Equal temperament (12-TET)",
            ])
        #expect(
            rows.map(\.value)
                == estimates.map {
                    Texts.english.estimate($0.estimate) + ", " + Texts.english.profile.answerCount($0.estimate.answers)
                })
        #expect(rows[0].value.hasSuffix(", 1 answer") && rows[1].value.hasSuffix(", 8 answers"))
        #expect(ProfileSummary(profile: profile, language: .english).comparison[0].intervals.isEmpty)
    }

    @Test("pitch matching +4, −2, +10 cents: bias +4.0 with its t interval, neither sharp nor flat; spread 6.0")
    func handComputedMatching() {
        let profile = PerceptualProfile(records: [
            F.matching(60, error: 4, second: 0), F.matching(62, error: -2, second: 1),
            F.matching(64, error: 10, second: 2),
        ])
        let matching = ProfileSummary(profile: profile, language: .english).matching
        // Mean 4, s = √((0 + 36 + 36) / 2) = 6; t(0.975, 2) = 4.303: 4 ± 4.303 · 6/√3 = 4 ± 14.9.
        let rows = matching?[0].rows ?? []
        #expect(rows.map(\.term) == ["Bias now", "Spread now", "Bias, all time", "Spread, all time", "Attempts"])
        #expect(rows[2].value == "+4.0 cents (\u{2212}10.9 to +18.9): neither sharp nor flat")
        // s · √(2 / χ²): χ²(0.975, 2) = 7.378, χ²(0.025, 2) = 0.0506 → 3.1 to 37.7.
        #expect(rows[3].value == "6.0 cents (3.1–37.7)")
        #expect(rows[4].value == "3")
        #expect(rows[0].value == rows[2].value)
        #expect(matching?[1].rows[4].value == "0")
        let flat = PerceptualProfile(
            records: (0..<6).map { F.matching(60, error: Cents(-3 - Double($0 % 2)), second: $0) })
        #expect(
            ProfileSummary(profile: flat, language: .german).matching?[0].rows[2].value.hasSuffix(
                ": du triffst eher zu tief") == true)
        let one = PerceptualProfile(records: [F.matching(60, error: 3)])
        let single = ProfileSummary(profile: one, language: .english).matching?[0].rows ?? []
        #expect(single[2].value == "+3.0 cents: neither sharp nor flat" && single[3].value == "—")
    }

    @Test("empty: dashes, no trend, and the matching empty state")
    func empty() {
        let summary = ProfileSummary(profile: PerceptualProfile(), language: .english)
        #expect(summary.comparison.allSatisfy { $0.now == "—" && $0.allTime == "—" && $0.trend == nil })
        #expect(summary.matching == nil)
        #expect(summary.html.contains("<p class=\"profile-empty-state\">Start pitch matching to see your accuracy</p>"))
        #expect(!summary.html.contains("data-trend"))
        assertSnapshot(summary.html, named: "summary-empty.html")
        assertSnapshot(
            ProfileSummary(profile: PerceptualProfile(), language: .german).html, named: "summary-empty-de.html")
    }

    @Test("the trend over the weeks shows its arrow and its words; the rule is written about the numbers")
    func trend() {
        // Six weeks of 100 answers, 75 % right at a threshold that moves from `before` to `now`.
        func profile(_ before: Double, _ now: Double) -> PerceptualProfile {
            PerceptualProfile(
                records: (0..<600).map {
                    let cents = before * Foundation.exp(Double($0 / 100) / 5 * Foundation.log(now / before))
                    return F.comparison(
                        60, cents: Cents(cents), second: $0 / 100 * 604_800 + $0 % 100, correct: $0 % 4 != 3)
                })
        }
        func trend(_ profile: PerceptualProfile) -> ProfileSummary.TrendIndicator? {
            ProfileSummary(profile: profile, language: .english).comparison[0].trend
        }
        #expect(trend(profile(20, 5)) == .init(trend: .improving, arrow: "↘", words: "improving"))
        #expect(trend(profile(10, 10)) == .init(trend: .stable, arrow: "→", words: "no clear change"))
        #expect(trend(profile(5, 20)) == .init(trend: .declining, arrow: "↗", words: "declining"))
        let html = ProfileSummary(profile: profile(20, 5), language: .german).html
        #expect(
            html.contains(
                "<div><dt>Trend</dt><dd><span class=\"trend\" data-trend=\"improving\" aria-hidden=\"true\">↘</span> wird feiner</dd></div>"
            ))
        #expect(html.contains(Texts.german.profile.trendRule))
    }

    @Test("the page says where you stand: the published thresholds of musicians and non-musicians")
    func reference() {
        let html = ProfileSummary(profile: F.dense, language: .english).html
        #expect(
            html.contains(
                "Where you stand: in studies, musicians’ thresholds were about 2 to 3.5 cents, non-musicians’ about 10 to 20 cents before training"
            ))
    }

    @Test("dense: snapshots in English and German; the same profile renders the same bytes every time")
    func dense() {
        for language in Language.allCases {
            let first = ProfileSummary(profile: F.dense, language: language)
            #expect(first == ProfileSummary(profile: F.dense, language: language))
            #expect(first.html == ProfileSummary(profile: F.dense, language: language).html)
        }
        let summary = ProfileSummary(profile: F.dense, language: .english)
        #expect(summary.matching?[0].rows[4].value == "90" && summary.matching?[1].rows[4].value == "90")
        assertSnapshot(summary.html, named: "summary-dense.html")
        assertSnapshot(ProfileSummary(profile: F.dense, language: .german).html, named: "summary-dense-de.html")
    }
}
