import Foundation
import PeachCore
import PeachFixtures
import PeachStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's benchmarks, on real files in a temporary folder:
/// `swift run -c release PeachBenchmarks store` (results in docs/benchmarks.md).
enum StoreBenchmarks {
    static let answers = 2_000
    static let bulkRecords = 1_000_000

    static func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peach-store-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("Store benchmarks in \(folder.path)")

        // 1. What one fsync costs here: append 4 KiB to a file and fsync it.
        let fsyncs = try measureFsync(path: folder.appendingPathComponent("fsync.bin").path, count: 1_000)
        print("fsync of a 4 KiB append:        median \(ms(fsyncs.median))  p99 \(ms(fsyncs.p99))  (n=\(fsyncs.count))")

        // 2. Recording one answer durably, as the server does (a sync batch of one).
        let small = try AppDatabase.open(path: folder.appendingPathComponent("answers.sqlite").path)
        var latencies: [Duration] = []
        for record in BenchmarkHistory.records(count: answers, seed: 42) {
            let start = ContinuousClock.now
            _ = try small.saveSyncedRecords([.init(id: RecordID(UUID().uuidString)!, record: record)])
            latencies.append(ContinuousClock.now - start)
        }
        let recording = Percentiles(latencies)
        print(
            "record one answer (durable):     median \(ms(recording.median))  p99 \(ms(recording.p99))  max \(ms(recording.max))  (n=\(answers))"
        )

        // 3. A CSV of a million records (the benchmark's own writer, from the format).
        let csvData = BenchmarkHistory.csv(count: bulkRecords)
        print("generated CSV:                   \(bulkRecords) records, \(csvData.count / 1_000_000) MB")

        // 4. Import a million records into an empty database.
        let bigPath = folder.appendingPathComponent("big.sqlite").path
        var summary: ImportSummary?
        let importTime = try time {
            let database = try AppDatabase.open(path: bigPath)
            summary = try database.importCSV(csvData, mode: .merge)
        }
        print("import 1M records (empty db):    \(seconds(importTime)) \(cpu)  — \(summary!)")

        // 5. Open the database and have the profile ready (what the server does at start-up).
        var opened: AppDatabase?
        let openTime = try time { opened = try AppDatabase.open(path: bigPath) }
        let openCPU = cpu
        var profile = PerceptualProfile()
        let profileTime = try time { profile = try opened!.loadProfile() }
        print("open 1M-record database:         \(seconds(openTime)) \(openCPU)  (includes PRAGMA quick_check)")
        print(
            "load profile from 1M records:    \(seconds(profileTime)) \(cpu)  (\(profile.comparisonCount) comparisons, \(profile.pitchMatchingCount) matchings)"
        )
        print("open + profile ready:            \(seconds(openTime + profileTime))")

        // 6. Export a million records to a file.
        let exportPath = folder.appendingPathComponent("export.csv").path
        _ = FileManager.default.createFile(atPath: exportPath, contents: nil)
        let handle = FileHandle(forWritingAtPath: exportPath)!
        let exportTime = try time {
            try opened!.exportCSV { try handle.write(contentsOf: Data($0.utf8)) }
            try handle.synchronize()
        }
        try handle.close()
        let exported = try Data(contentsOf: URL(fileURLWithPath: exportPath))
        print(
            "export 1M records to a file:     \(seconds(exportTime)) \(cpu)  (\(exported.count / 1_000_000) MB, identical to the import: \(exported == csvData))"
        )

        // 7. Merge the same file again: every row is a duplicate.
        var merge: ImportSummary?
        let mergeTime = try time { merge = try opened!.importCSV(csvData, mode: .merge) }
        print("merge 1M duplicates into 1M:     \(seconds(mergeTime)) \(cpu)  — \(merge!)")

        // 8. Size per record, after the WAL is folded back into the file.
        opened = nil
        let size = try FileManager.default.attributesOfItem(atPath: bigPath)[.size] as! Int
        print("database size:                   \(size / 1_000_000) MB, \(size / bulkRecords) bytes per record")
    }

    // MARK: Helpers

    private static func measureFsync(path: String, count: Int) throws -> Percentiles {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        defer { close(descriptor) }
        let block = [UInt8](repeating: 0x5A, count: 4096)
        var samples: [Duration] = []
        for _ in 0..<count {
            _ = block.withUnsafeBytes { write(descriptor, $0.baseAddress, 4096) }
            let start = ContinuousClock.now
            fsync(descriptor)
            samples.append(ContinuousClock.now - start)
        }
        return Percentiles(samples)
    }

    /// CPU time (user + system) of the whole process for the last `time` call: on a shared
    /// machine the wall-clock time also counts waiting for other processes' use of the cores.
    nonisolated(unsafe) private static var lastCPU = Duration.zero

    private static func time(_ body: () throws -> Void) rethrows -> Duration {
        let cpuStart = processCPU()
        let start = ContinuousClock.now
        try body()
        let wall = ContinuousClock.now - start
        lastCPU = processCPU() - cpuStart
        return wall
    }

    private static func processCPU() -> Duration {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)  // Glibc imports RUSAGE_SELF as an enum case.
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration { .seconds(time.tv_sec) + .microseconds(time.tv_usec) }
        return duration(usage.ru_utime) + duration(usage.ru_stime)
    }

    private static var cpu: String {
        "(CPU " + DecimalText.fixed(Benchmark.seconds(lastCPU), fractionDigits: 2) + " s)"
    }

    private static func ms(_ duration: Duration) -> String {
        DecimalText.fixed(Benchmark.seconds(duration) * 1000, fractionDigits: 3) + " ms"
    }

    private static func seconds(_ duration: Duration) -> String {
        DecimalText.fixed(Benchmark.seconds(duration), fractionDigits: 2) + " s"
    }
}

/// Median, 99th percentile and maximum of a sample of durations.
struct Percentiles {
    var count: Int
    var median: Duration
    var p99: Duration
    var max: Duration

    init(_ samples: [Duration]) {
        let sorted = samples.sorted()
        count = sorted.count
        median = sorted[sorted.count / 2]
        p99 = sorted[min(sorted.count - 1, Int((Double(sorted.count) * 0.99).rounded(.up)) - 1)]
        max = sorted.last!
    }
}
