import Foundation
import PeachCore
import PeachStore
import PeachViews

/// The text of `peach stats`: a function of its values, numbers formatted deterministically.
/// The estimates, the trend and the rules are written with the Profile page's English texts, so
/// that both say the same in the same words (docs/measurement.md).
struct StatsReport {
    var path: String
    var counts: RecordCounts
    var profile: PerceptualProfile
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
        let texts = Texts.english
        lines.append(row("Records", "\(counts.total)", "\(CalendarDay(first).isoText) – \(CalendarDay(last).isoText)"))
        for mode in TrainingMode.allCases {
            lines.append(row("  " + texts.name(of: mode), "\(counts[mode])", ""))
        }

        lines += ["", texts.charts.thresholdHeading + ". " + texts.profile.thresholdExplanation]
        for mode in [TrainingMode.comparison, .intervalComparison] {
            let statistics = profile.comparisonStatistics(mode)
            guard statistics.count > 0 else {
                lines.append(texts.name(of: mode) + ": —")
                continue
            }
            lines.append(
                texts.name(of: mode) + ": " + texts.profile.now.lowercasedASCII + " " + texts.estimate(statistics.now)
                    + "; " + texts.charts.allTime.lowercasedASCII + " " + texts.estimate(statistics.allTime) + "; "
                    + texts.profile.answerCount(statistics.count) + "; " + texts.charts.trend.lowercasedASCII + ": "
                    + texts.charts.trendMeaning(statistics.trend))
            if mode.isInterval {
                for (interval, tuningSystem, estimate) in statistics.intervalEstimates {
                    lines.append(
                        "  "
                            + texts.profile.intervalRow(
                                texts.name(of: interval), texts.settingsPage.tuningSystemName(tuningSystem))
                            + ": " + texts.estimate(estimate) + ", " + texts.profile.answerCount(estimate.answers))
                }
            }
        }
        lines.append(texts.profile.trendRule)

        lines += ["", texts.charts.matchingHeading + ". " + texts.profile.matchingExplanation]
        for mode in [TrainingMode.pitchMatching, .intervalPitchMatching] {
            let statistics = profile.pitchMatchingStatistics(mode)
            guard statistics.count > 0 else {
                lines.append(texts.name(of: mode) + ": —")
                continue
            }
            let profileTexts = texts.profile
            lines.append(
                texts.name(of: mode) + ": " + profileTexts.nowRow(profileTexts.bias).lowercasedASCII + " "
                    + texts.bias(statistics.now) + "; " + profileTexts.nowRow(profileTexts.spread).lowercasedASCII + " "
                    + texts.spread(statistics.now) + "; " + profileTexts.allTimeRow(profileTexts.bias).lowercasedASCII
                    + " " + texts.bias(statistics.allTime) + "; "
                    + profileTexts.allTimeRow(profileTexts.spread).lowercasedASCII + " "
                    + texts.spread(statistics.allTime)
                    + "; " + profileTexts.attemptCount(statistics.count))
            if mode.isInterval {
                for (interval, tuningSystem, estimate) in statistics.intervalEstimates {
                    lines.append(
                        "  "
                            + profileTexts.intervalRow(
                                texts.name(of: interval), texts.settingsPage.tuningSystemName(tuningSystem))
                            + ": "
                            + profileTexts.matchingRow(
                                texts.bias(estimate), texts.spread(estimate),
                                profileTexts.attemptCount(estimate.attempts)))
                }
            }
        }
        lines += texts.rhythmLines(profile)
        return lines.joined(separator: "\n") + "\n"
    }

    private func row(_ label: String, _ value: String, _ detail: String) -> String {
        let padded = label.padding(toLength: 26, withPad: " ", startingAt: 0)
        let valueColumn = value.count < 18 ? String(repeating: " ", count: 18 - value.count) + value : value
        return (padded + valueColumn + (detail.isEmpty ? "" : "   " + detail))
    }
}

extension String {
    /// The text with its first letter in lower case, for a label used inside a sentence
    /// ("Now" → "now"); the labels are English words in ASCII.
    fileprivate var lowercasedASCII: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
