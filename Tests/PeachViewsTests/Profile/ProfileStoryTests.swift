import Foundation
import PeachCore
import PeachFixtures
import Testing

@testable import PeachViews

/// The Profile tells one story: the keyboard band, the Start page's preview and the headline
/// "now" read the same answers, so a listener who improved sees the band where the number is.
@Suite("Profile: the pictures and the numbers agree")
struct ProfileStoryTests {
    /// A seeded learner who answered 1,500 comparisons coarsely (20 cents) for twelve weeks, then
    /// 300 finely (5 cents) in the last: every answer pooled sits far above "now".
    static let profile = PerceptualProfile(
        records: LearnerSimulation.records(
            Array(repeating: LearnerSimulation.Week(threshold: 20, answers: 125), count: 12)
                + [LearnerSimulation.Week(threshold: 5, answers: 300)], run: 0, seed: 11))

    @Test("the band at every note agrees with the headline now, not with all time, on the page and the preview")
    func bandAgreesWithNow() throws {
        let statistics = Self.profile.comparisonStatistics(.comparison)
        let now = try #require(statistics.now)
        let allTime = try #require(statistics.allTime)
        // The seeded history is what the review found: all time far coarser than now.
        #expect(allTime.threshold.value > 1.8 * now.threshold.value, "now \(now), all time \(allTime)")
        for language in Language.allCases {
            for size in [ProfileChart.Size.full, .small] {
                let chart = ProfileChart(profile: Self.profile, range: .standard, language: language, size: size)
                // The summary the screen reader hears is the headline, in the page's words.
                #expect(chart.threshold == now)
                #expect(chart.accessibleLabel.contains(Texts.of(language).spokenEstimate(now)))
                let summary = ProfileSummary(profile: Self.profile, language: language)
                #expect(summary.comparison[0].now == Texts.of(language).estimate(now))
                #expect(chart.thresholds.count >= 40, "most notes of C2–C6 among the last 200 answers")
                for note in chart.thresholds {
                    // The band at the note holds the headline's number, and its line is near it…
                    #expect(note.interval.contains(now.threshold), "\(note) against now \(now)")
                    #expect(abs(Math.log(note.centre.value / now.threshold.value)) < Math.log(1.5), "\(note)")
                    // …and it does not hold the pooled history's.
                    #expect(!note.interval.contains(allTime.threshold), "\(note) against all time \(allTime)")
                }
            }
        }
    }

    @Test("a note's band and the number of that note's answers agree: the band is drawn from the answers now")
    func noteNumbersAreNow() throws {
        let statistics = Self.profile.comparisonStatistics(.comparison)
        let chart = ProfileChart(profile: Self.profile, range: .standard, language: .english, size: .full)
        let byNote = statistics.nowNoteEstimates(in: .standard)
        #expect(chart.thresholds.map(\.note) == byNote.map(\.note))
        #expect(chart.thresholds.map(\.centre) == byNote.map(\.estimate.threshold))
        // Each note's answers are among the last 200: together they are "now"'s 200.
        #expect(byNote.reduce(0) { $0 + $1.estimate.answers } == ComparisonStatistics.recentCount)
    }

    @Test(
        "a card per mode: now large, its range in plain words, a sparkline with a summary; all time and the method behind disclosures"
    )
    func dashboard() throws {
        let now = try #require(Self.profile.comparisonStatistics(.comparison).now)
        for language in Language.allCases {
            let texts = Texts.of(language)
            let html = ProfilePage(texts: texts, profile: Self.profile, range: .standard).render()
            let value =
                "<span class=\"profile-now-value\">" + texts.profile.cents(texts.decimal(now.threshold)) + "</span>"
            let likely = texts.profile.likely(texts.roughly(now.lower), texts.roughly(now.upper))
            #expect(html.contains(value) && html.contains("<p class=\"profile-likely\">\(likely)</p>"), "\(language)")
            #expect(likely.hasPrefix(language == .german ? "wahrscheinlich " : "likely "))
            // The sparkline is the core's SVG, named by the timeline's summary sentence.
            let timeline = TimelineChart(profile: Self.profile, mode: .comparison, language: language)
            #expect(html.contains("class=\"sparkline\" role=\"img\" aria-label=\""))
            #expect(html.contains(timeline.sparkline.html))
            // The numbers come first; the method paragraphs and all time wait behind a disclosure.
            let card = try #require(html.range(of: "profile-now-value"))
            let keyboard = try #require(html.range(of: "class=\"profile-figure\""))
            let about = try #require(
                html.range(of: "<details class=\"profile-about\"><summary>\(texts.profile.aboutNumbers)"))
            let method = try #require(html.range(of: texts.profile.thresholdExplanation))
            #expect(card.lowerBound < keyboard.lowerBound && keyboard.lowerBound < about.lowerBound)
            #expect(about.lowerBound < method.lowerBound)
            let more = try #require(
                html.range(of: "<details class=\"profile-more\"><summary>\(texts.profile.allNumbers)"))
            let allTime = try #require(html.range(of: "<dt>\(texts.charts.allTime)</dt>"))
            #expect(more.lowerBound < allTime.lowerBound)
        }
    }
}
