import Foundation
import PeachCore
import PeachFixtures
import PeachViews
import Testing

@Suite("Timeline chart")
struct TimelineChartTests {
    typealias F = ProfileFixtures

    @Test("empty: axes and a sentence saying where progress will appear; no table")
    func empty() {
        let timeline = TimelineChart(profile: PerceptualProfile(), mode: .comparison, language: .english)
        assertSnapshot(timeline.svg.html, named: "timeline-empty.svg")
        #expect(timeline.recentWeeksTable.html == "")
        #expect(timeline.summary == "Your progress appears here after your first answers.")
    }

    @Test("dense: 13 weeks of estimates with their intervals and the reference bands, in English and German")
    func dense() {
        let english = TimelineChart(profile: F.dense, mode: .comparison, language: .english)
        let german = TimelineChart(profile: F.dense, mode: .comparison, language: .german)
        assertSnapshot(english.svg.html, named: "timeline-dense.svg")
        assertSnapshot(german.svg.html, named: "timeline-dense-de.svg")
        assertSnapshot(english.recentWeeksTable.html, named: "timeline-dense-table.html")
        assertSnapshot(german.recentWeeksTable.html, named: "timeline-dense-table-de.html")
        #expect(english.weeks.count == 14)
        #expect(english.svg.html.utf8.count < 30_000)
        #expect(english.svg.html.contains(">23 Feb</text>") && german.svg.html.contains(">23. Feb.</text>"))
        #expect(english.svg.html.contains(">musicians</text>") && german.svg.html.contains(">Nichtmusiker</text>"))
        #expect(
            english.summary.hasPrefix(
                "Comparison: threshold per week in 14 weeks from 23 February 2026 to 25 May 2026;"))
        #expect(
            english.summary.hasSuffix(
                " Shaded: musicians’ thresholds in studies, 2 to 3.5 cents, and non-musicians’, 10 to 20 cents."))
        #expect(
            english.recentWeeksTable.html.components(separatedBy: "<tr><th scope=\"row\">").count - 1
                == TimelineChart.recentWeekCount)
        // The interval mode's timeline has no reference bands: they were measured for unisons.
        let interval = TimelineChart(profile: F.dense, mode: .intervalComparison, language: .english)
        #expect(!interval.svg.html.contains("timeline-reference") && !interval.summary.contains("Shaded"))
    }

    @Test("each week is the core's estimate from that week's answers alone, in the summary and the table")
    func numbersFromCore() {
        let profile = PerceptualProfile(records: [
            F.comparison(60, cents: 10, day: 1, correct: false), F.comparison(60, cents: 30, day: 1, second: 1),
            F.comparison(62, cents: 5, day: 9),
        ])
        let timeline = TimelineChart(profile: profile, mode: .comparison, language: .english)
        let weeks = profile.comparisonStatistics(.comparison).weeklyEstimates
        #expect(timeline.weeks.map(\.estimate) == weeks.map(\.estimate))
        #expect(timeline.weeks.map(\.estimate.answers) == [2, 1])
        let texts = Texts.english
        #expect(
            timeline.summary.hasPrefix(
                "Comparison: threshold per week in 2 weeks from 2 March 2026 to 9 March 2026; in the first week "
                    + texts.spokenEstimate(weeks[0].estimate) + ", in the last "
                    + texts.spokenEstimate(weeks[1].estimate)
                    + "."))
        #expect(
            timeline.recentWeeksTable.html.contains(
                "<tr><th scope=\"row\">9 March 2026</th><td>1</td><td>\(texts.estimate(weeks[1].estimate))</td></tr>"))
        assertSnapshot(timeline.svg.html, named: "timeline-two-weeks.svg")
    }

    @Test("weeks are placed by date, so a pause shows as a gap; one week is a single dot and bar")
    func gaps() {
        let profile = PerceptualProfile(records: [
            F.comparison(60, cents: 40, day: 1), F.comparison(60, cents: 30, day: 8, correct: false),
            F.comparison(60, cents: 10, day: 71), F.comparison(60, cents: 8, day: 72),
        ])
        let svg = TimelineChart(profile: profile, mode: .comparison, language: .english).svg.html
        assertSnapshot(svg, named: "timeline-gap.svg")
        let dots = svg.components(separatedBy: "class=\"timeline-weeks\"")[1]
        let path = dots.components(separatedBy: " d=\"")[1].prefix { $0 != "\"" }
        #expect(path.filter { $0 == "M" }.count == 3)
        let oneWeek = TimelineChart(profile: F.oneNote, mode: .comparison, language: .english)
        assertSnapshot(oneWeek.svg.html, named: "timeline-one-week.svg")
    }

    @Test("a long history labels months and stays small")
    func longHistory() {
        let records = (0..<1000).map {
            F.comparison(60, cents: Cents(Double(50 - $0 % 40)), day: $0, correct: $0 % 3 != 0)
        }
        let profile = PerceptualProfile(records: records)
        let timeline = TimelineChart(profile: profile, mode: .comparison, language: .english)
        #expect(timeline.svg.html.contains(">Mar 2026</text>") || timeline.svg.html.contains(">Feb 2026</text>"))
        #expect(timeline.svg.html.utf8.count < 40_000)
        #expect(timeline.svg.html == TimelineChart(profile: profile, mode: .comparison, language: .english).svg.html)
    }
}
