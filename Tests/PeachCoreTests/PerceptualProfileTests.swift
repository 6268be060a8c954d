import PeachCore
import PeachFixtures
import Testing

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
    /// 5,000 records of all four modes, interleaved at random, spread over about a year.
    static let records: [TrainingRecord] = {
        var settings = TrainingSettings()
        try! settings.apply(["noteRangeLower": "48", "noteRangeUpper": "72", "intervals": "P5up,m3down,P8up"])
        return Array(
            SimulatedTraining(
                count: 5_000, seed: 31, settings: settings,
                start: Timestamp(millisecondsSince1970: 1_767_225_600_000),  // 2026-01-01T00:00:00Z
                spacing: 1_000...(2 * 365 * Timestamp.millisecondsPerDay / 5_000)))
    }()

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
        #expect(onePass.comparisonCount + onePass.pitchMatchingCount == Self.records.count)
        // All four modes really are in the mix.
        #expect(onePass.comparisonByMode.values.allSatisfy { $0.count > 1_000 })
        #expect(onePass.pitchMatchingByMode.values.allSatisfy { $0.count > 1_000 })
    }

    @Test("a profile joined from one built of the comparisons and one of the matchings equals the one-pass profile")
    func joinedPerKind() {
        let comparisons = PerceptualProfile(
            records: Self.records.filter { if case .comparison = $0 { true } else { false } })
        let matchings = PerceptualProfile(
            records: Self.records.filter { if case .pitchMatching = $0 { true } else { false } })
        let joined = PerceptualProfile(joining: comparisons, matchings)
        #expect(joined == PerceptualProfile(records: Self.records))
        #expect(joined != comparisons && joined != matchings)
        // Which profile gives which kind matters.
        #expect(PerceptualProfile(joining: matchings, comparisons) == PerceptualProfile())
    }

    @Test("the counts per note, interval and tuning system, and week equal a direct count of the records")
    func countsAgainstRecords() {
        let profile = PerceptualProfile(records: Self.records)
        for mode in [TrainingMode.comparison, .intervalComparison] {
            var byNote: [Int: [Int: (Int, Int)]] = [:]
            var bySlot: [Int: Int] = [:]
            var byWeek: [Int: Int] = [:]
            for case .comparison(let record) in Self.records where record.mode == mode {
                let bin = OffsetBins.bin(of: record.centOffset)
                let (answers, correct) = byNote[record.context.referenceNote.rawValue, default: [:]][
                    bin, default: (0, 0)]
                byNote[record.context.referenceNote.rawValue, default: [:]][bin] =
                    (answers + 1, correct + (record.isCorrect ? 1 : 0))
                bySlot[IntervalSlot.index(record.context.interval, record.context.tuningSystem), default: 0] += 1
                byWeek[CalendarWeek.of(record.timestamp), default: 0] += 1
            }
            let statistics = profile.comparisonStatistics(mode)
            #expect(byNote.count > 10)
            for note in 0...127 {
                let expected = byNote[note] ?? [:]
                #expect(statistics.notes[note].occupied.count == expected.count)
                for (bin, answers, correct) in statistics.notes[note].occupied {
                    #expect(expected[bin].map { $0 == (answers, correct) } ?? false, "note \(note) bin \(bin)")
                }
            }
            #expect(statistics.intervals.indices.allSatisfy { statistics.intervals[$0].answers == bySlot[$0] ?? 0 })
            #expect(statistics.weeks.map(\.week) == byWeek.keys.sorted())
            #expect(statistics.weeks.allSatisfy { $0.bins.answers == byWeek[$0.week] })
            #expect(statistics.all.answers == statistics.count && statistics.count == bySlot.values.reduce(0, +))
            #expect(statistics.recent.entries.count == 2 * ComparisonStatistics.recentCount)
        }
    }

    @Test(
        "the comparisons added in any order give the same statistics: counts are sums, the latest answers are by time")
    func anyOrder() {
        var generator = SeededRandomNumberGenerator(seed: 5)
        let shuffled = PerceptualProfile(records: Self.records.shuffled(using: &generator))
        let ordered = PerceptualProfile(records: Self.records)
        #expect(shuffled.comparisonByMode == ordered.comparisonByMode)
        for mode in [TrainingMode.pitchMatching, .intervalPitchMatching] {
            let (a, b) = (shuffled.pitchMatchingStatistics(mode), ordered.pitchMatchingStatistics(mode))
            // Welford's running values depend on the order in their last bits only.
            #expect(a.recent == b.recent && a.count == b.count)
            #expect(close(a.all.mean, b.all.mean) && close(a.all.standardDeviation, b.all.standardDeviation!))
        }
    }

    @Test("matching: bias and spread per mode and per interval and tuning system equal a two-pass computation")
    func matchingAgainstTwoPass() {
        let profile = PerceptualProfile(records: Self.records)
        for mode in [TrainingMode.pitchMatching, .intervalPitchMatching] {
            var errors: [Double] = []
            var bySlot: [Int: [Double]] = [:]
            for case .pitchMatching(let record) in Self.records where record.mode == mode {
                errors.append(record.userCentError.value)
                bySlot[IntervalSlot.index(record.context.interval, record.context.tuningSystem), default: []].append(
                    record.userCentError.value)
            }
            let statistics = profile.pitchMatchingStatistics(mode)
            let estimate = statistics.allTime!
            let expected = twoPass(errors)
            #expect(estimate.attempts == errors.count)
            #expect(
                close(estimate.bias.value, expected.mean) && close(estimate.spread?.value, expected.standardDeviation))
            let now = twoPass(Array(errors.suffix(ComparisonStatistics.recentCount)))
            #expect(
                close(statistics.now?.bias.value, now.mean)
                    && close(statistics.now?.spread?.value, now.standardDeviation))
            #expect(statistics.intervalEstimates.count == bySlot.count)
            for entry in statistics.intervalEstimates {
                let values = bySlot[IntervalSlot.index(entry.interval, entry.tuningSystem)]!
                #expect(entry.estimate.attempts == values.count)
                #expect(close(entry.estimate.bias.value, twoPass(values).mean))
            }
        }
    }

    @Test("each mode keeps its own statistics and latest exercise; the chain's cold start is the mode's estimate")
    func modesApart() throws {
        let c4 = try MIDINote(60)
        let profile = PerceptualProfile(records: [
            .comparison(comparison(c4, 10)), .comparison(comparison(c4, 40, interval: .perfectFifthUp)),
            .pitchMatching(try matching(6)), .comparison(comparison(c4, -20)),
            .pitchMatching(try matching(-12, interval: DirectedInterval(.minorThird, .down))),
        ])
        #expect(
            profile.startingThreshold(for: .comparison) == profile.comparisonStatistics(.comparison).allTime?.threshold)
        #expect(profile.startingThreshold(for: .comparison) != nil)
        #expect(profile.startingThreshold(for: .pitchMatching) == nil)
        #expect(PerceptualProfile().startingThreshold(for: .comparison) == nil)
        #expect(
            profile.comparisonStatistics(.comparison).count == 2
                && profile.comparisonStatistics(.intervalComparison).count == 1)
        #expect(profile.comparisonCount == 3 && profile.pitchMatchingCount == 2)
        #expect(
            profile.comparisonByMode[.comparison]?.latest
                == ExerciseGenerator.ChainState(magnitude: 20, wasCorrect: true))
        #expect(
            profile.comparisonByMode[.intervalComparison]?.latest
                == ExerciseGenerator.ChainState(magnitude: 40, wasCorrect: true))
        #expect(profile.pitchMatchingStatistics(.pitchMatching).allTime?.bias == 6)
        #expect(profile.pitchMatchingStatistics(.intervalPitchMatching).allTime?.bias == -12)
        #expect(PerceptualProfile().comparisonByMode[.comparison]?.latest == nil)
    }

    private func comparison(_ note: MIDINote, _ offset: Double, interval: DirectedInterval = .prime) -> ComparisonRecord
    {
        ComparisonRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_772_000_000_000),
            context: try! ExerciseContext(referenceNote: note, interval: interval, tuningSystem: .equalTemperament),
            centOffset: Cents(offset), isCorrect: true)
    }

    private func matching(_ error: Double, interval: DirectedInterval = .prime) throws -> PitchMatchingRecord {
        let note = try MIDINote(60)
        return PitchMatchingRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_772_000_000_000),
            context: try ExerciseContext(referenceNote: note, interval: interval, tuningSystem: .equalTemperament),
            initialCentOffset: 50, userCentError: Cents(error))
    }
}
