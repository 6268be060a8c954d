import Foundation
import PeachCore
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
        let records = makeRecords(count: recordCount)
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
        print("profile: dense SVG C2–C6 \(dense.utf8.count) bytes, A0–C8 \(piano.utf8.count) bytes, target < 30 KB")
        print("profile: timeline SVG (\(timeline.weeks.count) weeks) \(timeline.svg.utf8.count) bytes")
    }

    /// Two years of training, every note of C2–C6: 90 % comparisons (one in four of them
    /// interval comparisons), 10 % pitch matching, thresholds slowly falling. A fixed
    /// linear congruential generator, so every run measures the same profile.
    static func makeRecords(count: Int) -> [TrainingRecord] {
        var state: UInt64 = 0x5EED
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let start: Int64 = 1_720_000_000_000
        let span = 730.0 * 86_400_000
        var records: [TrainingRecord] = []
        records.reserveCapacity(count)
        for index in 0..<count {
            let timestamp = Timestamp(millisecondsSince1970: start + Int64(span * Double(index) / Double(count)))
            let reference = try! MIDINote(36 + Int(next() % 42))
            let progress = Double(index) / Double(count)
            let magnitude = (40 - 30 * progress) * Double(1 + next() % 100) / 100
            let interval: DirectedInterval = next() % 4 == 0 ? .perfectFifthUp : .prime
            let context = try! ExerciseContext(
                referenceNote: reference, interval: interval, tuningSystem: .equalTemperament)
            if next() % 10 == 0 {
                records.append(
                    .pitchMatching(
                        PitchMatchingRecord(
                            timestamp: timestamp, context: context, initialCentOffset: 50,
                            userCentError: Cents(next() % 2 == 0 ? magnitude : -magnitude))))
            } else {
                records.append(
                    .comparison(
                        ComparisonRecord(
                            timestamp: timestamp, context: context,
                            centOffset: Cents(next() % 2 == 0 ? magnitude : -magnitude),
                            isCorrect: next() % 3 != 0)))
            }
        }
        return records
    }

    private static func milliseconds(_ duration: Duration) -> String {
        DecimalText.fixed(Benchmark.seconds(duration) * 1000, fractionDigits: 2)
    }
}
