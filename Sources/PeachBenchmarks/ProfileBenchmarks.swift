import Foundation
import PeachCore
import PeachFixtures
import PeachViews
import PeachWeb

/// The profile's figures: the Profile page (`ProfilePage.render()`: drawing, summary, timeline and
/// table, in the layout) and the Start page with its preview, for a profile of 1,000,000
/// records — the target is under 50 ms server time for the page — and the size of a dense
/// profile SVG (target under 30 KB).
///
/// The profile is built once, as the server does at start-up; each run then renders the page's
/// parts from the in-memory profile. Reports the median of the runs.
enum ProfileBenchmarks {
    static let recordCount = 1_000_000
    static let runs = 21

    static func run() {
        let clock = ContinuousClock()
        let records = Array(history)
        var profile = PerceptualProfile()
        let buildTime = clock.measure { profile = PerceptualProfile(records: records) }
        print("profile: built from \(records.count) records in \(milliseconds(buildTime)) ms")

        var bytes = 0
        var times: [Duration] = []
        for _ in 0..<runs {
            times.append(
                clock.measure {
                    bytes = ProfilePage(texts: .english, profile: profile, range: .standard).render().utf8.count
                })
        }
        times.sort()
        print(
            "profile: Profile page (\(bytes) bytes) median \(milliseconds(times[runs / 2])) ms over \(runs) runs, target < 50 ms"
        )

        times = []
        for _ in 0..<runs {
            times.append(
                clock.measure {
                    bytes = StartPage(texts: .english, profile: profile, range: .standard).render().utf8.count
                })
        }
        times.sort()
        print(
            "profile: Start page with preview (\(bytes) bytes) median \(milliseconds(times[runs / 2])) ms over \(runs) runs"
        )

        let dense = ProfileChart(profile: profile, range: .standard, language: .english, size: .full).svg
        let piano = ProfileChart(
            profile: profile, range: try! NoteRange(lower: MIDINote(21), upper: MIDINote(108)), language: .english,
            size: .full
        ).svg
        let timeline = TimelineChart(profile: profile, mode: .comparison, language: .english)
        print(
            "profile: dense SVG C2–C6 \(dense.html.utf8.count) bytes, A0–C8 \(piano.html.utf8.count) bytes, target < 30 KB"
        )
        print("profile: timeline SVG (\(timeline.weeks.count) weeks) \(timeline.svg.html.utf8.count) bytes")
    }

    /// Two years of training of a listener who improves, as the profile shows it: every note of
    /// C2–C6, 90 % comparisons (a quarter of them of a fifth up), 10 % pitch matching, equal
    /// temperament; offsets of 2–40 cents at first, falling to 0.5–10 cents.
    static let history = SeededRecords(
        count: recordCount, seed: 0x5EED, start: Timestamp(millisecondsSince1970: 1_720_000_000_000),
        spacing: 0...(2 * 730 * Timestamp.millisecondsPerDay / Int64(recordCount)), comparisons: 0.9, unison: 0.75,
        intervals: [.perfectFifthUp], tuningSystems: [.equalTemperament], offsets: 2...40, offsetScaleAtEnd: 0.25)

    private static func milliseconds(_ duration: Duration) -> String {
        DecimalText.fixed(Benchmark.seconds(duration) * 1000, fractionDigits: 2)
    }
}
