import PeachCore
import Testing

/// `count` comparisons at `note` and `cents`, of which the share `correct` right (the first ones).
private func answers(_ note: Int, cents: Double, count: Int, correct: Double) -> [TrainingRecord] {
    let reference = try! MIDINote(note)
    return (0..<count).map { index in
        .comparison(
            ComparisonRecord(
                timestamp: Timestamp(millisecondsSince1970: 1_772_323_200_000 + Int64(index) * 1000),
                context: ExerciseContext(
                    referenceNote: reference, targetNote: reference, interval: .prime, tuningSystem: .equalTemperament),
                centOffset: Cents(cents), isCorrect: Double(index) < correct * Double(count)))
    }
}

/// A listener with a threshold of about 10 cents at every note: at 5, 10 and 20 cents, 60, 75
/// and 93 % right.
private func trained(_ note: Int, count: Int) -> [TrainingRecord] {
    answers(note, cents: 5, count: count, correct: 0.6) + answers(note, cents: 10, count: count, correct: 0.75)
        + answers(note, cents: 20, count: count, correct: 0.93)
}

@Suite("Estimates per note, borrowing strength from the neighbours")
struct NoteEstimateTests {
    static let range = try! NoteRange(lower: MIDINote(48), upper: MIDINote(72))

    private func estimates(_ records: [TrainingRecord]) -> [Int: ThresholdEstimate] {
        let list = PerceptualProfile(records: records).comparisonStatistics(.comparison).noteEstimates(in: Self.range)
        return Dictionary(uniqueKeysWithValues: list.map { ($0.note.rawValue, $0.estimate) })
    }

    @Test("a note with one wrong answer among well-trained neighbours is no weak spot: about their threshold, wide")
    func sparseNoteIsNoWeakSpot() throws {
        let neighbours = [56, 57, 58, 59, 61, 62, 63, 64].flatMap { trained($0, count: 40) }
        let notes = estimates(neighbours + answers(60, cents: 30, count: 1, correct: 0))
        let sparse = try #require(notes[60])
        let wellKnown = try #require(notes[59])
        // Alone, one wrong answer at 30 cents would put the threshold far above the neighbours'.
        let alone = PerceptualProfile(records: answers(60, cents: 30, count: 1, correct: 0))
            .comparisonStatistics(.comparison).allTime!
        #expect(alone.threshold.value > 2 * sparse.threshold.value, "\(alone) vs \(sparse)")
        #expect(sparse.lower < 10 && 10 < sparse.upper, "\(sparse)")
        #expect(sparse.threshold < 20, "\(sparse)")
        #expect(
            sparse.upper.value / sparse.lower.value > 2 * (wellKnown.upper.value / wellKnown.lower.value),
            "\(sparse) vs \(wellKnown)")
        #expect(sparse.answers == 1)
    }

    @Test("a note with many answers unlike its neighbours shows what they say")
    func wellTrainedNoteShowsItsOwn() throws {
        let neighbours = [56, 57, 58, 59, 61, 62, 63, 64].flatMap { trained($0, count: 40) }
        // At note 60 the listener is at chance at 10 cents and 75 % right at 40.
        let own = answers(60, cents: 10, count: 200, correct: 0.5) + answers(60, cents: 40, count: 200, correct: 0.75)
        let note = try #require(estimates(neighbours + own)[60])
        #expect(note.threshold > 25 && note.lower > 15, "\(note)")
    }

    @Test("a note without neighbours' answers has its own estimate; notes without answers have none")
    func alone() throws {
        let notes = estimates(trained(60, count: 40))
        #expect(notes.keys.sorted() == [60])
        let own = PerceptualProfile(records: trained(60, count: 40)).comparisonStatistics(.comparison).allTime
        #expect(notes[60] == own)
    }
}
