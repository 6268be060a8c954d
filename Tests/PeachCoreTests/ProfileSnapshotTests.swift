import PeachCore
import PeachFixtures
import Testing

/// `count` records of all four pitch modes over about `days` days from 2026-01-01, interleaved at
/// random, in chronological order; notes 36–84 and three intervals, so that every block has data;
/// and a rhythm record after every fifth of them, of both kinds, at tempos of every band.
private func seededRecords(count: Int, days: Int, seed: UInt64) -> [TrainingRecord] {
    var settings = TrainingSettings()
    try! settings.apply(["noteRangeLower": "36", "noteRangeUpper": "84", "intervals": "P5up,m3down,P8up"])
    let pitch = SimulatedTraining(
        count: count, seed: seed, settings: settings,
        start: Timestamp(millisecondsSince1970: 1_767_225_600_000),  // 2026-01-01T00:00:00Z
        spacing: 0...(2 * Int64(days) * Timestamp.millisecondsPerDay / Int64(count)))
    var generator = SeededRandomNumberGenerator(seed: seed + 100)
    var records: [TrainingRecord] = []
    for (index, record) in pitch.enumerated() {
        records.append(record)
        guard index % 5 == 0 else { continue }
        let tempo = TempoBPM(Int.random(in: TempoBPM.recordable, using: &generator))!
        let percent = Double.random(in: 0.5...20, using: &generator) * (Bool.random(using: &generator) ? 1 : -1)
        if index % 10 == 0 {
            records.append(
                .rhythmOffsetDetection(
                    RhythmOffsetDetectionRecord(
                        timestamp: record.timestamp, tempo: tempo,
                        offsetMs: tempo.milliseconds(percentOfSixteenth: percent),
                        isCorrect: Bool.random(using: &generator))))
        } else {
            let positions = (0..<4).map { _ in
                Bool.random(using: &generator) ? tempo.milliseconds(percentOfSixteenth: percent / 2) : nil
            }
            records.append(
                .continuousRhythmMatching(
                    ContinuousRhythmMatchingRecord(
                        timestamp: record.timestamp, tempo: tempo,
                        meanOffsetMs: tempo.milliseconds(percentOfSixteenth: percent), positionMeanOffsetsMs: positions,
                        hitCount: Int.random(in: 1...16, using: &generator))))
        }
    }
    return records
}

@Suite("Profile snapshot")
struct ProfileSnapshotTests {
    @Test("a snapshot decodes to an equal profile, whatever the length of the history", arguments: [(1, 35), (2, 400)])
    func roundTrip(seed: UInt64, days: Int) throws {
        let profile = PerceptualProfile(records: seededRecords(count: 5_000, days: days, seed: seed))
        let numbers = ProfileSnapshot.encode(profile)
        #expect(numbers.first == 4)
        let decoded = try #require(PerceptualProfile(snapshot: numbers))
        #expect(decoded.rhythmOffsetDetectionCount > 0 && decoded.continuousRhythmMatchingCount > 0)
        #expect(decoded == profile)
        #expect(ProfileSnapshot.encode(decoded) == numbers)
        #expect(PerceptualProfile(snapshot: ProfileSnapshot.encode(PerceptualProfile())) == PerceptualProfile())
    }

    @Test("a device that adds its own records to the server's summary has the profile of all the records")
    func deviceAddsItsRecords() throws {
        let records = seededRecords(count: 6_000, days: 120, seed: 7)
        let (server, device) = (Array(records.prefix(5_000)), records.dropFirst(5_000))
        var decoded = try #require(
            PerceptualProfile(snapshot: ProfileSnapshot.encode(PerceptualProfile(records: server))))
        for record in device { decoded.add(record) }
        #expect(decoded == PerceptualProfile(records: records))
        #expect(
            decoded.comparisonStatistics(.comparison).now
                == PerceptualProfile(records: records).comparisonStatistics(.comparison).now)
    }

    @Test(
        "the size is 1,521 + 2 · (bins in the occupied spans + recent answers) + 3 · weeks numbers, whatever the records"
    )
    func size() {
        #expect(ProfileSnapshot.encode(PerceptualProfile()).count == 1_521)
        for count in [500, 5_000, 50_000] {
            let profile = PerceptualProfile(records: seededRecords(count: count, days: 200, seed: 4))
            var (spans, weeks, recent) = (0, 0, 0)
            func span(_ bins: OffsetBins) -> Int {
                bins.occupied.last.map { $0.bin - bins.occupied[0].bin + 1 } ?? 0
            }
            for mode in [TrainingMode.comparison, .intervalComparison] {
                let statistics = profile.comparisonStatistics(mode)
                spans += (statistics.notes + statistics.intervals + statistics.weeks.map(\.bins)).map(span).reduce(0, +)
                weeks += statistics.weeks.count
                recent += statistics.recent.entries.count
            }
            for mode in [TrainingMode.pitchMatching, .intervalPitchMatching] {
                recent += profile.pitchMatchingStatistics(mode).recent.entries.count
            }
            spans += profile.rhythmOffsetDetection.tracks.map(span).reduce(0, +)
            let rhythmRecent =
                profile.rhythmOffsetDetection.recent.map(\.count).reduce(0, +)
                + profile.continuousRhythmMatching.recent.map(\.count).reduce(0, +)
            #expect(rhythmRecent > 0)
            recent += rhythmRecent
            #expect(ProfileSnapshot.encode(profile).count == 1_521 + 2 * (spans + recent) + 3 * weeks)
            // Bounded by notes, intervals and weeks: at most 61 bins each.
            #expect(spans <= 61 * (2 * 128 + 2 * 75 + weeks + 14) && recent <= 2 * 400 + 2 * 200 + 14 * 200 + 35 * 50)
        }
    }

    @Test(
        "a summary of another version, such as version 1's means of |cent offset| or version 2's recent answers without notes, is refused"
    )
    func otherVersions() {
        // Version 1's empty profile: its version, then 3,123 zeros (statistics, chain, histories).
        let version1 = [1.0] + [Double](repeating: 0, count: 3_123)
        #expect(PerceptualProfile(snapshot: version1) == nil)
        let numbers = ProfileSnapshot.encode(PerceptualProfile(records: seededRecords(count: 300, days: 5, seed: 2)))
        for version in [0.0, 1, 2, 3, 5, 2.5, -2] {
            #expect(PerceptualProfile(snapshot: [version] + numbers.dropFirst()) == nil)
        }
    }

    @Test("a rhythm block's parts that are out of place are refused; the same in place are read")
    func rhythmBlocks() throws {
        let time = Timestamp(millisecondsSince1970: 1_767_225_600_000)
        let tempo = TempoBPM(50)!
        let profile = PerceptualProfile(records: [
            .rhythmOffsetDetection(
                RhythmOffsetDetectionRecord(timestamp: time, tempo: tempo, offsetMs: -15, isCorrect: true))
        ])
        let numbers = ProfileSnapshot.encode(profile)
        #expect(try #require(PerceptualProfile(snapshot: numbers)) == profile)
        // The pitch blocks of an empty history are 1,283 numbers; then band 40–59's early track:
        // its last exercise (4), its one occupied bin (2 + 2), its one recent answer (1 + 2).
        let start = 1_283
        #expect(Array(numbers[start..<start + 4]) == [1, 5, 1, Double(time.millisecondsSince1970)])  // 15 ms of 300
        for (offset, value) in [(0, 0.0), (1, -1), (1, .infinity), (2, 2), (3, -1e20), (7, 2), (8, 2)] {
            var damaged = numbers
            damaged[start + offset] = value
            #expect(PerceptualProfile(snapshot: damaged) == nil, "\(value) at \(offset)")
        }
        // Fill the Gap's first slot: statistics, then a recent count; one more trial than counted.
        let trial = PerceptualProfile(records: [
            .continuousRhythmMatching(
                ContinuousRhythmMatchingRecord(
                    timestamp: time, tempo: tempo, meanOffsetMs: 3, positionMeanOffsetsMs: [nil, 3, nil, nil],
                    hitCount: 9))
        ])
        let trialNumbers = ProfileSnapshot.encode(trial)
        #expect(try #require(PerceptualProfile(snapshot: trialNumbers)) == trial)
        let slots = start + 14 * 7
        #expect(trialNumbers[slots] == 1 && trialNumbers[slots + 3] == 1)
        for (offset, value) in [(0, 0.0), (3, 2), (5, .infinity), (5, .nan)] {
            var damaged = trialNumbers
            damaged[slots + offset] = value
            #expect(PerceptualProfile(snapshot: damaged) == nil, "\(value) at \(offset)")
        }
    }

    @Test("garbage, truncated, NaN, out-of-range and inconsistent input decodes to nil, never traps")
    func malformed() {
        let profile = PerceptualProfile(records: seededRecords(count: 300, days: 5, seed: 9))
        let numbers = ProfileSnapshot.encode(profile)
        #expect(PerceptualProfile(snapshot: []) == nil)
        #expect(PerceptualProfile(snapshot: [4]) == nil)
        #expect(PerceptualProfile(snapshot: numbers + [0]) == nil)
        for length in stride(from: 0, to: numbers.count, by: 7) {
            #expect(PerceptualProfile(snapshot: Array(numbers.prefix(length))) == nil)
        }
        for position in stride(from: 0, to: numbers.count, by: 3) {
            var damaged = numbers
            damaged[position] = .nan
            #expect(PerceptualProfile(snapshot: damaged) == nil, "NaN at \(position)")
        }
        var generator = SeededRandomNumberGenerator(seed: 5)
        for _ in 0..<200 {
            let random = (0..<Int.random(in: 0...4_000, using: &generator)).map { _ in
                Double(bitPattern: generator.next())
            }
            #expect(PerceptualProfile(snapshot: [4] + random) == nil)
        }
    }

    /// A version 4 snapshot whose Comparison block has these bins at note 0 and at the first
    /// interval slot, these weeks and these recent answers; everything else empty.
    private func snapshot(
        note: [Double] = [10, 1, 2, 2], interval: [Double] = [10, 1, 2, 2],
        weeks: [Double] = [2, 2_899, 10, 1, 1, 1, 2_900, 10, 1, 1, 1], recent: [Double] = [0]
    ) -> [Double] {
        func zeros(_ count: Int) -> [Double] { [Double](repeating: 0, count: count) }
        var numbers: [Double] = [4, 0, 0, 0, 0] + note + zeros(2 * 127) + interval + zeros(2 * 74) + weeks + recent
        numbers += zeros(4 + 2 * 128 + 2 * 75 + 2)
        numbers += zeros(2 * (3 + 3 * 75 + 1))
        numbers += zeros(14 * 7 + 35 * 4)
        return numbers
    }

    @Test("bins, weeks and recent answers that are out of place are refused; the same in place are read")
    func blockParts() throws {
        let valid = try #require(PerceptualProfile(snapshot: snapshot()))
        #expect(valid.comparisonStatistics(.comparison).count == 2)
        #expect(valid.comparisonStatistics(.comparison).weeks.map(\.week) == [2_899, 2_900])
        for note: [Double] in [
            [10, 1, 2, 3],  // more correct answers than answers
            [10, 2, 0, 0, 2, 2],  // a span that starts with an empty bin
            [10, 2, 2, 2, 0, 0],  // a span that ends with one
            [60, 2, 1, 1, 1, 1],  // beyond the last bin
            [0.5, 1, 2, 2], [10, 1, -2, 0], [10, 1, .infinity, 0], [10, 1e15, 2, 2], [3, 0],
            [10, 1, 3, 3],  // three answers here, two in the intervals and weeks
        ] {
            #expect(PerceptualProfile(snapshot: snapshot(note: note)) == nil, "\(note)")
        }
        #expect(PerceptualProfile(snapshot: snapshot(weeks: [1, 2_899, 10, 1, 2, 2])) != nil)
        #expect(PerceptualProfile(snapshot: snapshot(weeks: [2, 2_900, 10, 1, 1, 1, 2_899, 10, 1, 1, 1])) == nil)
        #expect(PerceptualProfile(snapshot: snapshot(weeks: [2, 2_899, 10, 1, 2, 2, 2_900, 0, 0])) == nil)
        #expect(PerceptualProfile(snapshot: snapshot(weeks: [1, 1e12, 10, 1, 2, 2])) == nil)
        let (early, late) = (1_767_225_600_000.0, 1_767_225_601_000.0)
        let kept = try #require(PerceptualProfile(snapshot: snapshot(recent: [2, early, 21, late, 21])))
        #expect(kept.comparisonStatistics(.comparison).now?.answers == 2)
        for recent: [Double] in [
            [2, late, 21, early, 21],  // out of time order
            [3, early, 21, early, 21, late, 21],  // more than the answers
            [1, early, 15_616],  // not a note, a bin and an answer
            [1, 1e20, 21],  // a time beyond the year 9999
        ] {
            #expect(PerceptualProfile(snapshot: snapshot(recent: recent)) == nil, "\(recent)")
        }
    }

    @Test("the chain continues from the newest record by timestamp, not from the last one synced")
    func latestByTimestamp() throws {
        let note = try MIDINote(60)
        func comparison(_ offset: Double, at milliseconds: Int64) -> TrainingRecord {
            .comparison(
                ComparisonRecord(
                    timestamp: Timestamp(millisecondsSince1970: milliseconds),
                    context: ExerciseContext(
                        referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
                    centOffset: Cents(offset), isCorrect: true))
        }
        var profile = PerceptualProfile(records: [comparison(10, at: 2_000)])
        profile.add(comparison(50, at: 1_000))  // another device's older answer, synced late
        #expect(profile.comparisonByMode[.comparison]?.latest == .init(magnitude: 10, wasCorrect: true))
        profile.add(comparison(20, at: 2_000))  // the same instant: the one added last
        #expect(profile.comparisonByMode[.comparison]?.latest == .init(magnitude: 20, wasCorrect: true))
        let decoded = try #require(PerceptualProfile(snapshot: ProfileSnapshot.encode(profile)))
        #expect(decoded == profile)
    }
}
