import Foundation

/// Start-up and import against the size of the history, as a user meets them: the release
/// `peach` binary launched on files of 100,000, 1,000,000 and 3,000,000 records
/// (`swift build -c release --product peach && swift run -c release PeachBenchmarks startup`;
/// `PEACH_BENCH_SIZES=100000,1000000` for fewer). For each size: `peach import` of the CSV into
/// an empty database (wall time; its memory with `/usr/bin/time -f %M`, docs/benchmarks.md),
/// `peach serve` → its first `200` of `/healthz` and its first profile download (median of 5
/// launches), `peach stats` (median of 5) and `peach check` (the whole-file check that no longer
/// runs before start-up, once). Results in docs/benchmarks.md.
enum StartupBenchmarks {
    static let sizes =
        ProcessInfo.processInfo.environment["PEACH_BENCH_SIZES"].map { $0.split(separator: ",").compactMap { Int($0) } }
        ?? [100_000, 1_000_000, 3_000_000]

    static func run() throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("peach")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("startup: skipped (first: swift build -c release --product peach)")
            return
        }
        for records in sizes {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "peach-startup-bench-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let csv = folder.appendingPathComponent("history.csv")
            try BenchmarkHistory.csv(count: records).write(to: csv)
            let path = folder.appendingPathComponent("peach.sqlite").path
            print("\(records) records:")

            let importTime = try launch(binary, ["import", csv.path, "--data", path])
            print("  peach import (empty db):       \(String(format: "%.2f s", Benchmark.seconds(importTime)))")
            try WebBenchmarks.measureServeStartup(path: path)
            let stats = try (0..<5).map { _ in try launch(binary, ["stats", "--data", path]) }.sorted()
            print(
                "  peach stats:                   "
                    + String(
                        format: "median %.3f s  (fastest %.3f s, slowest %.3f s, n=5)", Benchmark.seconds(stats[2]),
                        Benchmark.seconds(stats[0]), Benchmark.seconds(stats[4])))
            let checkTime = try launch(binary, ["check", "--data", path])
            print("  peach check (every page):      \(String(format: "%.2f s", Benchmark.seconds(checkTime)))")
        }
    }

    /// Runs the binary to its end; its wall time.
    private static func launch(_ binary: URL, _ arguments: [String]) throws -> Duration {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        let start = ContinuousClock.now
        try process.run()
        process.waitUntilExit()
        precondition(process.terminationStatus == 0, "peach \(arguments.joined(separator: " ")) failed")
        return ContinuousClock.now - start
    }
}
