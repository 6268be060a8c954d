import PeachCore
import Testing

@Suite("Kazez chain")
struct KazezChainTests {
    @Test(
        "a correct answer narrows p to p·(1 − 0.05·√p), a wrong one widens it to p·(1 + 0.09·√p)",
        arguments: [
            // p, correct?, expected — worked by hand:
            (100.0, true, 50.0),  // 100 · (1 − 0.05·10) = 100 · 0.5
            (25.0, true, 18.75),  // 25 · (1 − 0.05·5) = 25 · 0.75
            (64.0, true, 38.4),  // 64 · (1 − 0.05·8) = 64 · 0.6
            (1.0, true, 0.95),  // 1 · (1 − 0.05)
            (4.0, false, 4.72),  // 4 · (1 + 0.09·2) = 4 · 1.18
            (16.0, false, 21.76),  // 16 · (1 + 0.09·4) = 16 · 1.36
            (1.0, false, 1.09),  // 1 · (1 + 0.09)
            (0.25, false, 0.26125),  // 0.25 · (1 + 0.09·0.5) = 0.25 · 1.045
            (81.0, false, 100.0),  // 81 · (1 + 0.09·9) = 146.61, clamped to 100
        ])
    func arithmetic(previous: Double, wasCorrect: Bool, expected: Double) {
        #expect(abs(KazezChain.nextMagnitude(after: Cents(previous), wasCorrect: wasCorrect).value - expected) < 1e-12)
    }

    @Test("a sequence of answers from 100 cents follows the formula step by step")
    func sequence() {
        // 100 ✓ → 50; 50 ✓ → 50·(1 − 0.05·√50) = 32.3223…; ✗ → 32.3223·(1 + 0.09·√32.3223) = 48.8608…;
        // ✓ → 31.7838…; ✗ → 47.9108…; ✗ → 77.7572…
        let answers = [true, true, false, true, false, false]
        let expected = [
            50.0, 32.32233047033631, 48.86084536968474, 31.783849658137242, 47.91080027627802, 77.75724783786667,
        ]
        var magnitude: Cents = 100
        for (answer, value) in zip(answers, expected) {
            magnitude = KazezChain.nextMagnitude(after: magnitude, wasCorrect: answer)
            #expect(abs(magnitude.value - value) < 1e-9)
        }
    }

    @Test("the magnitude never leaves 0.1 … 100 cents")
    func clamps() {
        #expect(KazezChain.minimumMagnitude == 0.1)
        #expect(KazezChain.maximumMagnitude == 100)
        // 100 wrong → 190, clamped.
        #expect(KazezChain.nextMagnitude(after: 100, wasCorrect: false) == 100)
        // 0.1 right → 0.0984…, clamped; 0.1 wrong → 0.10285, not clamped.
        #expect(KazezChain.nextMagnitude(after: 0.1, wasCorrect: true) == 0.1)
        #expect(abs(KazezChain.nextMagnitude(after: 0.1, wasCorrect: false).value - 0.10284604989415154) < 1e-15)
        // Values outside the range are first brought into it.
        #expect(KazezChain.nextMagnitude(after: 500, wasCorrect: true) == 50)
        #expect(KazezChain.nextMagnitude(after: 0, wasCorrect: true) == 0.1)
        #expect(KazezChain.nextMagnitude(after: Cents(.nan), wasCorrect: true) == 50)

        var magnitude: Cents = 100
        for _ in 0..<200 { magnitude = KazezChain.nextMagnitude(after: magnitude, wasCorrect: false) }
        #expect(magnitude == 100)
        for _ in 0..<2_000 { magnitude = KazezChain.nextMagnitude(after: magnitude, wasCorrect: true) }
        #expect(magnitude == 0.1)
    }

    @Test("cold start: the profile's threshold for the mode if there is one (clamped), otherwise 100 cents")
    func coldStart() {
        #expect(KazezChain.startingMagnitude(profileThreshold: nil) == 100)
        #expect(KazezChain.startingMagnitude(profileThreshold: 12.5) == 12.5)
        #expect(KazezChain.startingMagnitude(profileThreshold: 0.01) == 0.1)
        #expect(KazezChain.startingMagnitude(profileThreshold: 250) == 100)
    }

    @Test("an interval mode's chain starts at a quarter tone and never goes wider, so the interval stays recognisable")
    func intervalModesStayWithinAQuarterTone() throws {
        #expect(KazezChain.maximumMagnitude(for: .comparison) == 100)
        #expect(KazezChain.maximumMagnitude(for: .intervalComparison) == 50)
        var generator = SeededRandomNumberGenerator(seed: 11)
        let settings = TrainingSettings()
        let first = ExerciseGenerator.comparison(
            mode: .intervalComparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator)
        #expect(first.centOffset.magnitude == 50)
        // A profile of coarse interval answers does not start it wider either.
        let wide = ExerciseGenerator.comparison(
            mode: .intervalComparison, settings: settings, previous: nil, profileThreshold: 80, using: &generator)
        #expect(wide.centOffset.magnitude == 50)
        // Wrong answer after wrong answer, and a last exercise recorded at 90 cents by an older
        // Peach: never past the quarter tone.
        var previous = ExerciseGenerator.ChainState(magnitude: 90, wasCorrect: false)
        for _ in 0..<20 {
            let next = ExerciseGenerator.comparison(
                mode: .intervalComparison, settings: settings, previous: previous, profileThreshold: nil,
                using: &generator)
            #expect(next.centOffset.magnitude <= 50)
            previous = ExerciseGenerator.ChainState(magnitude: next.centOffset.magnitude, wasCorrect: false)
        }
        #expect(previous.magnitude == 50)
        // Unison comparison keeps its cold start at 100 cents.
        let unison = ExerciseGenerator.comparison(
            mode: .comparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator)
        #expect(unison.centOffset.magnitude == 100)
    }

    @Test("the first exercise of a mode starts at 100 cents without a profile, at the mode's threshold with one")
    func coldStartThroughTheGenerator() throws {
        var generator = SeededRandomNumberGenerator(seed: 7)
        let settings = TrainingSettings()
        let first = ExerciseGenerator.comparison(
            mode: .comparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator)
        #expect(first.centOffset.magnitude.value == 100)

        // A profile whose unison comparisons and interval comparisons say different things:
        // each mode starts from its own all-time estimate.
        let note = try MIDINote(60)
        let records: [TrainingRecord] = [
            .comparison(record(note, .prime, 8, true)), .comparison(record(note, .prime, -16, false)),
            .comparison(record(note, .perfectFifthUp, 30, false)),
        ]
        let profile = PerceptualProfile(records: records)
        let unisonThreshold = try #require(profile.comparisonStatistics(.comparison).allTime?.threshold)
        let intervalThreshold = try #require(profile.comparisonStatistics(.intervalComparison).allTime?.threshold)
        #expect(profile.startingThreshold(for: .comparison) == unisonThreshold)
        #expect(profile.startingThreshold(for: .intervalComparison) == intervalThreshold)
        #expect(unisonThreshold != intervalThreshold)
        let unison = ExerciseGenerator.comparison(
            mode: .comparison, settings: settings, previous: nil,
            profileThreshold: profile.startingThreshold(for: .comparison), using: &generator)
        #expect(unison.centOffset.magnitude == KazezChain.startingMagnitude(profileThreshold: unisonThreshold))
        let interval = ExerciseGenerator.comparison(
            mode: .intervalComparison, settings: settings, previous: nil,
            profileThreshold: profile.startingThreshold(for: .intervalComparison), using: &generator)
        #expect(
            interval.centOffset.magnitude
                == KazezChain.startingMagnitude(
                    profileThreshold: intervalThreshold, ceiling: KazezChain.maximumMagnitude(for: .intervalComparison))
        )
    }

    @Test("the chain continues from the last recorded exercise of the mode, ignoring the profile's threshold")
    func continuesFromTheLastExercise() throws {
        var generator = SeededRandomNumberGenerator(seed: 8)
        let note = try MIDINote(60)
        let profile = PerceptualProfile(records: [
            .comparison(record(note, .prime, 40, true)), .comparison(record(note, .prime, -16, false)),
        ])
        let latest = try #require(profile.comparisonByMode[.comparison]?.latest)
        #expect(latest == ExerciseGenerator.ChainState(magnitude: 16, wasCorrect: false))
        let next = ExerciseGenerator.comparison(
            mode: .comparison, settings: TrainingSettings(), previous: latest,
            profileThreshold: profile.startingThreshold(for: .comparison), using: &generator)
        #expect(abs(next.centOffset.magnitude.value - 21.76) < 1e-12)  // 16 · (1 + 0.09·4)
    }

    @Test("changing the reference note, the range or the interval never makes the difficulty jump")
    func magnitudesDependOnlyOnAnswers() throws {
        // The same answers with different seeds (so different notes, intervals and signs) and
        // different settings give the same magnitudes, each exactly the chain's next step.
        var narrowLow = TrainingSettings()
        try narrowLow.apply(["noteRangeLower": "21", "noteRangeUpper": "33", "intervals": "P8down,P5up,m2up"])
        var narrowHigh = TrainingSettings()
        try narrowHigh.apply(["noteRangeLower": "96", "noteRangeUpper": "108", "tuningSystem": "pythagorean"])
        let runs: [(TrainingSettings, TrainingMode, UInt64)] = [
            (TrainingSettings(), .comparison, 1), (narrowLow, .intervalComparison, 2), (narrowHigh, .comparison, 3),
            (narrowLow, .comparison, 4), (narrowHigh, .intervalComparison, 5),
        ]
        var answerSource = SeededRandomNumberGenerator(seed: 99)
        let answers = (0..<300).map { _ in Bool.random(using: &answerSource) }
        var sequences: [[Double]] = []
        var intervalSequences: [[Double]] = []
        var referenceNotes: [Set<Int>] = []
        for (settings, mode, seed) in runs {
            var generator = SeededRandomNumberGenerator(seed: seed)
            var previous: ExerciseGenerator.ChainState?
            var magnitudes: [Double] = []
            var notes = Set<Int>()
            for correct in answers {
                let exercise = ExerciseGenerator.comparison(
                    mode: mode, settings: settings, previous: previous, profileThreshold: nil, using: &generator)
                if let previous {
                    #expect(
                        exercise.centOffset.magnitude
                            == KazezChain.nextMagnitude(
                                after: previous.magnitude, wasCorrect: previous.wasCorrect,
                                ceiling: KazezChain.maximumMagnitude(for: mode)))
                }
                magnitudes.append(exercise.centOffset.magnitude.value)
                notes.insert(exercise.context.referenceNote.rawValue)
                // Answer so that the exercise is correct exactly when the shared list says so.
                let record = try exercise.record(
                    answeredHigher: correct == (exercise.centOffset > 0), at: Timestamp(millisecondsSince1970: 0))
                previous = ExerciseGenerator.ChainState(record)
            }
            // An interval mode's chain has its own ceiling, so it is compared with its own kind.
            if mode.isInterval { intervalSequences.append(magnitudes) } else { sequences.append(magnitudes) }
            referenceNotes.append(notes)
        }
        for sequence in sequences.dropFirst() { #expect(sequence == sequences[0]) }
        #expect(intervalSequences.count == 2 && intervalSequences[0] == intervalSequences[1])
        // The notes really did change within and between the runs.
        #expect(referenceNotes.allSatisfy { $0.count > 5 })
        #expect(referenceNotes[0] != referenceNotes[2])
    }

    private func record(_ note: MIDINote, _ interval: DirectedInterval, _ offset: Double, _ correct: Bool)
        -> ComparisonRecord
    {
        ComparisonRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_700_000_000_000),
            context: try! ExerciseContext(referenceNote: note, interval: interval, tuningSystem: .equalTemperament),
            centOffset: Cents(offset), isCorrect: correct)
    }
}
