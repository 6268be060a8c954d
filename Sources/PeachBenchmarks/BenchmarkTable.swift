import Foundation
import PeachCore

/// Timing helpers and the printed table shared by the benchmark suites.
enum Benchmark {
    /// `runs` timings of `body`, in seconds: wall-clock (`ContinuousClock`) and the CPU time of
    /// this thread. On a machine shared with other work the wall-clock figure includes time
    /// the thread waited for a core; the CPU time does not.
    static func timings(runs: Int, _ body: () -> Void) -> (wall: [Double], cpu: [Double]) {
        let clock = ContinuousClock()
        var wall: [Double] = []
        var cpu: [Double] = []
        for _ in 0..<runs {
            let cpuStart = threadCPUTime()
            wall.append(seconds(clock.measure(body)))
            cpu.append(threadCPUTime() - cpuStart)
        }
        return (wall, cpu)
    }

    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// A duration in the unit that suits it: `123.4 ms`, `0.85 µs`.
    static func format(_ seconds: Double) -> String {
        switch seconds {
        case 1...: DecimalText.fixed(seconds, fractionDigits: 2) + " s"
        case 1e-3...: DecimalText.fixed(seconds * 1e3, fractionDigits: 1) + " ms"
        case 1e-6...: DecimalText.fixed(seconds * 1e6, fractionDigits: 2) + " µs"
        default: DecimalText.fixed(seconds * 1e9, fractionDigits: 0) + " ns"
        }
    }

    /// One row: what was measured, its median, the target and whether it was met.
    struct Row {
        var name: String
        var median: Double
        var target: Double?
        var detail: String
    }

    static func printTable(title: String, rows: [Row]) {
        print(title)
        let nameWidth = max(rows.map(\.name.count).max() ?? 0, 9)
        func pad(_ text: String, _ width: Int) -> String { text.padding(toLength: width, withPad: " ", startingAt: 0) }
        print(pad("benchmark", nameWidth), pad("median", 11), pad("target", 11), pad("met", 4), "detail")
        print(String(repeating: "-", count: nameWidth + 40))
        for row in rows {
            let target = row.target.map { "< " + format($0) } ?? "—"
            let met = row.target.map { row.median < $0 ? "yes" : "NO" } ?? ""
            print(pad(row.name, nameWidth), pad(format(row.median), 11), pad(target, 11), pad(met, 4), row.detail)
        }
        print()
    }
}

extension Duration {
    /// The duration in milliseconds, for the suites' tables.
    var milliseconds: Double { Benchmark.seconds(self) * 1000 }
}
