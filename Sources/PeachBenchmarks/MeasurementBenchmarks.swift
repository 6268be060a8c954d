import Foundation
import PeachCore
import PeachFixtures
import PeachViews

/// The measurement's figures (docs/measurement.md, docs/benchmarks.md): the seeded simulation of
/// listeners with known thresholds at 50 and 200 trials beside the mean |cent offset| it
/// replaced and the bound of an estimate told each listener's slope and lapse rate, the profile with its estimates from 1,000,000 records (built, then the Profile
/// page), one answer's update, and the summary's size.
enum MeasurementBenchmarks {
    /// Runs of the simulation: 1,000 per threshold.
    static let simulationRuns = 5_000
    static let pageRuns = 11

    static func run() {
        simulation()
        profile()
    }

    static func simulation() {
        let begin = ContinuousClock.now
        let figures = ListenerSimulation.figures(runs: simulationRuns, informed: true)
        let time = ContinuousClock.now - begin
        print(
            "Simulation: \(simulationRuns) seeded runs, trials placed by the Kazez chain from 100 cents; listeners with "
                + "thresholds \(ListenerSimulation.thresholds) cents at 75 %, slopes \(ListenerSimulation.slopes), "
                + "lapse rates \(ListenerSimulation.lapseRates) (\(Benchmark.format(Benchmark.seconds(time))))")
        print(
            "threshold  trials  runs  median error  95 % coverage  mean |offset|: median error  "
                + "told slope and lapse: median error")
        func line(_ name: String, _ figures: [ListenerSimulation.Figures]) {
            for (size, figure) in zip(ListenerSimulation.sizes, figures) {
                print(
                    name.padding(toLength: 11, withPad: " ", startingAt: 0)
                        + "\(size)".padding(toLength: 8, withPad: " ", startingAt: 0)
                        + "\(figure.runs)".padding(toLength: 6, withPad: " ", startingAt: 0)
                        + percent(figure.medianError).padding(toLength: 14, withPad: " ", startingAt: 0)
                        + percent(figure.coverage).padding(toLength: 15, withPad: " ", startingAt: 0)
                        + percent(figure.meanOffsetMedianError).padding(toLength: 29, withPad: " ", startingAt: 0)
                        + (figure.informedMedianError.map(percent) ?? ""))
            }
        }
        for threshold in ListenerSimulation.thresholds { line("\(threshold)", figures.byThreshold[threshold]!) }
        line("all", figures.pooled)
        print()
    }

    static func profile() {
        let records = Array(ProfileBenchmarks.history)
        var profile = PerceptualProfile()
        var bytes = 0
        let builds = Benchmark.timings(runs: pageRuns) { profile = PerceptualProfile(records: records) }
        let pages = Benchmark.timings(runs: pageRuns) {
            bytes = ProfilePage(texts: .english, profile: profile, range: .standard).render().utf8.count
        }
        let starts = Benchmark.timings(runs: pageRuns) {
            _ = StartPage(texts: .english, profile: profile, range: .standard).render()
        }
        let both = Benchmark.timings(runs: pageRuns) {
            let built = PerceptualProfile(records: records)
            bytes = ProfilePage(texts: .english, profile: built, range: .standard).render().utf8.count
        }
        var record = ComparisonRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_800_000_000_000),
            context: ExerciseContext(
                referenceNote: MIDINote.a4, targetNote: MIDINote.a4, interval: .prime, tuningSystem: .equalTemperament),
            centOffset: 5, isCorrect: true)
        let answers = 1_000
        let updates = Benchmark.timings(runs: 101) {
            for index in 0..<answers {
                record.timestamp.millisecondsSince1970 += 4_000
                record.centOffset = Cents(Double(index % 97 + 1) / 10)
                profile.add(.comparison(record))
            }
        }
        let snapshot = ProfileSnapshot.encode(profile)
        let weeks = profile.comparisonStatistics(.comparison).weeks.count
        Benchmark.printTable(
            title: "Suite measurement: the profile with its estimates",
            rows: [
                Benchmark.Row(
                    name: "profile with estimates from 1,000,000 records: build + Profile page",
                    median: Benchmark.median(both.wall), target: 0.2,
                    detail:
                        "CPU \(Benchmark.format(Benchmark.median(both.cpu))); \(pageRuns) runs, \(bytes) bytes of HTML"),
                Benchmark.Row(
                    name: "  build alone", median: Benchmark.median(builds.wall), target: nil,
                    detail: "CPU \(Benchmark.format(Benchmark.median(builds.cpu)))"),
                Benchmark.Row(
                    name: "  Profile page alone", median: Benchmark.median(pages.wall), target: nil,
                    detail: "CPU \(Benchmark.format(Benchmark.median(pages.cpu))); \(weeks) weeks, C2–C6"),
                Benchmark.Row(
                    name: "Start page with its preview", median: Benchmark.median(starts.wall), target: nil,
                    detail: "CPU \(Benchmark.format(Benchmark.median(starts.cpu)))"),
                Benchmark.Row(
                    name: "one answer's update of the profile",
                    median: Benchmark.median(updates.wall) / Double(answers),
                    target: 20e-6, detail: "median of 101 batches of \(answers)"),
            ])
        print("the summary (ProfileSnapshot) of those 1,000,000 records: \(snapshot.count * 8) bytes\n")
    }

    static func percent(_ fraction: Double) -> String {
        DecimalText.fixed(fraction * 100, fractionDigits: 1) + " %"
    }
}
