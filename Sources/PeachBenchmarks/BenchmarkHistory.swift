import Foundation
import PeachCore
import PeachFixtures

/// The history the store, web and start-up suites work on, and its CSV. The records spread over
/// the record table's columns: every kind of value the record rules allow (`SeededRecords`'s
/// defaults: both kinds, unison and every interval both ways, every tuning system, offsets of
/// 0.1–100 cents), 2.5–3.5 s apart with millisecond parts from 2023-11-14T22:13:20Z, cent values
/// to three decimals (about 100 bytes a CSV row).
enum BenchmarkHistory {
    static let start = Timestamp(millisecondsSince1970: 1_700_000_000_000)
    static let spacing: ClosedRange<Int64> = 2_500...3_500

    /// `count` records of the history from `start`; seed 7 is the suites' database.
    static func records(count: Int, seed: UInt64, start: Timestamp = start) -> SeededRecords {
        SeededRecords(count: count, seed: seed, start: start, spacing: spacing, fractionDigits: 3)
    }

    /// A time after the last of `count` records: where a device that trained since goes on.
    static func after(count: Int) -> Timestamp {
        Timestamp(millisecondsSince1970: start.millisecondsSince1970 + Int64(count) * spacing.upperBound)
    }

    /// The database's `count` records (seed 7) as a format-3 CSV, written from the format
    /// (docs/cli.md, "The CSV format") independently of the store's writer (only the calendar
    /// date is the core's): importing it tests the store's reader against the format, not
    /// against its own writer.
    static func csv(count: Int) -> Data {
        var csv =
            "# peach-export-format:3\ntrainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3\n"
        csv.reserveCapacity(count * 110)
        for record in records(count: count, seed: 7) { csv += row(record) }
        return Data(csv.utf8)
    }

    /// One CSV row.
    static func row(_ record: TrainingRecord) -> String {
        func context(_ type: String, _ date: Timestamp, _ context: ExerciseContext) -> String {
            let (reference, target) = (context.referenceNote, context.targetNote)
            func pad(_ value: Int64, _ width: Int) -> String {
                let text = String(value)
                return String(repeating: "0", count: Swift.max(0, width - text.count)) + text
            }
            let day = date.daysSince1970
            let milliseconds = date.millisecondsSince1970 - Int64(day) * Timestamp.millisecondsPerDay
            let seconds = milliseconds / 1000
            var time =
                CalendarDay(daysSince1970: day).isoText + "T" + pad(seconds / 3600, 2) + ":"
                + pad(seconds / 60 % 60, 2) + ":" + pad(seconds % 60, 2)
            if milliseconds % 1000 != 0 { time += "." + pad(milliseconds % 1000, 3) }
            time += "Z"
            return
                "\(type),\(time),\(reference.rawValue),\(reference.name),\(target.rawValue),\(target.name),\(context.interval.interval.abbreviation),\(context.tuningSystem.rawValue),"
        }
        switch record {
        case .comparison(let r):
            return context("pitchDiscrimination", r.timestamp, r.context)
                + "\(decimal(r.centOffset)),\(r.isCorrect),,,,,,,,,\n"
        case .pitchMatching(let r):
            return context("pitchMatching", r.timestamp, r.context)
                + ",,\(decimal(r.initialCentOffset)),\(decimal(r.userCentError)),,,,,,,\n"
        case .rhythmOffsetDetection, .continuousRhythmMatching:
            preconditionFailure("the benchmark history is drawn from pitch records only")
        }
    }

    /// A cent value as the format writes it: always with a decimal point.
    static func decimal(_ cents: Cents) -> String {
        let text = "\(cents.value)"
        return text.contains(".") ? text : text + ".0"
    }
}
