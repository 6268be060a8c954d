import PeachCore
import PeachFixtures
import Testing

/// The records the store's tests and the benchmarks are made of hold what their parameters say,
/// so that a figure or a test that names them describes its data.
@Suite("Seeded records")
struct SeededRecordsTests {
    static let drawn = SeededRecords(
        count: 4_000, seed: 3, start: Timestamp(millisecondsSince1970: 1_767_225_600_000), spacing: 1_000...2_000,
        comparisons: 0.8, unison: 0.25, intervals: [.perfectFifthUp, DirectedInterval(.majorThird, .down)],
        tuningSystems: [.justIntonation], offsets: 1...50, offsetScaleAtEnd: 0.5, fractionDigits: 2)

    @Test("records follow the rules and their parameters; the same seed draws the same records, another seed others")
    func parameters() throws {
        let records = Array(Self.drawn)
        #expect(records.count == 4_000)
        #expect(Array(Self.drawn) == records)
        func drawn(seed: UInt64) -> [TrainingRecord] {
            Array(SeededRecords(count: 100, seed: seed, start: Self.drawn.start, spacing: 0...1_000))
        }
        #expect(drawn(seed: 3) == drawn(seed: 3) && drawn(seed: 3) != drawn(seed: 4))
        #expect(records.first?.timestamp == Self.drawn.start)
        for (earlier, later) in zip(records, records.dropFirst()) {
            #expect(
                Self.drawn.spacing.contains(
                    later.timestamp.millisecondsSince1970 - earlier.timestamp.millisecondsSince1970))
        }
        var (comparisons, correct, unison) = (0, 0, 0)
        for (index, record) in records.enumerated() {
            let context: ExerciseContext
            switch record {
            case .comparison(let r): context = r.context
            case .pitchMatching(let r): context = r.context
            case .rhythmOffsetDetection, .continuousRhythmMatching:
                Issue.record("a rhythm record at \(index)")
                continue
            }
            #expect((36...84).contains(context.referenceNote.rawValue))
            #expect([.prime, .perfectFifthUp, DirectedInterval(.majorThird, .down)].contains(context.interval))
            #expect(context.tuningSystem == .justIntonation)
            if context.interval == .prime { unison += 1 }
            // The offsets' bounds shrink linearly to half at the last record.
            let scale = 1 - 0.5 * Double(index) / 3_999
            func holds(_ cents: Cents) -> Bool {
                (cents.value * 100).rounded() / 100 == cents.value
                    && (1 * scale - 0.005...50 * scale + 0.005).contains(cents.magnitude.value)
            }
            switch record {
            case .comparison(let r):
                comparisons += 1
                if r.isCorrect { correct += 1 }
                #expect(holds(r.centOffset), "\(r.centOffset) at \(index)")
                // The checked initialiser of values from outside accepts it: the record rules hold.
                #expect(
                    try ComparisonRecord(
                        timestamp: r.timestamp, referenceNote: context.referenceNote, targetNote: context.targetNote,
                        tuningSystem: context.tuningSystem, centOffset: r.centOffset, isCorrect: r.isCorrect) == r)
            case .pitchMatching(let r):
                #expect(holds(r.userCentError), "\(r.userCentError) at \(index)")
                #expect(
                    try PitchMatchingRecord(
                        timestamp: r.timestamp, referenceNote: context.referenceNote, targetNote: context.targetNote,
                        tuningSystem: context.tuningSystem, initialCentOffset: r.initialCentOffset,
                        userCentError: r.userCentError) == r)
            case .rhythmOffsetDetection, .continuousRhythmMatching: break
            }
        }
        // The shares asked for, within the spread of 4,000 draws (4 standard deviations or less).
        #expect(abs(Double(comparisons) / 4_000 - 0.8) < 0.03)
        #expect(abs(Double(unison) / 4_000 - 0.25) < 0.03)
        #expect(abs(Double(correct) / Double(comparisons) - 2.0 / 3) < 0.04)
    }

    @Test("a cent value rounded to 0 is 0.0, not -0.0, which the store would give back without its sign")
    func noNegativeZero() {
        // Whole cents: an initial offset in (-0.5, 0] rounds to 0, about 25 of 10,000 matchings.
        let records = SeededRecords(
            count: 20_000, seed: 5, start: Timestamp(millisecondsSince1970: 0), spacing: 1...1, offsets: 1...100,
            fractionDigits: 0)
        var zeros = 0
        for case .pitchMatching(let r) in records where r.initialCentOffset == .zero {
            zeros += 1
            #expect(r.initialCentOffset.value.sign == .plus)
        }
        #expect(zeros > 0)
    }
}
