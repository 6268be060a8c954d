// Benchmarks: `swift run -c release PeachBenchmarks <suite>`; results go to docs/benchmarks.md.
// (Minimal dispatcher; the integrator merges it with the other suites' registry.)
import Foundation

let suites: [String: () async throws -> Void] = [
    "store": StoreBenchmarks.run,
    "web": WebBenchmarks.run,
    "profile": ProfileBenchmarks.run,
]

let requested = Array(CommandLine.arguments.dropFirst())
let names = requested.isEmpty ? suites.keys.sorted() : requested
for name in names {
    guard let suite = suites[name] else {
        FileHandle.standardError.write(
            Data("Unknown benchmark suite \(name); known: \(suites.keys.sorted().joined(separator: ", "))\n".utf8))
        exit(2)
    }
    do {
        try await suite()
    } catch {
        FileHandle.standardError.write(Data("Benchmark \(name) failed: \(error)\n".utf8))
        exit(1)
    }
}
