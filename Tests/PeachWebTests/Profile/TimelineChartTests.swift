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
        let timeline = TimelineChart(profile: PerceptualProfile(), language: .english)
        assertSnapshot(timeline.svg, named: "timeline-empty.svg")
        #expect(timeline.recentDaysTable == "")
        #expect(timeline.summary == "Your progress appears here after your first day of training.")
    }

    @Test("dense: 90 days of dots and the rolling line, dated in UTC, in English and German")
    func dense() {
        let english = TimelineChart(profile: F.dense, language: .english)
        let german = TimelineChart(profile: F.dense, language: .german)
        assertSnapshot(english.svg, named: "timeline-dense.svg")
        assertSnapshot(german.svg, named: "timeline-dense-de.svg")
        assertSnapshot(english.recentDaysTable, named: "timeline-dense-table.html")
        assertSnapshot(german.recentDaysTable, named: "timeline-dense-table-de.html")
        #expect(english.svg.utf8.count < 30_000)
        #expect(english.svg.contains(">1 Mar</text>") && english.svg.contains(">29 May</text>"))
        #expect(german.svg.contains(">1. März</text>"))
        #expect(
            english.summary.hasPrefix("Detection threshold on 90 days of training from 1 March 2026 to 29 May 2026."))
        #expect(english.recentDaysTable.components(separatedBy: "<tr><th scope=\"row\">").count - 1 == 7)
    }

    @Test("the summary and table carry the core's daily and rolling means")
    func numbersFromCore() {
        let profile = PerceptualProfile(records: [
            F.comparison(60, cents: 10, day: 0), F.comparison(60, cents: 30, day: 0, second: 1),
            F.comparison(62, cents: 5, day: 2),
        ])
        let timeline = TimelineChart(profile: profile, language: .english)
        // Day 1: mean 20.0; day 3: mean 5.0, rolling mean (10 + 30 + 5) / 3 = 15.0.
        #expect(
            timeline.summary
                == "Detection threshold on 2 days of training from 1 March 2026 to 3 March 2026. 20-day mean: 20.0 cents at the start, 15.0 cents now."
        )
        #expect(
            timeline.recentDaysTable.contains(
                "<tr><th scope=\"row\">3 March 2026</th><td>1</td><td>5.0 cents</td><td>15.0 cents</td></tr>"))
        #expect(
            timeline.recentDaysTable.contains(
                "<tr><th scope=\"row\">1 March 2026</th><td>2</td><td>20.0 cents</td><td>20.0 cents</td></tr>"))
        assertSnapshot(timeline.svg, named: "timeline-two-days.svg")
    }

    @Test("the rolling line breaks across 20 days without training; one day is a single dot")
    func gaps() {
        let profile = PerceptualProfile(records: [
            F.comparison(60, cents: 40, day: 0), F.comparison(60, cents: 30, day: 5),
            F.comparison(60, cents: 10, day: 40), F.comparison(60, cents: 8, day: 41),
        ])
        let svg = TimelineChart(profile: profile, language: .english).svg
        assertSnapshot(svg, named: "timeline-gap.svg")
        let rolling = svg.components(separatedBy: "class=\"timeline-rolling\"")[1]
        let path = rolling.components(separatedBy: " d=\"")[1].prefix { $0 != "\"" }
        #expect(path.filter { $0 == "M" }.count == 2)
        let oneDay = TimelineChart(profile: F.oneNote, language: .english)
        assertSnapshot(oneDay.svg, named: "timeline-one-day.svg")
    }

    @Test("a long history labels months and stays small")
    func longHistory() {
        let records = (0..<1000).map { F.comparison(60, cents: Double(50 - $0 % 40), day: $0) }
        let timeline = TimelineChart(profile: PerceptualProfile(records: records), language: .english)
        #expect(timeline.svg.contains(">Mar 2026</text>"))
        #expect(timeline.svg.utf8.count < 40_000)
        #expect(timeline.svg == TimelineChart(profile: PerceptualProfile(records: records), language: .english).svg)
    }
}
