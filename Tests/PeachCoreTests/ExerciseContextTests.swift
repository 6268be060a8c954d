import PeachCore
import Testing

@Suite("The context an exercise and its record share")
struct ExerciseContextTests {
    @Test("a record's context is its exercise's, for every interval and tuning system")
    func recordKeepsTheExercisesContext() throws {
        let time = Timestamp(millisecondsSince1970: 1_772_000_000_000)
        for interval in DirectedInterval.all {
            for system in TuningSystem.allCases {
                let context = try ExerciseContext(referenceNote: MIDINote(60), interval: interval, tuningSystem: system)
                let comparison = ComparisonExercise(context: context, centOffset: -3)
                #expect(try comparison.record(answeredHigher: true, at: time).context == context)
                let exercise = PitchMatchingExercise(context: context, initialCentOffset: 12)
                #expect(try exercise.record(sliderValue: 0.5, at: time).context == context)
            }
        }
    }

    @Test("the notes of a record from outside give its interval, down when the target is lower")
    func intervalFromTheNotes() throws {
        let down = try ExerciseContext(
            referenceNote: MIDINote(60), targetNote: MIDINote(57), tuningSystem: .pythagorean)
        #expect(down.interval == DirectedInterval(.minorThird, .down))
        let octave = try ExerciseContext(
            referenceNote: MIDINote(60), targetNote: MIDINote(72), tuningSystem: .pythagorean)
        #expect(octave.interval == DirectedInterval(.octave, .up))
        #expect(throws: InvalidRecord.notesTooFarApart(reference: try MIDINote(60), target: try MIDINote(73))) {
            try ExerciseContext(referenceNote: MIDINote(60), targetNote: MIDINote(73), tuningSystem: .pythagorean)
        }
    }

    @Test("a comparison's target sounds its offset from the true interval pitch: a just fifth above A4 is 660 Hz")
    func targetWithOffset() throws {
        let context = try ExerciseContext(
            referenceNote: MIDINote(69), interval: .perfectFifthUp, tuningSystem: .justIntonation)
        let target = ComparisonExercise(context: context, centOffset: 7).targetFrequency(referencePitch: .concertA)
        #expect((target.cents(from: context.targetFrequency(referencePitch: .concertA)) - 7).magnitude < 1e-9)
        #expect(abs(context.targetFrequency(referencePitch: .concertA).hertz - 660) < 1e-9)
    }
}
