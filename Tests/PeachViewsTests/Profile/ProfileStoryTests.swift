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
}
