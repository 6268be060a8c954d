import Foundation
import PeachCore
import PeachFixtures

/// Compare Timing's measurement (docs/rhythm.md): the seeded simulation of listeners with known
/// timing thresholds, per threshold and direction, and the profile built from 1,000,000 rhythm
/// records with its 28 threshold estimates.
enum RhythmBenchmarks {
    static let simulationRuns = 1_000
    static let profileRecords = 1_000_000
    static let builds = 7

    static func run() {
        simulation()
        profile()
    }

    static func simulation() {
        let clock = ContinuousClock()
        var figures:
            (pooled: [TimingListenerSimulation.Figures], byThreshold: [Double: [TimingListenerSimulation.Figures]])?
        let time = clock.measure { figures = TimingListenerSimulation.figures(runs: simulationRuns) }
        guard let figures else { return }
        print(
            "Compare Timing simulation: \(simulationRuns) seeded runs at \(TimingListenerSimulation.tempos) BPM, early "
                + "thresholds \(TimingListenerSimulation.thresholds) % of a sixteenth at 75 %, late "
                + "\(TimingListenerSimulation.lateFactor) times these (\(Benchmark.format(Benchmark.seconds(time))))")
        print("early threshold  answers  estimates  median error  95 % coverage")
        func line(_ name: String, _ figures: [TimingListenerSimulation.Figures]) {
            for (size, figure) in zip(TimingListenerSimulation.sizes, figures) {
                print(
                    name.padding(toLength: 17, withPad: " ", startingAt: 0)
                        + "\(size)".padding(toLength: 9, withPad: " ", startingAt: 0)
                        + "\(figure.estimates)".padding(toLength: 11, withPad: " ", startingAt: 0)
                        + MeasurementBenchmarks.percent(figure.medianError).padding(
                            toLength: 14, withPad: " ", startingAt: 0)
                        + MeasurementBenchmarks.percent(figure.coverage))
            }
        }
        for threshold in TimingListenerSimulation.thresholds { line("\(threshold)", figures.byThreshold[threshold]!) }
        line("all", figures.pooled)
        print()
    }

    /// Three Compare Timing answers to one Fill the Gap trial, at tempos drawn from 40–200 BPM,
    /// four seconds apart: every band and track fills, and the recent answers roll as they do.
    static func profile() {
        var generator = SeededRandomNumberGenerator(seed: 0x5EED)
        var records: [TrainingRecord] = []
        records.reserveCapacity(profileRecords)
        for index in 0..<profileRecords {
            let tempo = TempoBPM(
                generator.integer(in: TempoBPM.recordable.lowerBound...TempoBPM.recordable.upperBound))!
            let time = Timestamp(millisecondsSince1970: 1_767_225_600_000 + Int64(index) * 4_000)
            let bound = tempo.offsetBoundMs
            if index % 4 == 3 {
                let positions = (0..<4).map { _ in
                    Bool.random(using: &generator) ? Double.random(in: -bound...bound, using: &generator) : nil
                }
                records.append(
                    .continuousRhythmMatching(
                        ContinuousRhythmMatchingRecord(
                            timestamp: time, tempo: tempo,
                            meanOffsetMs: Double.random(in: -bound...bound, using: &generator),
                            positionMeanOffsetsMs: positions, hitCount: 12)))
            } else {
                let percent = SixteenthPercent(Double.random(in: 0.5...20, using: &generator))
                let direction: TimingDirection = Bool.random(using: &generator) ? .early : .late
                records.append(
                    .rhythmOffsetDetection(
                        RhythmOffsetDetectionRecord(
                            timestamp: time, tempo: tempo, offsetMs: direction.sign * percent.milliseconds(at: tempo),
                            isCorrect: Bool.random(using: &generator))))
            }
        }
        var profile = PerceptualProfile()
        let build = Benchmark.timings(runs: builds) { profile = PerceptualProfile(records: records) }
        let estimates = Benchmark.timings(runs: builds) {
            for band in TempoBand.all {
                for direction in TimingDirection.allCases {
                    _ = profile.rhythmOffsetDetection.allTime(band, direction)
                    _ = profile.rhythmOffsetDetection.now(band, direction)
                }
            }
        }
        Benchmark.printTable(
            title: "Rhythm profile (\(profileRecords) records: three Compare Timing answers to one Fill the Gap trial)",
            rows: [
                .init(
                    name: "build", median: Benchmark.median(build.wall), target: 0.2,
                    detail: "CPU \(Benchmark.format(Benchmark.median(build.cpu)))"),
                .init(
                    name: "28 thresholds", median: Benchmark.median(estimates.wall), target: nil,
                    detail: "all time and now of 7 bands × 2 directions"),
            ])
    }
}
