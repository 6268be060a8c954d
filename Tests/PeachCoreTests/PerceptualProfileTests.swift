import PeachCore
import Testing

/// `count` records of all four modes, interleaved at random, a few minutes apart over a year.
private func randomRecords(count: Int, seed: UInt64) -> [TrainingRecord] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var settings = TrainingSettings()
    try! settings.apply(["noteRangeLower": "48", "noteRangeUpper": "72", "intervals": "P5up,m3down,P8up"])
    var time = 1_767_225_600.0  // 2026-01-01T00:00:00Z
    var previous: [TrainingMode: ExerciseGenerator.ChainState] = [:]
    return (0..<count).map { _ in
        time += Double.random(in: 1...(2 * 365 * 86_400 / Double(count)), using: &generator)
        let timestamp = Timestamp(millisecondsSince1970: Int64((time * 1000).rounded()))
        let mode = TrainingMode.allCases.randomElement(using: &generator)!
        switch mode.kind {
        case .comparison:
            let exercise = ExerciseGenerator.comparison(
                mode: mode, settings: settings, previous: previous[mode], profileThreshold: nil, using: &generator)
            let record = exercise.record(answeredHigher: Bool.random(using: &generator), at: timestamp)
            previous[mode] = ExerciseGenerator.ChainState(record)
            return .comparison(record)
        case .pitchMatching:
            let challenge = ExerciseGenerator.pitchMatching(mode: mode, settings: settings, using: &generator)
            return .pitchMatching(
                try! challenge.record(sliderValue: Double.random(in: -1...1, using: &generator), at: timestamp))
        }
    }
}

/// Mean and sample standard deviation in two passes: the textbook definition.
private func twoPass(_ values: [Double]) -> (mean: Double, standardDeviation: Double) {
    let mean = values.reduce(0, +) / Double(values.count)
    let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
    return (mean, (squares / Double(values.count - 1)).squareRoot())
}

private func close(_ a: Double?, _ b: Double, relative: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= relative * max(1, abs(b))
}

@Suite("Perceptual profile")
struct PerceptualProfileTests {
    static let records = randomRecords(count: 5_000, seed: 31)

    @Test("a profile built in one pass equals one built a record at a time, records interleaved across modes")
    func onePassEqualsIncremental() {
        let onePass = PerceptualProfile(records: Self.records)
        var incremental = PerceptualProfile()
        for (index, record) in Self.records.enumerated() {
            incremental.add(record)
            if index == 2_499 {
                #expect(incremental == PerceptualProfile(records: Self.records.prefix(2_500)))
                #expect(incremental != onePass)
            }
        }
        #expect(incremental == onePass)
        #expect(onePass.comparison.count + onePass.matching.count == Self.records.count)
        // All four modes really are in the mix.
        #expect(onePass.comparisonByMode.values.allSatisfy { $0.count > 1_000 })
        #expect(onePass.matchingByMode.values.allSatisfy { $0.count > 1_000 })
    }

    @Test("a profile joined from one built of the comparisons and one of the matchings equals the one-pass profile")
    func joinedPerKind() {
        let comparisons = PerceptualProfile(
            records: Self.records.filter { if case .comparison = $0 { true } else { false } })
        let matchings = PerceptualProfile(
            records: Self.records.filter { if case .pitchMatching = $0 { true } else { false } })
        let joined = PerceptualProfile(comparisonsOf: comparisons, matchingsOf: matchings)
        #expect(joined == PerceptualProfile(records: Self.records))
        #expect(joined != comparisons && joined != matchings)
        // Which profile gives which kind matters.
        #expect(PerceptualProfile(comparisonsOf: matchings, matchingsOf: comparisons) == PerceptualProfile())
    }

    @Test("per-note Welford statistics equal a two-pass computation of |cent offset|")
    func perNoteWelford() throws {
        let profile = PerceptualProfile(records: Self.records)
        var byNote: [Int: [Double]] = [:]
        for case .comparison(let record) in Self.records {
            byNote[record.referenceNote.rawValue, default: []].append(abs(record.centOffset))
        }
        #expect(byNote.count > 10)
        for value in 0...127 {
            let statistics = profile.comparison.statistics(for: try MIDINote(value))
            guard let values = byNote[value] else {
                #expect(statistics.count == 0 && statistics.meanIfAny == nil && statistics.standardDeviation == nil)
                continue
            }
            let expected = twoPass(values)
            #expect(statistics.count == values.count)
            #expect(close(statistics.mean, expected.mean))
            #expect(close(statistics.standardDeviation, expected.standardDeviation))
        }
    }

    @Test("statistics over a note range pool exactly what a direct computation over its notes gives")
    func pooling() throws {
        let profile = PerceptualProfile(records: Self.records)
        for (lower, upper) in [(48, 72), (50, 62), (21, 108), (60, 72), (90, 102)] {
            let range = try NoteRange(lower: MIDINote(lower), upper: MIDINote(upper))
            var values: [Double] = []
            for case .comparison(let record) in Self.records where range.contains(record.referenceNote) {
                values.append(abs(record.centOffset))
            }
            let pooled = profile.comparison.statistics(in: range)
            #expect(pooled.count == values.count)
            if values.count > 1 {
                let expected = twoPass(values)
                #expect(close(pooled.mean, expected.mean))
                #expect(close(pooled.standardDeviation, expected.standardDeviation))
            } else {
                #expect(pooled.meanIfAny == nil)
            }
        }
    }

    @Test("hand-worked statistics: notes 60 → {4, 8} and 62 → {30}; range 60–72 pools {4, 8, 30}")
    func handWorked() throws {
        let (c4, d4) = (try MIDINote(60), try MIDINote(62))
        let profile = PerceptualProfile(records: [
            .comparison(comparison(c4, 4)), .comparison(comparison(c4, -8)), .comparison(comparison(d4, 30)),
        ])
        let note = profile.comparison.statistics(for: c4)
        #expect(note.count == 2 && note.mean == 6)
        #expect(close(note.standardDeviation, 8.0.squareRoot()))  // deviations ±2: √((4+4)/1)
        #expect(profile.comparison.statistics(for: d4).standardDeviation == nil)
        let pooled = profile.comparison.statistics(in: try NoteRange(lower: c4, upper: MIDINote(72)))
        #expect(pooled.count == 3 && close(pooled.mean, 14))
        // deviations −10, −6, 16: (100 + 36 + 256) / 2 = 196 → 14
        #expect(close(pooled.standardDeviation, 14))
        #expect(profile.comparison.statistics(in: try NoteRange(lower: MIDINote(63), upper: MIDINote(80))).count == 0)
    }

    @Test("matching: mean absolute error, its standard deviation, count and signed bias")
    func matchingStatistics() throws {
        // errors +10, −4, +6, −20: |e| = 10, 4, 6, 20 → MAE 10; deviations 0, −6, −4, 10 →
        // SD √(152/3); signed mean (10 − 4 + 6 − 20)/4 = −2 (flat).
        let errors = [10.0, -4, 6, -20]
        let profile = PerceptualProfile(records: try errors.map { .pitchMatching(try matching($0)) })
        #expect(profile.matching.count == 4)
        #expect(profile.matching.meanAbsoluteError == 10)
        #expect(close(profile.matching.standardDeviation, (152.0 / 3).squareRoot()))
        #expect(profile.matching.bias == -2)
        #expect(PerceptualProfile().matching.meanAbsoluteError == nil)
        #expect(PerceptualProfile().matching.bias == nil)
        #expect(PerceptualProfile().matching.standardDeviation == nil)
    }

    @Test("matching statistics over many records equal a two-pass computation")
    func matchingAgainstTwoPass() {
        let profile = PerceptualProfile(records: Self.records)
        var errors: [Double] = []
        for case .pitchMatching(let record) in Self.records { errors.append(record.userCentError) }
        let absolute = twoPass(errors.map(abs))
        #expect(profile.matching.count == errors.count)
        #expect(close(profile.matching.meanAbsoluteError, absolute.mean))
        #expect(close(profile.matching.standardDeviation, absolute.standardDeviation))
        #expect(close(profile.matching.bias, errors.reduce(0, +) / Double(errors.count)))
    }

    @Test("each mode keeps its own statistics and latest exercise; the pooled comparison statistics hold all")
    func modesApart() throws {
        let c4 = try MIDINote(60)
        let profile = PerceptualProfile(records: [
            .comparison(comparison(c4, 10)), .comparison(comparison(c4, 40, interval: .perfectFifthUp)),
            .pitchMatching(try matching(6)), .comparison(comparison(c4, -20)),
            .pitchMatching(try matching(-12, interval: DirectedInterval(.minorThird, .down))),
        ])
        #expect(profile.startingThreshold(for: .comparison) == 15)
        #expect(profile.startingThreshold(for: .intervalComparison) == 40)
        #expect(profile.startingThreshold(for: .pitchMatching) == nil)
        #expect(profile.comparison.count == 3 && close(profile.comparison.overall.mean, 70.0 / 3))
        #expect(
            profile.comparisonByMode[.comparison]?.latest
                == ExerciseGenerator.ChainState(magnitude: 20, wasCorrect: true))
        #expect(
            profile.comparisonByMode[.intervalComparison]?.latest
                == ExerciseGenerator.ChainState(magnitude: 40, wasCorrect: true))
        #expect(profile.matchingByMode[.pitchMatching]?.meanAbsoluteError == 6)
        #expect(profile.matchingByMode[.intervalPitchMatching]?.bias == -12)
        #expect(profile.matching.count == 2 && profile.matching.bias == -3)
        #expect(PerceptualProfile().comparisonByMode[.comparison]?.latest == nil)
    }

    @Test("RunningStatistics merges like one stream and handles empty sides")
    func runningStatisticsMerge() {
        let a = RunningStatistics([1, 2, 3, 4])
        let b = RunningStatistics([10, 20])
        let merged = a.merged(with: b)
        let direct = RunningStatistics([1, 2, 3, 4, 10, 20])
        #expect(merged.count == 6)
        #expect(close(merged.mean, direct.mean) && close(merged.standardDeviation, direct.standardDeviation!))
        #expect(a.merged(with: RunningStatistics()) == a)
        #expect(RunningStatistics().merged(with: b) == b)
        #expect(RunningStatistics([5]).standardDeviation == nil)
        #expect(RunningStatistics().meanIfAny == nil)
    }

    private func comparison(_ note: MIDINote, _ offset: Double, interval: DirectedInterval = .prime) -> ComparisonRecord
    {
        ComparisonRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_772_000_000_000), referenceNote: note,
            targetNote: try! note.transposed(by: interval),
            interval: interval, tuningSystem: .equalTemperament, centOffset: offset, isCorrect: true)
    }

    private func matching(_ error: Double, interval: DirectedInterval = .prime) throws -> PitchMatchingRecord {
        let note = try MIDINote(60)
        return PitchMatchingRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_772_000_000_000), referenceNote: note,
            targetNote: try note.transposed(by: interval),
            interval: interval, tuningSystem: .equalTemperament, initialCentOffset: 50, userCentError: error)
    }
}
