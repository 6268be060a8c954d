// Runs benchmark suites by name: `swift run -c release PeachBenchmarks core` (several names, or
// none for all). Each suite is one line in `suites`; add yours there. Results: docs/benchmarks.md.
import Foundation

let suites: [String: () async throws -> Void] = [
    "core": CoreBenchmarks.run,
    "store": StoreBenchmarks.run,
    "web": WebBenchmarks.run,
    "profile": ProfileBenchmarks.run,
    "measurement": MeasurementBenchmarks.run,
    "startup": StartupBenchmarks.run,
    "trend": TrendBenchmarks.run,
    "rhythm": RhythmBenchmarks.run,
]

let requested = Array(CommandLine.arguments.dropFirst())
let names = requested.isEmpty ? suites.keys.sorted() : requested
for name in names {
    guard let suite = suites[name] else {
        FileHandle.standardError.write(
            Data(
                "Unknown benchmark suite \"\(name)\"; known suites: \(suites.keys.sorted().joined(separator: ", ")).\n"
                    .utf8))
        exit(2)
    }
    do {
        try await suite()
    } catch {
        FileHandle.standardError.write(Data("Benchmark \(name) failed: \(error)\n".utf8))
        exit(1)
    }
}
