import Foundation
import PeachCore
import PeachStore

/// The text of `peach stats`: a function of its values, numbers formatted deterministically.
struct StatsReport {
    var path: String
    var counts: RecordCounts
    var profile: PerceptualProfile
    var settings: TrainingSettings
    /// Rows an earlier Peach stored that break the record rules (`AppDatabase.setAsideRecordCount`).
    var setAside = 0

    var text: String {
        var lines = ["Peach \(PeachVersion.current) — \(path)", ""]
        if setAside > 0 {
            lines.append(
                "\(setAside) record\(setAside == 1 ? "" : "s") stored by an earlier Peach break the rules of every record "
                    + "and are set aside: kept in the file (table setAsideRecord, docs/cli.md), counted in no statistic."
            )
            lines.append("")
        }
        guard counts.total > 0, let first = counts.first, let last = counts.last else {
            lines.append("No training records yet. Start training to build your profile.")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append(row("Records", "\(counts.total)", "\(CalendarDay(first).isoText) – \(CalendarDay(last).isoText)"))
        let names: [(TrainingMode, String)] = [
            (.comparison, "Comparison"), (.pitchMatching, "Pitch Matching"),
            (.intervalComparison, "Interval Comparison"), (.intervalPitchMatching, "Interval Pitch Matching"),
        ]
        for (mode, name) in names {
            lines.append(row("  " + name, "\(counts[mode])", ""))
        }
        lines.append("")

        let comparison = profile.comparison
        if comparison.count == 0 {
            lines.append(row("Threshold", "—", "no comparisons yet"))
        } else {
            let inRange = comparison.statistics(in: settings.noteRange)
            let (statistics, scope) =
                inRange.count > 0 ? (inRange, "over \(settings.noteRange)") : (comparison.overall, "over all notes")
            lines.append(
                row(
                    "Threshold", Self.meanAndDeviation(statistics) + " cents",
                    "\(scope), \(statistics.count) answers; trend: \(Self.describe(comparison.history.currentLevel?.trend))"
                ))
        }
        let matching = profile.matching
        if let mean = matching.meanAbsoluteError {
            let bias = matching.bias ?? 0
            let leaning = bias > 0 ? "sharp" : bias < 0 ? "flat" : "centred"
            lines.append(
                row(
                    "Matching accuracy", Self.meanAndDeviation(mean, matching.standardDeviation) + " cents",
                    "\(matching.count) attempts; bias \(Self.signed(bias)) cents (\(leaning)); trend: \(Self.describe(matching.history.currentLevel?.trend))"
                ))
        } else {
            lines.append(row("Matching accuracy", "—", "no pitch matching yet"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ label: String, _ value: String, _ detail: String) -> String {
        let padded = label.padding(toLength: 26, withPad: " ", startingAt: 0)
        let valueColumn = value.count < 18 ? String(repeating: " ", count: 18 - value.count) + value : value
        return (padded + valueColumn + (detail.isEmpty ? "" : "   " + detail))
    }

    private static func meanAndDeviation(_ statistics: RunningStatistics) -> String {
        meanAndDeviation(statistics.mean, statistics.standardDeviation)
    }

    private static func meanAndDeviation(_ mean: Double, _ deviation: Double?) -> String {
        DecimalText.fixed(mean, fractionDigits: 1)
            + (deviation.map { " ± " + DecimalText.fixed($0, fractionDigits: 1) } ?? "")
    }

    private static func signed(_ value: Double) -> String {
        (value > 0 ? "+" : "") + DecimalText.fixed(value, fractionDigits: 1)
    }

    private static func describe(_ trend: Trend?) -> String {
        switch trend ?? .notEnoughData {
        case .improving: "improving"
        case .stable: "stable"
        case .declining: "declining"
        case .notEnoughData:
            "not enough data yet (\(Trend.minimumCountPerSide) answers in each of two 20-day windows needed)"
        }
    }
}
