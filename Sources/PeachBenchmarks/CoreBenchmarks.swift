import Foundation
import PeachCore
import PeachFixtures

/// The core's benchmarks: building the profile from a million records, and choosing and
/// resolving the next exercise. Everything in memory; seeded, so every run measures the same work.
enum CoreBenchmarks {
    static let recordCount = 1_000_000
    static let profileRuns = 15
    static let batches = 301
    static let operationsPerBatch = 1_000

    static func run() throws {
        var generator = SeededRandomNumberGenerator(seed: 2026)
        var settings = TrainingSettings()
        try settings.apply([
            "intervals": "P5up,m3down,M6up,P8down", "loudnessVariation": "0.5", "tuningSystem": "justIntonation",
        ])
        // A year of practice (2026): sessions of all four modes, each mode continuing its own chain.
        let records = Array(
            SimulatedTraining(
                count: recordCount, seed: 2026, settings: settings, start: start,
                spacing: 0...(2 * 365 * Timestamp.millisecondsPerDay / Int64(recordCount))))

        var profile = PerceptualProfile()
        let builds = Benchmark.timings(runs: profileRuns) { profile = PerceptualProfile(records: records) }
        let modes = TrainingMode.allCases.filter { $0.family != .rhythm }.map { "\($0.rawValue) \(profile.count($0))" }

        var rows = [
            Benchmark.Row(
                name: "profile from 1,000,000 records", median: Benchmark.median(builds.wall), target: 0.2,
                detail:
                    "\(profileRuns) builds, fastest \(Benchmark.format(builds.wall.min()!)); \(modes.joined(separator: ", "))"
            ),
            Benchmark.Row(
                name: "  the same, CPU time of the thread", median: Benchmark.median(builds.cpu), target: 0.2,
                detail: "fastest \(Benchmark.format(builds.cpu.min()!)); excludes waiting for a core on a busy machine"),
        ]
        for mode in [TrainingMode.comparison, .intervalComparison] {
            let perOperation = medianPerOperation {
                nextComparison(mode: mode, settings: settings, profile: &profile, using: &generator)
            }
            rows.append(
                Benchmark.Row(
                    name: "next \(mode.rawValue): choose + answer + record", median: perOperation, target: 5e-6,
                    detail: "median of \(batches) batches of \(operationsPerBatch), profile of ≥ 1,000,000 records"))
        }
        for mode in [TrainingMode.pitchMatching, .intervalPitchMatching] {
            let perOperation = medianPerOperation {
                nextPitchMatching(mode: mode, settings: settings, profile: &profile, using: &generator)
            }
            rows.append(
                Benchmark.Row(
                    name: "next \(mode.rawValue): choose + release + record", median: perOperation, target: 5e-6,
                    detail: "median of \(batches) batches of \(operationsPerBatch)"))
        }
        precondition(profile.comparisonCount + profile.pitchMatchingCount > recordCount)
        Benchmark.printTable(title: "Suite core (PeachCore)", rows: rows)
    }

    /// One step of the comparison loop the server runs per answer: continue the mode's chain
    /// from the profile, choose the exercise, evaluate an answer, add the record to the profile.
    @inline(never)
    static func nextComparison(
        mode: TrainingMode, settings: TrainingSettings, profile: inout PerceptualProfile,
        using generator: inout SeededRandomNumberGenerator
    ) {
        let exercise = ExerciseGenerator.comparison(
            mode: mode, settings: settings, previous: profile.comparisonByMode[mode]?.latest,
            profileThreshold: profile.startingThreshold(for: mode), using: &generator)
        let record = try! exercise.record(answeredHigher: Bool.random(using: &generator), at: now)
        profile.add(.comparison(record))
    }

    @inline(never)
    static func nextPitchMatching(
        mode: TrainingMode, settings: TrainingSettings, profile: inout PerceptualProfile,
        using generator: inout SeededRandomNumberGenerator
    ) {
        let matching = ExerciseGenerator.pitchMatching(mode: mode, settings: settings, using: &generator)
        let record = try! matching.record(sliderValue: Double.random(in: -1...1, using: &generator), at: now)
        profile.add(.pitchMatching(record))
    }

    /// 2026-01-01T00:00:00Z: where the generated records start.
    static let start = Timestamp(millisecondsSince1970: 1_767_225_600_000)
    /// A fixed "now" one year after the generated records start.
    static let now = Timestamp(millisecondsSince1970: start.millisecondsSince1970 + 365 * Timestamp.millisecondsPerDay)

    /// The median over batches of the time per operation (timing batches keeps the clock's own
    /// cost out of the figure).
    static func medianPerOperation(_ operation: () -> Void) -> Double {
        let clock = ContinuousClock()
        let timings = (0..<batches).map { _ in
            Benchmark.seconds(clock.measure { for _ in 0..<operationsPerBatch { operation() } })
                / Double(operationsPerBatch)
        }
        return Benchmark.median(timings)
    }
}
