import Foundation
import PeachCore
import Testing

@Suite("Pitch matching and comparison answers")
struct PitchMatchingTests {
    private func exercise(
        initialOffset: Double, interval: DirectedInterval = .prime, system: TuningSystem = .equalTemperament
    ) throws
        -> PitchMatchingExercise
    {
        try PitchMatchingExercise(
            context: ExerciseContext(referenceNote: MIDINote(60), interval: interval, tuningSystem: system),
            initialCentOffset: Cents(initialOffset))
    }

    @Test(
        "the slider maps v to initialOffset + v·100: v = 0 gives the initial offset, ±1 gives ±100 from it",
        arguments: [
            (-37.5, 0.0, -37.5), (-37.5, 1.0, 62.5), (-37.5, -1.0, -137.5), (80.0, 0.5, 130.0), (80.0, -0.8, 0.0),
            (0.0, 0.25, 25.0),
        ])
    func sliderMapping(initialOffset: Double, slider: Double, expected: Double) throws {
        #expect(
            abs(try exercise(initialOffset: initialOffset).centOffset(sliderValue: slider).value - expected) < 1e-12)
    }

    @Test(
        "slider values outside −1…1 or not finite are rejected with a clear message",
        arguments: [1.0001, -1.0001, 2, -50, .nan, .infinity, -.infinity])
    func rejectsBadSliderValues(slider: Double) throws {
        let exercise = try exercise(initialOffset: 10)
        #expect(throws: ExerciseError.self) { try exercise.centOffset(sliderValue: slider) }
        #expect(throws: ExerciseError.self) {
            try exercise.record(sliderValue: slider, at: Timestamp(millisecondsSince1970: 0))
        }
        #expect(ExerciseError.sliderValueOutOfRange(slider).description.contains("from -1 to 1"))
    }

    @Test("letting go records the signed offset at release with the exercise's context")
    func record() throws {
        let exercise = try exercise(initialOffset: -30, interval: .perfectFifthUp, system: .justIntonation)
        let timestamp = Timestamp(millisecondsSince1970: 1_772_368_496_000)
        let record = try exercise.record(sliderValue: 0.26, at: timestamp)
        #expect(abs(record.userCentError.value - -4) < 1e-12)
        #expect(record.initialCentOffset == -30)
        #expect(record.context.referenceNote.rawValue == 60 && record.context.targetNote.rawValue == 67)
        #expect(record.context.interval == .perfectFifthUp && record.context.tuningSystem == .justIntonation)
        #expect(record.timestamp == timestamp)
        #expect(record.mode == .intervalPitchMatching)
        // Letting go where it started scores the initial offset, never a free 0.
        #expect(try exercise.record(sliderValue: 0, at: timestamp).userCentError == -30)
    }

    @Test("the tunable note starts at the target detuned by the initial offset; the target is the just fifth")
    func frequencies() throws {
        let exercise = try exercise(initialOffset: 50, interval: .perfectFifthUp, system: .justIntonation)
        let reference = 440 * pow(2, -9.0 / 12)
        #expect(abs(exercise.context.referenceFrequency(referencePitch: .concertA).hertz - reference) < 1e-9)
        #expect(abs(exercise.context.targetFrequency(referencePitch: .concertA).hertz - reference * 1.5) < 1e-9)
        #expect(
            abs(exercise.startFrequency(referencePitch: .concertA).hertz - reference * 1.5 * pow(2, 50.0 / 1200))
                < 1e-9)
    }

    @Test(
        "what the user hears at each slider position is the target moved by the offset scored there; beyond an end, the end",
        arguments: [
            (0.0, 50.0), (1.0, 150.0), (-1.0, -50.0), (0.26, 76.0), (-0.5, 0.0), (3.0, 150.0), (-7.0, -50.0),
            (.infinity, 150.0), (.nan, 50.0),
        ])
    func tunableFrequency(slider: Double, cents: Double) throws {
        let exercise = try exercise(initialOffset: 50, interval: .perfectFifthUp, system: .justIntonation)
        let pitch = try Frequency(hertz: 442)
        let target = exercise.context.targetFrequency(referencePitch: pitch).hertz
        let heard = exercise.tunableFrequency(sliderValue: slider, referencePitch: pitch).hertz
        #expect(abs(1200 * log2(heard / target) - cents) < 1e-9)
        if PitchMatchingExercise.sliderRange.contains(slider) {
            #expect(abs(1200 * log2(heard / target) - (try exercise.centOffset(sliderValue: slider).value)) < 1e-9)
        }
        #expect(
            exercise.tunableFrequency(sliderValue: 0, referencePitch: pitch)
                == exercise.startFrequency(referencePitch: pitch))
        #expect(
            exercise.tunableFrequency(sliderValue: 1, referencePitch: pitch)
                == exercise.highestFrequency(referencePitch: pitch))
    }

    @Test("initial offsets are uniform in ±100 cents, both signs")
    func initialOffsets() {
        var generator = SeededRandomNumberGenerator(seed: 21)
        let offsets = (0..<2_000).map { _ in
            ExerciseGenerator.pitchMatching(mode: .pitchMatching, settings: TrainingSettings(), using: &generator)
                .initialCentOffset
        }
        #expect(offsets.allSatisfy { $0.magnitude <= 100 })
        #expect(offsets.min()! < -95 && offsets.max()! > 95)
        #expect((900...1_100).contains(offsets.filter { $0 > 0 }.count))
    }

    @Test(
        "a comparison is correct when 'higher' matches the sign of the offset, for both signs",
        arguments: [
            (5.0, true, true), (5.0, false, false), (-5.0, true, false), (-5.0, false, true), (0.1, true, true),
            (-0.1, false, true),
        ])
    func comparisonCorrectness(offset: Double, answeredHigher: Bool, correct: Bool) throws {
        let exercise = try ComparisonExercise(
            context: ExerciseContext(
                referenceNote: MIDINote(60), interval: .perfectFifthUp, tuningSystem: .pythagorean),
            centOffset: Cents(offset))
        #expect(exercise.isCorrect(answeredHigher: answeredHigher) == correct)
        let record = try exercise.record(answeredHigher: answeredHigher, at: Timestamp(millisecondsSince1970: 5_000))
        #expect(record.isCorrect == correct)
        #expect(
            record.centOffset.value == offset && record.context.targetNote.rawValue == 67
                && record.context.tuningSystem == .pythagorean)
        #expect(record.mode == .intervalComparison)
        // The target really sounds above (or below) the true interval pitch by the offset.
        let trueTarget = exercise.context.referenceFrequency(referencePitch: .concertA)
            .shifted(by: exercise.context.tuningSystem.cents(for: exercise.context.interval))
        #expect(abs(exercise.targetFrequency(referencePitch: .concertA).cents(from: trueTarget).value - offset) < 1e-9)
    }
}
