import Foundation
import PeachCore
import Testing

/// Every directed interval, including a downward prime (which is the prime).
private let everyDirectedInterval = Interval.allCases.flatMap {
    [DirectedInterval($0, .up), DirectedInterval($0, .down)]
}

private func settings(lower: Int, upper: Int, intervals: [DirectedInterval]) throws -> TrainingSettings {
    var settings = TrainingSettings()
    try settings.apply([
        "noteRangeLower": String(lower), "noteRangeUpper": String(upper),
        "intervals": intervals.map(\.code).joined(separator: ","),
    ])
    return settings
}

@Suite("Exercise generator")
struct ExerciseGeneratorTests {
    @Test(
        "reference and target notes always lie in the range and 0–127, for every interval and direction, up to the narrowest ranges at the edges",
        arguments: [(36, 84), (21, 33), (96, 108), (21, 108), (60, 72)])
    func notesStayInsideTheRange(lower: Int, upper: Int) throws {
        var generator = SeededRandomNumberGenerator(seed: UInt64(lower * 1_000 + upper))
        for interval in everyDirectedInterval {
            let settings = try settings(lower: lower, upper: upper, intervals: [interval])
            let allowed = settings.noteRange.referenceNotes(for: interval)
            var seen = Set<Int>()
            // 40 draws per allowed note: the chance that one is never drawn is below e^-40 · 88.
            for _ in 0..<(20 * allowed.count) {
                let comparison = ExerciseGenerator.comparison(
                    mode: .intervalComparison, settings: settings, previous: nil, profileThreshold: nil,
                    using: &generator)
                let matching = ExerciseGenerator.pitchMatching(
                    mode: .intervalPitchMatching, settings: settings, using: &generator)
                for (reference, target, chosen) in [
                    (comparison.context.referenceNote, comparison.context.targetNote, comparison.context.interval),
                    (matching.context.referenceNote, matching.context.targetNote, matching.context.interval),
                ] {
                    #expect((lower...upper).contains(reference.rawValue), "\(interval) in \(lower)–\(upper)")
                    #expect((lower...upper).contains(target.rawValue), "\(interval) in \(lower)–\(upper)")
                    #expect(target.rawValue - reference.rawValue == chosen.semitones)
                    #expect(chosen.semitones == interval.semitones)
                    seen.insert(reference.rawValue)
                }
            }
            // Uniform over the trimmed range: every allowed reference note turns up.
            #expect(seen == Set(allowed), "\(interval) in \(lower)–\(upper)")
        }
    }

    @Test("the trimmed reference notes at the narrowest ranges are exactly those whose target fits")
    func trimmedReferenceNotes() throws {
        let octaveUp = DirectedInterval(.octave, .up)
        let octaveDown = DirectedInterval(.octave, .down)
        let fifthUp = DirectedInterval.perfectFifthUp
        let fifthDown = DirectedInterval(.perfectFifth, .down)
        let cases: [(Int, Int, DirectedInterval, ClosedRange<Int>)] = [
            (21, 33, octaveUp, 21...21), (21, 33, octaveDown, 33...33), (21, 33, fifthUp, 21...26),
            (21, 33, fifthDown, 28...33), (21, 33, .prime, 21...33), (96, 108, octaveUp, 96...96),
            (0, 12, octaveUp, 0...0), (0, 12, octaveDown, 12...12), (0, 12, fifthDown, 7...12),
            (115, 127, octaveUp, 115...115), (115, 127, octaveDown, 127...127), (115, 127, fifthUp, 115...120),
        ]
        for (lower, upper, interval, expected) in cases {
            let range = try NoteRange(lower: MIDINote(lower), upper: MIDINote(upper))
            #expect(range.referenceNotes(for: interval) == expected, "\(interval) in \(lower)–\(upper)")
        }
    }

    @Test(
        "at the edges of the MIDI range (0–12, 115–127) every trimmed reference note makes an exercise whose notes stay inside",
        arguments: [(0, 12), (115, 127), (0, 127)])
    func edgesOfTheMIDIRange(lower: Int, upper: Int) throws {
        let range = try NoteRange(lower: MIDINote(lower), upper: MIDINote(upper))
        for interval in everyDirectedInterval {
            let notes = range.referenceNotes(for: interval)
            #expect(!notes.isEmpty)
            for value in notes {
                let exercise = try ComparisonExercise(
                    context: ExerciseContext(
                        referenceNote: MIDINote(value), interval: interval, tuningSystem: .justIntonation),
                    centOffset: 5)
                #expect(range.contains(exercise.context.referenceNote) && range.contains(exercise.context.targetNote))
            }
            // One step beyond the trimmed notes, the target would leave the range.
            for value in [notes.lowerBound - 1, notes.upperBound + 1] where (lower...upper).contains(value) {
                #expect(!(lower...upper).contains(value + interval.semitones))
            }
        }
    }

    @Test(
        "a range that is too narrow or inverted is a clear error, not a crash",
        arguments: [(60, 71), (60, 60), (72, 60), (0, 11), (116, 127)])
    func badRangesAreErrors(lower: Int, upper: Int) throws {
        let (low, high) = (try MIDINote(lower), try MIDINote(upper))
        #expect(throws: MusicValueError.self) { try NoteRange(lower: low, upper: high) }
        do {
            _ = try NoteRange(lower: low, upper: high)
        } catch {
            let message = error.description
            #expect(message.contains(low.name) && message.contains(high.name))
            #expect(
                error
                    == (lower < upper
                        ? .noteRangeTooNarrow(lower: low, upper: high) : .noteRangeInverted(lower: low, upper: high)))
            if lower < upper { #expect(message.contains("at least 12")) }
        }
        var settings = TrainingSettings()
        #expect(throws: SettingsError.self) {
            try settings.apply(["noteRangeLower": String(max(lower, 21)), "noteRangeUpper": String(min(upper, 108))])
        }
        #expect(settings == TrainingSettings())
    }

    @Test("the interval modes draw every selected interval and nothing else; the unison modes always play the prime")
    func intervalChoice() throws {
        let selected: Set<DirectedInterval> = [
            .perfectFifthUp, DirectedInterval(.minorThird, .down), DirectedInterval(.octave, .down),
        ]
        let settings = try settings(lower: 36, upper: 84, intervals: Array(selected))
        var generator = SeededRandomNumberGenerator(seed: 11)
        var counts: [DirectedInterval: Int] = [:]
        for _ in 0..<3_000 {
            let exercise = ExerciseGenerator.comparison(
                mode: .intervalComparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator)
            counts[exercise.context.interval, default: 0] += 1
            #expect(
                ExerciseGenerator.comparison(
                    mode: .comparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator
                ).context.interval == .prime)
            #expect(
                ExerciseGenerator.pitchMatching(mode: .pitchMatching, settings: settings, using: &generator).context
                    .interval
                    == .prime)
            #expect(
                selected.contains(
                    ExerciseGenerator.pitchMatching(mode: .intervalPitchMatching, settings: settings, using: &generator)
                        .context.interval))
        }
        #expect(Set(counts.keys) == selected)
        // Each of three intervals about a third of the time (binomial sd ≈ 26 of 1 000).
        #expect(counts.values.allSatisfy { (850...1_150).contains($0) }, "\(counts)")
    }

    @Test("the sign of the offset is random, about half up and half down")
    func randomSign() {
        var generator = SeededRandomNumberGenerator(seed: 12)
        let offsets = (0..<2_000).map { _ in
            ExerciseGenerator.comparison(
                mode: .comparison, settings: TrainingSettings(), previous: nil, profileThreshold: 20, using: &generator
            ).centOffset
        }
        #expect(offsets.allSatisfy { $0.magnitude == 20 })
        #expect((900...1_100).contains(offsets.filter { $0 > 0 }.count))
    }

    @Test(
        "the loudness offset lies within ±(setting · 2 dB), spreads over it, and is exactly 0 at setting 0",
        arguments: [0.0, 0.25, 1.0])
    func loudnessOffset(variation: Double) throws {
        var settings = TrainingSettings()
        try settings.setValue(String(variation), for: .loudnessVariation)
        #expect(ExerciseGenerator.maximumLoudnessOffset == 2)
        var generator = SeededRandomNumberGenerator(seed: 13)
        let offsets = (0..<2_000).map { _ in
            ExerciseGenerator.comparison(
                mode: .comparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator
            )
            .loudnessOffset.value
        }
        let bound = variation * 2
        #expect(offsets.allSatisfy { abs($0) <= bound })
        if variation == 0 {
            #expect(offsets.allSatisfy { $0 == 0 })
        } else {
            #expect(offsets.min()! < -0.95 * bound && offsets.max()! > 0.95 * bound)
        }
    }

    @Test("with the same seed the generator makes the same exercises; another seed makes others")
    func reproducible() throws {
        let settings = try settings(lower: 40, upper: 90, intervals: DirectedInterval.all)
        func exercises(seed: UInt64) -> ([ComparisonExercise], [PitchMatchingExercise]) {
            var generator = SeededRandomNumberGenerator(seed: seed)
            let comparisons = (0..<200).map { _ in
                ExerciseGenerator.comparison(
                    mode: .intervalComparison, settings: settings, previous: nil, profileThreshold: nil,
                    using: &generator)
            }
            let matchings = (0..<200).map { _ in
                ExerciseGenerator.pitchMatching(mode: .intervalPitchMatching, settings: settings, using: &generator)
            }
            return (comparisons, matchings)
        }
        #expect(exercises(seed: 5) == exercises(seed: 5))
        #expect(exercises(seed: 5) != exercises(seed: 6))
    }

    @Test("the exercise uses the settings' tuning system")
    func tuningSystemFromSettings() throws {
        var settings = TrainingSettings()
        try settings.setValue("justIntonation", for: .tuningSystem)
        var generator = SeededRandomNumberGenerator(seed: 14)
        #expect(
            ExerciseGenerator.comparison(
                mode: .intervalComparison, settings: settings, previous: nil, profileThreshold: nil, using: &generator
            ).context.tuningSystem == .justIntonation)
        #expect(
            ExerciseGenerator.pitchMatching(mode: .intervalPitchMatching, settings: settings, using: &generator)
                .context.tuningSystem == .justIntonation)
    }
}
