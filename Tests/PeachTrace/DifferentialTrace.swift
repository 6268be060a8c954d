import PeachCore
import PeachWasm

/// Test support (the test build of the wasm core and PeachCoreCheck; not shipped).
/// A long, seeded run of everything the core decides — settings changes, exercises of the six
/// modes (the rhythm modes' schedules and taps), answers, records, profile statistics and estimates — written as text, one line per step. The
/// differential test runs it natively and in WebAssembly (in node and in Chromium) and compares
/// the two texts: doubles are written as their bit patterns, so equal lines mean equal bits.
/// Values computed through `log2`/`exp2`/`log`/`exp` (the only ones whose C library differs
/// between the builds) carry a mark, `~h` for hertz and `~c` for cents or logarithms of
/// cents, and may differ by 0.000001 cent.
public enum DifferentialTrace {
    public static func run(seed: UInt64, operations: Int) -> String {
        var random = SeededRandomNumberGenerator(seed: seed)
        var session = CoreSession(seed: random.next())
        // 2026-01-01T00:00:00Z, then a few seconds to a few days between answers.
        var now: Int64 = 1_767_225_600_000
        var lines: [String] = []
        lines.reserveCapacity(operations + operations / 100 + 1)
        for index in 0..<operations {
            if random.integer(in: 0...19) == 0 {
                let (key, value) = randomSetting(using: &random)
                let refused = session.setSetting(key, value)
                lines.append("set \(key)=\(value) " + (refused == nil ? "ok" : "refused"))
                continue
            }
            let mode = random.element(of: TrainingMode.allCases)
            let pause = random.integer(in: 0...49) == 0 ? 259_200_000 : 20_000  // now and then a few days
            now += Int64(random.integer(in: 1_000...pause))
            let line =
                mode.family == .rhythm
                ? rhythmStep(mode, &session, at: now, using: &random)
                : pitchStep(mode, &session, at: now, using: &random)
            lines.append(line)
            if index % 100 == 99 { lines.append(statistics(session)) }
        }
        lines.append(statistics(session, final: true))
        return lines.joined(separator: "\n") + "\n"
    }

    /// A pitch exercise: its notes and frequencies, the answer (a slider's frequency) and record.
    private static func pitchStep(
        _ mode: TrainingMode, _ session: inout CoreSession, at now: Int64,
        using random: inout SeededRandomNumberGenerator
    ) -> String {
        guard let numbers = session.nextExercise(mode) else { return "\(mode.rawValue) none" }
        var line = "\(mode.rawValue) \(numbers.referenceNote.rawValue) \(numbers.targetNote.rawValue)"
        line += " ~h" + bits(numbers.referenceHertz) + " ~h" + bits(numbers.targetHertz)
        line += numbers.startHertz.map { " ~h" + bits($0) } ?? " -"
        line += numbers.highestHertz.map { " ~h" + bits($0) } ?? " -"
        line += " " + bits(numbers.loudnessOffset.value)
        let answer: SessionAnswer =
            mode.kind == .comparison
            ? .higher(Bool.random(using: &random))
            : .slider(Double.random(in: -1.05...1.05, using: &random))
        if case .slider(let value) = answer {
            line += session.tunableFrequency(sliderValue: value).map { " ~h" + bits($0.hertz) } ?? " -"
        }
        return line + " | " + record(session.answer(answer, at: Timestamp(millisecondsSince1970: now)))
    }

    /// A rhythm exercise scheduled at a random start: every onset's sample and seconds, then
    /// Compare Timing's answer, or Fill the Gap's taps near its gaps (some ignored) and the trial.
    private static func rhythmStep(
        _ mode: TrainingMode, _ session: inout CoreSession, at now: Int64,
        using random: inout SeededRandomNumberGenerator
    ) -> String {
        let start = Double(random.integer(in: 0...86_000_000)) / 1000
        let rate = random.element(of: [44_100.0, 48_000.0])
        guard let exercise = session.nextRhythmExercise(mode, start: start, sampleRate: rate) else {
            return "\(mode.rawValue) none"
        }
        // The header, and the onsets that matter: Compare Timing's four, Fill the Gap's gaps (its
        // clicks lie on the same grid).
        var line =
            "\(mode.rawValue) "
            + RhythmExerciseNumbers.Field.allCases.map { bits(exercise.value(of: $0)) }
            .joined(separator: " ")
        for onset in exercise.onsets where onset.isGap || mode.kind == .rhythmOffsetDetection {
            line += " \(onset.sample):" + bits(onset.seconds)
        }
        let timestamp = Timestamp(millisecondsSince1970: now)
        guard mode.kind == .continuousRhythmMatching else {
            return line + " | " + record(session.answer(.early(Bool.random(using: &random)), at: timestamp))
        }
        let window = exercise.tempo.offsetBoundMs / 1000
        for gap in exercise.onsets where gap.isGap && random.integer(in: 0...3) != 0 {
            let tap = gap.seconds + Double.random(in: -1.2 * window...1.2 * window, using: &random)
            line += session.tap(at: tap).map { " " + $0.band + "@\($0.gap.cycle)" } ?? " ignored"
        }
        return line + " | " + record(session.finishTrial(at: timestamp))
    }

    /// A record's numbers' bits, or `refused`.
    private static func record(_ record: TrainingRecord?) -> String {
        guard let record else { return "refused" }
        var numbers: [Double] = []
        RecordNumbers.append(record, to: &numbers)
        return numbers.map(bits).joined(separator: " ")
    }

    /// A random setting, valid or not: the same validation must refuse the same values.
    private static func randomSetting(using random: inout SeededRandomNumberGenerator) -> (String, String) {
        switch random.integer(in: 0...8) {
        case 0:
            let lower = random.integer(in: 15...100)
            return ("noteRangeLower", String(lower))
        case 1: return ("noteRangeUpper", String(random.integer(in: 30...115)))
        case 2:
            let hertz = Double(random.integer(in: 3_700...5_100)) / 10
            return ("referencePitch", DecimalText.shortest(hertz))
        case 3: return ("tuningSystem", random.element(of: TuningSystem.allCases).rawValue)
        case 4:
            let count = random.integer(in: 0...4)
            let codes = (0..<count).map { _ in random.element(of: DirectedInterval.all).code }
            return ("intervals", codes.joined(separator: ","))
        case 7: return ("tempo", String(random.integer(in: 50...210)))
        case 8:
            let positions = (0..<random.integer(in: 0...3)).map { _ in String(random.integer(in: 0...5)) }
            return ("gapPositions", positions.joined(separator: ","))
        case 5: return ("loudnessVariation", DecimalText.shortest(Double(random.integer(in: -1...11)) / 10))
        default: return ("noteDuration", DecimalText.shortest(Double(random.integer(in: 2...31)) / 10))
        }
    }

    /// The profile as the pages and the chains read it: each mode's counts (exact), its estimates
    /// (through log and exp, so marked) and trend; at the end also every interval's, the last
    /// week's and every note's estimate, and pitch matching's now and per interval. (Those cost a
    /// posterior or a quantile each, too many to write every 100 steps.)
    private static func statistics(_ session: CoreSession, final: Bool = false) -> String {
        let profile = session.profile
        var line = "profile rhythm=\(profile.rhythmOffsetDetectionCount)/\(profile.continuousRhythmMatchingCount)"
        for mode in [TrainingMode.comparison, .intervalComparison] {
            let statistics = profile.comparisonStatistics(mode)
            line +=
                " " + mode.rawValue + "=\(statistics.count):"
                + statistics.all.occupied.map {
                    "\($0.bin)/\($0.answers)/\($0.correct)"
                }.joined(separator: ",")
            line += " weeks=\(statistics.weeks.count) recent=\(statistics.recent.count)"
            line += " now=" + estimate(statistics.now) + " all=" + estimate(statistics.allTime)
            line += " trend=" + statistics.trend.rawValue
            guard final else { continue }
            line += " start=" + (profile.startingThreshold(for: mode).map { "~c" + bits($0.value) } ?? "-")
            if let week = statistics.weeklyEstimates.last {
                line += " week=\(week.week):" + estimate(week.estimate)
            }
            for interval in statistics.intervalEstimates {
                line += " \(interval.interval.code)/\(interval.tuningSystem.rawValue)=" + estimate(interval.estimate)
            }
            for note in statistics.noteEstimates(in: session.settings.noteRange) {
                line += " \(note.note.rawValue):" + estimate(note.estimate)
            }
            for note in statistics.nowNoteEstimates(in: session.settings.noteRange) {
                line += " now\(note.note.rawValue):" + estimate(note.estimate)
            }
        }
        for mode in [TrainingMode.pitchMatching, .intervalPitchMatching] {
            let statistics = profile.pitchMatchingStatistics(mode)
            line += " " + mode.rawValue + "=" + matching(statistics.allTime)
            guard final else { continue }
            line += " now=" + matching(statistics.now)
            for interval in statistics.intervalEstimates {
                line += " \(interval.interval.code)/\(interval.tuningSystem.rawValue)=" + matching(interval.estimate)
            }
        }
        return line
    }

    /// A threshold estimate: its answers exactly, the three values marked.
    private static func estimate(_ estimate: ThresholdEstimate?) -> String {
        guard let estimate else { return "-" }
        return "\(estimate.answers):~c" + bits(estimate.threshold.value) + ":~c" + bits(estimate.lower.value) + ":~c"
            + bits(estimate.upper.value)
    }

    /// A matching estimate: attempts and bias exactly (arithmetic), spread exactly, the
    /// intervals (through log and exp) marked.
    private static func matching(_ estimate: PitchMatchingEstimate?) -> String {
        guard let estimate else { return "-" }
        var text =
            "\(estimate.attempts):" + bits(estimate.bias.value) + ":" + (estimate.spread.map { bits($0.value) } ?? "-")
        for interval in [estimate.biasInterval, estimate.spreadInterval] {
            text += interval.map { ":~c" + bits($0.lowerBound.value) + ":~c" + bits($0.upperBound.value) } ?? ":-:-"
        }
        return text + ":" + estimate.leaning.rawValue
    }

    /// The bit pattern of `value` in 16 hexadecimal digits.
    static func bits(_ value: Double) -> String {
        let hex = String(value.bitPattern, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
