import PeachCore
import Testing

/// `count` records of all four modes over `days` days from 2026-01-01, interleaved at random,
/// in chronological order; notes 36–84 and three intervals, so that every block has data.
private func seededRecords(count: Int, days: Int, seed: UInt64) -> [TrainingRecord] {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var settings = TrainingSettings()
    try! settings.apply(["noteRangeLower": "36", "noteRangeUpper": "84", "intervals": "P5up,m3down,P8up"])
    let start: Int64 = 1_767_225_600_000  // 2026-01-01T00:00:00Z
    let span = Int64(days) * Timestamp.millisecondsPerDay
    let times = (0..<count).map { _ in start + Int64.random(in: 0..<span, using: &generator) }.sorted()
    var previous: [TrainingMode: ExerciseGenerator.ChainState] = [:]
    return times.map { milliseconds in
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
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

/// Every note range the pages can show, by a few representative ones.
private let ranges: [NoteRange] = [(36, 84), (21, 108), (48, 72), (60, 72), (0, 127)].map {
    try! NoteRange(lower: MIDINote($0.0), upper: MIDINote($0.1))
}

@Suite("Profile snapshot")
struct ProfileSnapshotTests {
    @Test("a snapshot decodes to an equal profile when no note has more than 40 training days", arguments: [1, 2, 3])
    func roundTrip(seed: UInt64) throws {
        let profile = PerceptualProfile(records: seededRecords(count: 3_000, days: 35, seed: seed))
        let numbers = ProfileSnapshot.encode(profile)
        #expect(numbers.first == 1)
        let decoded = try #require(PerceptualProfile(snapshot: numbers))
        #expect(decoded == profile)
        #expect(PerceptualProfile(snapshot: ProfileSnapshot.encode(PerceptualProfile())) == PerceptualProfile())
    }

    @Test("a long history: the timeline, statistics, chain, current level and trend are those of the full profile")
    func longHistory() throws {
        let records = seededRecords(count: 20_000, days: 400, seed: 7)
        let profile = PerceptualProfile(records: records)
        let numbers = ProfileSnapshot.encode(profile)
        let decoded = try #require(PerceptualProfile(snapshot: numbers))
        #expect(ProfileSnapshot.encode(decoded) == numbers)
        assertSameReadings(decoded, profile)
        // A device then adds its own newer records to the decoded profile: still the same.
        let later = seededRecords(count: 2_000, days: 430, seed: 8).filter {
            if case .comparison(let record) = $0 { return record.timestamp.daysSince1970 > 20_454 + 380 }
            return false
        }
        var full = profile
        var merged = decoded
        for record in later {
            full.add(record)
            merged.add(record)
        }
        assertSameReadings(merged, full)
    }

    private func assertSameReadings(_ decoded: PerceptualProfile, _ profile: PerceptualProfile) {
        #expect(decoded.comparison.history == profile.comparison.history)
        #expect(decoded.comparison.notes == profile.comparison.notes)
        #expect(decoded.comparison.logNotes == profile.comparison.logNotes)
        #expect(decoded.matching == profile.matching)
        #expect(decoded.matchingByMode == profile.matchingByMode)
        for mode in [TrainingMode.comparison, .intervalComparison] {
            #expect(decoded.comparisonByMode[mode]?.latest == profile.comparisonByMode[mode]?.latest)
            #expect(decoded.comparisonByMode[mode]?.history == profile.comparisonByMode[mode]?.history)
            #expect(decoded.startingThreshold(for: mode) == profile.startingThreshold(for: mode))
            for range in ranges {
                #expect(
                    decoded.comparisonByMode[mode]?.currentLevel(in: range)
                        == profile.comparisonByMode[mode]?.currentLevel(in: range))
            }
        }
        for range in ranges {
            #expect(decoded.comparison.currentLevel(in: range) == profile.comparison.currentLevel(in: range))
            #expect(decoded.comparison.statistics(in: range) == profile.comparison.statistics(in: range))
        }
    }

    @Test("the size is 3124 + 3 · (days of the six histories + per-note days, at most 40 each) numbers")
    func size() {
        #expect(ProfileSnapshot.encode(PerceptualProfile()).count == 3_124)
        let records = seededRecords(count: 5_000, days: 200, seed: 4)
        let profile = PerceptualProfile(records: records)
        let full =
            [profile.comparison.history]
            + [TrainingMode.comparison, .intervalComparison].map {
                profile.comparisonByMode[$0]!.history
            }
        let matching =
            [profile.matching.history]
            + [TrainingMode.pitchMatching, .intervalPitchMatching].map {
                profile.matchingByMode[$0]!.history
            }
        let days = (full + matching).map { $0.timeline.count }.reduce(0, +)
        // Days per (block, note): block 0 pools every comparison, blocks 1 and 2 are the modes.
        var noteDays: [[Int]: Set<Int>] = [:]
        for case .comparison(let record) in records {
            let block = record.mode == .comparison ? 1 : 2
            for key in [[0, record.referenceNote.rawValue], [block, record.referenceNote.rawValue]] {
                noteDays[key, default: []].insert(record.timestamp.daysSince1970)
            }
        }
        #expect(noteDays.values.contains { $0.count > 40 })
        let perNote = noteDays.values.map { min($0.count, 40) }.reduce(0, +)
        #expect(ProfileSnapshot.encode(profile).count == 3_124 + 3 * (days + perNote))
    }

    @Test("garbage, truncated, NaN and out-of-range input decodes to nil, never traps")
    func malformed() {
        let profile = PerceptualProfile(records: seededRecords(count: 200, days: 5, seed: 9))
        let numbers = ProfileSnapshot.encode(profile)
        #expect(PerceptualProfile(snapshot: []) == nil)
        #expect(PerceptualProfile(snapshot: [1]) == nil)
        #expect(PerceptualProfile(snapshot: [2] + numbers.dropFirst()) == nil)
        #expect(PerceptualProfile(snapshot: numbers + [0]) == nil)
        for length in stride(from: 0, to: numbers.count, by: 7) {
            #expect(PerceptualProfile(snapshot: Array(numbers.prefix(length))) == nil)
        }
        for position in stride(from: 0, to: numbers.count, by: 3) {
            var damaged = numbers
            damaged[position] = .nan
            #expect(PerceptualProfile(snapshot: damaged) == nil, "NaN at \(position)")
        }
        // A count that is not a whole number, negative, infinite or beyond 2^53.
        for bad in [0.5, -1, .infinity, 1e300] {
            var damaged = numbers
            damaged[1] = bad
            #expect(PerceptualProfile(snapshot: damaged) == nil)
        }
        // A history that claims more days than there are numbers, or days out of order.
        let empty = ProfileSnapshot.encode(PerceptualProfile())
        let historyStart = 1 + 128 * 3 * 2 + 3 + 4
        var huge = empty
        huge[historyStart + 1] = 1e15
        #expect(PerceptualProfile(snapshot: huge) == nil)
        var unordered = empty
        unordered.replaceSubrange(historyStart..<historyStart + 2, with: [2, 2, 20_000, 1, 1, 19_999, 1, 1])
        #expect(PerceptualProfile(snapshot: unordered) == nil)
        var ordered = empty
        ordered.replaceSubrange(historyStart..<historyStart + 2, with: [2, 2, 19_999, 1, 1, 20_000, 1, 1])
        #expect(PerceptualProfile(snapshot: ordered) != nil)
        var generator = SeededRandomNumberGenerator(seed: 5)
        for _ in 0..<200 {
            let random = (0..<Int.random(in: 0...4_000, using: &generator)).map { _ in
                Double(bitPattern: generator.next())
            }
            #expect(PerceptualProfile(snapshot: [1] + random) == nil)
        }
    }

    @Test("the chain continues from the newest record by timestamp, not from the last one synced")
    func latestByTimestamp() throws {
        let note = try MIDINote(60)
        func comparison(_ offset: Double, at milliseconds: Int64) -> TrainingRecord {
            .comparison(
                ComparisonRecord(
                    timestamp: Timestamp(millisecondsSince1970: milliseconds), referenceNote: note, targetNote: note,
                    interval: .prime, tuningSystem: .equalTemperament, centOffset: offset, isCorrect: true))
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
