import PeachCore

/// Fixed training histories for the profile renderers' tests. Everything is computed with
/// integer arithmetic and exact decimals, so the same profile is built on every machine.
/// Test support, in a target of its own: the snapshot tests (PeachWebTests) and the wasm core's
/// differential test (PeachCoreCheck) render the same fixtures.
public enum ProfileFixtures {
    /// 2026-03-01T00:00:00Z.
    public static let start = Timestamp(millisecondsSince1970: 1_772_323_200_000)

    /// `second` seconds into day `day` after `start`.
    public static func time(day: Int, second: Int) -> Timestamp {
        Timestamp(millisecondsSince1970: start.millisecondsSince1970 + Int64(day * 86_400 + second) * 1000)
    }

    public static func note(_ value: Int) -> MIDINote { try! MIDINote(value) }

    public static func range(_ lower: Int, _ upper: Int) -> NoteRange {
        try! NoteRange(lower: note(lower), upper: note(upper))
    }

    static func context(_ reference: Int, _ interval: DirectedInterval) -> ExerciseContext {
        try! ExerciseContext(referenceNote: note(reference), interval: interval, tuningSystem: .equalTemperament)
    }

    public static func comparison(
        _ reference: Int, cents: Cents, day: Int = 0, second: Int = 0, interval: DirectedInterval = .prime,
        correct: Bool = true
    ) -> TrainingRecord {
        .comparison(
            ComparisonRecord(
                timestamp: time(day: day, second: second), context: context(reference, interval), centOffset: cents,
                isCorrect: correct))
    }

    public static func matching(
        _ reference: Int, error: Cents, day: Int = 0, second: Int = 0, interval: DirectedInterval = .prime
    ) -> TrainingRecord {
        .pitchMatching(
            PitchMatchingRecord(
                timestamp: time(day: day, second: second), context: context(reference, interval), initialCentOffset: 50,
                userCentError: error))
    }

    /// Every fixture's records by name, with an empty history first.
    public static let all: [(name: String, records: [TrainingRecord])] = [
        ("empty", []), ("oneNote", oneNoteRecords), ("sparse", sparseRecords), ("dense", denseRecords),
        ("extreme", extremeRecords),
    ]

    public static let oneNote = PerceptualProfile(records: oneNoteRecords)
    public static let sparse = PerceptualProfile(records: sparseRecords)
    public static let dense = PerceptualProfile(records: denseRecords)
    public static let extreme = PerceptualProfile(records: extremeRecords)

    /// Three comparisons at C4: 10 cents wrong, 20 and 30 cents right.
    public static let oneNoteRecords: [TrainingRecord] = [
        comparison(60, cents: 10, second: 1, correct: false), comparison(60, cents: -20, second: 2),
        comparison(60, cents: 30, second: 3),
    ]

    /// Trained islands in C2–C6: a run (E2–F#2), a lone note with one answer (B2), a lone note
    /// with two (D3), a run with a one-answer note inside (G3–A3, G#3 has one answer), a lone note
    /// high up (A#4); every third answer wrong.
    public static let sparseRecords: [TrainingRecord] = {
        var records: [TrainingRecord] = []
        let notes: [(Int, [Double])] = [
            (40, [30, 50, 40]), (41, [20, 24]), (42, [12, 18, 15, 9]), (47, [60]), (50, [4, 6]),
            (55, [8, 12]), (56, [10]), (57, [5, 7, 9]), (70, [2.5, 3.5]),
        ]
        for (index, (note, values)) in notes.enumerated() {
            for (offset, value) in values.enumerated() {
                records.append(
                    comparison(
                        note, cents: Cents(value), day: index, second: offset, correct: (index + offset) % 3 != 0))
            }
        }
        return records
    }()

    /// Every note of C2–C6 (four octaves) with 2 to 6 comparisons on each of 90 days, the fourth of
    /// each note's day wrong, plus matching in both modes and interval comparisons: the offsets
    /// fall over the days.
    public static let denseRecords: [TrainingRecord] = {
        var records: [TrainingRecord] = []
        for day in 0..<90 {
            var second = 0
            for note in 36...84 where (note + day) % 3 == 0 {
                let base = Double(3 + abs(note - 62) / 2 + (note * 7) % 5)  // finest around D4, a little uneven
                let answers = 2 + (note + day) % 5
                for answer in 0..<answers {
                    let cents = base * Double(200 - day) / 100 * Double(6 + answer) / 8
                    records.append(
                        comparison(
                            note, cents: Cents(answer % 2 == 0 ? cents : -cents), day: day, second: second,
                            correct: answer != 3))
                    second += 1
                }
            }
            records.append(
                comparison(
                    48 + day % 12, cents: Cents(Double(30 - day % 7)), day: day, second: second,
                    interval: .perfectFifthUp,
                    correct: day % 3 != 0))
            records.append(matching(60, error: Cents(Double(day % 9) - 3), day: day, second: second + 1))
            records.append(
                matching(
                    55, error: Cents(Double(day % 11) - 6.5), day: day, second: second + 2, interval: .perfectFifthUp))
        }
        return records
    }()

    /// Values at and beyond the axis bounds, as far as the record rules allow (`InvalidRecord`):
    /// 0.1 and 100 cents exactly, the smallest cent offset above 0 (far below the axis), a spread
    /// that reaches below 0.1, and wrong answers at 100 cents.
    public static let extremeRecords: [TrainingRecord] = [
        comparison(48, cents: 0.1, second: 0), comparison(48, cents: 0.1, second: 1),
        comparison(49, cents: Cents(.leastNonzeroMagnitude), second: 2), comparison(49, cents: 0.2, second: 3),
        comparison(60, cents: 100, second: 4), comparison(60, cents: 100, second: 5, correct: false),
        comparison(60, cents: 100, second: 6),
        comparison(61, cents: 100, second: 7), comparison(61, cents: 100, second: 8, correct: false),
        comparison(72, cents: 0.5, second: 9), comparison(72, cents: 5, second: 10),
    ]
}
