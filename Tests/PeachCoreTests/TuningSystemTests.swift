import Foundation
import PeachCore
import Testing

/// The frequency ratios of each tuning system, written out here so that the expected sizes do not
/// come from the code under test. Index = semitones (prime … octave); `nil` = 12-TET.
private let ratioTable: [TuningSystem: [(Double, Double)]] = [
    .justIntonation: [
        (1, 1), (16, 15), (9, 8), (6, 5), (5, 4), (4, 3), (45, 32), (3, 2), (8, 5), (5, 3), (9, 5), (15, 8), (2, 1),
    ],
    .pythagorean: [
        (1, 1), (256, 243), (9, 8), (32, 27), (81, 64), (4, 3), (1024, 729), (3, 2), (128, 81), (27, 16), (16, 9),
        (243, 128), (2, 1),
    ],
]

/// The expected size in cents of `semitones` (0…12) in `system`: `1200 · log2(ratio)`.
private func expectedCents(semitones: Int, in system: TuningSystem) -> Double {
    guard let ratio = ratioTable[system]?[semitones] else { return 100 * Double(semitones) }
    return 1200 * log2(ratio.0 / ratio.1)
}

/// The distance between two frequencies in cents.
private func centsBetween(_ hertz: Double, _ expected: Double) -> Double {
    1200 * log2(hertz / expected)
}

@Suite("Tuning systems and frequencies")
struct TuningSystemTests {
    static let referencePitches = [415.0, 440.0, 466.0]

    @Test("the ratio table covers every system the code knows")
    func everySystemHasExpectedSizes() {
        #expect(Set(TuningSystem.allCases) == [.equalTemperament, .justIntonation, .pythagorean])
    }

    @Test(
        "well-known sizes: just fifth 701.955, just major third 386.314, Pythagorean major third 407.820, Pythagorean d5 588.270 cents"
    )
    func knownSizes() {
        #expect(abs(TuningSystem.justIntonation.cents(for: .perfectFifth).value - 701.955) < 0.001)
        #expect(abs(TuningSystem.justIntonation.cents(for: .majorThird).value - 386.314) < 0.001)
        #expect(abs(TuningSystem.pythagorean.cents(for: .majorThird).value - 407.820) < 0.001)
        #expect(abs(TuningSystem.pythagorean.cents(for: .tritone).value - 588.270) < 0.001)
        #expect(TuningSystem.equalTemperament.cents(for: .perfectFifth) == 700)
        for system in TuningSystem.allCases {
            #expect(system.cents(for: Interval.prime) == 0)
            #expect(abs(system.cents(for: .octave).value - 1200) < 1e-9)
        }
    }

    @Test("every interval in every system matches 1200·log2(ratio) to 0.001 cent, negative downward")
    func intervalSizes() {
        for system in TuningSystem.allCases {
            for interval in Interval.allCases {
                let expected = expectedCents(semitones: interval.semitones, in: system)
                #expect(abs(system.cents(for: interval).value - expected) < 0.001, "\(system) \(interval)")
                #expect(abs(system.cents(for: DirectedInterval(interval, .up)).value - expected) < 0.001)
                #expect(abs(system.cents(for: DirectedInterval(interval, .down)).value + expected) < 0.001)
            }
        }
    }

    @Test(
        "every interval, direction, system and reference note whose target exists, at 415, 440 and 466 Hz: the target is within 0.001 cent of ref·2^(cents/1200)"
    )
    func targetFrequencies() throws {
        var checked = 0
        var failures: [String] = []
        for hertz in Self.referencePitches {
            let referencePitch = try Frequency(hertz: hertz)
            for system in TuningSystem.allCases {
                for interval in Interval.allCases {
                    for direction in Direction.allCases {
                        let directed = DirectedInterval(interval, direction)
                        let sign = direction == .up ? 1.0 : -1.0
                        let cents = sign * expectedCents(semitones: interval.semitones, in: system)
                        for value in 0...127 {
                            let targetValue = value + Int(sign) * interval.semitones
                            guard (0...127).contains(targetValue) else {
                                // No target: the exercise cannot exist, and says so.
                                #expect(throws: MusicValueError.self) {
                                    try PitchMatchingExercise(
                                        context: ExerciseContext(
                                            referenceNote: MIDINote(value), interval: directed, tuningSystem: system),
                                        initialCentOffset: 0)
                                }
                                continue
                            }
                            let referenceHertz = hertz * pow(2, Double(value - 69) / 12)
                            let expectedTarget = referenceHertz * pow(2, cents / 1200)
                            let matching = try PitchMatchingExercise(
                                context: ExerciseContext(
                                    referenceNote: MIDINote(value), interval: directed, tuningSystem: system),
                                initialCentOffset: 37.5)
                            let exercise = try ComparisonExercise(
                                context: ExerciseContext(
                                    referenceNote: MIDINote(value), interval: directed, tuningSystem: system),
                                centOffset: -4.25)
                            let errors = [
                                centsBetween(
                                    matching.context.referenceFrequency(referencePitch: referencePitch).hertz,
                                    referenceHertz),
                                centsBetween(
                                    matching.context.targetFrequency(referencePitch: referencePitch).hertz,
                                    expectedTarget),
                                centsBetween(
                                    matching.startFrequency(referencePitch: referencePitch).hertz,
                                    expectedTarget * pow(2, 37.5 / 1200)),
                                centsBetween(
                                    exercise.context.referenceFrequency(referencePitch: referencePitch).hertz,
                                    referenceHertz),
                                centsBetween(
                                    exercise.context.referenceFrequency(referencePitch: referencePitch)
                                        .shifted(
                                            by: exercise.context.tuningSystem.cents(for: exercise.context.interval)
                                        ).hertz,
                                    expectedTarget),
                                centsBetween(
                                    exercise.targetFrequency(referencePitch: referencePitch).hertz,
                                    expectedTarget * pow(2, -4.25 / 1200)),
                            ]
                            if matching.context.targetNote.rawValue != targetValue
                                || errors.contains(where: { abs($0) >= 0.001 })
                            {
                                failures.append("\(hertz) Hz \(system) \(directed) from \(value): \(errors)")
                            }
                            checked += 1
                        }
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        // 3 pitches × 3 systems × Σ over 13 intervals × 2 directions of (128 − semitones) notes.
        let perSystem = Interval.allCases.reduce(0) { $0 + 2 * (128 - $1.semitones) }
        #expect(checked == 3 * 3 * perSystem)
    }

    @Test("A4 sounds at the reference pitch and octaves double")
    func anchor() throws {
        for hertz in Self.referencePitches {
            let referencePitch = try Frequency(hertz: hertz)
            #expect(Pitch(note: .a4).frequency(referencePitch: referencePitch).hertz == hertz)
            #expect(
                abs(Pitch(note: try MIDINote(81)).frequency(referencePitch: referencePitch).hertz - 2 * hertz) < 1e-9)
            #expect(abs(Pitch(note: try MIDINote(60)).frequency(referencePitch: .concertA).hertz - 261.6255653) < 1e-6)
        }
    }

    @Test("note + cents → frequency → note + cents → frequency round-trips within 0.001 cent over the MIDI range")
    func pitchRoundTrip() throws {
        let offsets = [-50.0, -49.999, -25.5, -12.345, -0.001, 0, 0.001, 7.77, 33.3, 49.999]
        var failures: [String] = []
        for hertz in Self.referencePitches {
            let referencePitch = try Frequency(hertz: hertz)
            for value in 0...127 {
                for cents in offsets {
                    let pitch = Pitch(note: try MIDINote(value), cents: Cents(cents))
                    let frequency = pitch.frequency(referencePitch: referencePitch)
                    let expected = hertz * pow(2, (Double(value - 69) + cents / 100) / 12)
                    let back = Pitch(frequency: frequency, referencePitch: referencePitch)
                    let again = back.frequency(referencePitch: referencePitch)
                    let recoveredCents = Double(back.note.rawValue - value) * 100 + back.cents.value - cents
                    if abs(centsBetween(frequency.hertz, expected)) >= 0.001 || abs(recoveredCents) >= 0.001
                        || abs(centsBetween(again.hertz, frequency.hertz)) >= 0.001
                    {
                        failures.append(
                            "\(hertz) Hz note \(value) \(cents) ct → \(back.note.rawValue) \(back.cents.value) ct")
                    }
                    // Within −50 ..< 50 cents the note itself comes back.
                    if cents > -50, cents < 50, back.note.rawValue != value {
                        failures.append("\(hertz) Hz note \(value) \(cents) ct came back as note \(back.note.rawValue)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("frequency → pitch → frequency round-trips within 0.001 cent for random frequencies over the MIDI range")
    func frequencyRoundTrip() throws {
        var generator = SeededRandomNumberGenerator(seed: 2)
        let lowest = 440 * pow(2, -69.0 / 12)
        let highest = 440 * pow(2, 58.0 / 12)
        for _ in 0..<10_000 {
            let hertz = lowest * pow(highest / lowest, Double.random(in: 0...1, using: &generator))
            let frequency = try Frequency(hertz: hertz)
            let pitch = Pitch(frequency: frequency, referencePitch: .concertA)
            #expect(abs(centsBetween(pitch.frequency(referencePitch: .concertA).hertz, hertz)) < 0.001)
            #expect(pitch.cents >= -50.001 && pitch.cents < 50.001)
        }
    }

    @Test("beyond the MIDI range the note clamps to 0 or 127 and the cents carry the rest exactly")
    func clampsAtTheEnds() throws {
        let low = Pitch(frequency: try Frequency(hertz: 4), referencePitch: .concertA)
        #expect(low.note.rawValue == 0)
        #expect(abs(centsBetween(low.frequency(referencePitch: .concertA).hertz, 4)) < 0.001)
        let high = Pitch(frequency: try Frequency(hertz: 20_000), referencePitch: .concertA)
        #expect(high.note.rawValue == 127)
        #expect(abs(centsBetween(high.frequency(referencePitch: .concertA).hertz, 20_000)) < 0.001)
    }

    @Test("frequencies must be positive and finite", arguments: [0.0, -440, .nan, .infinity, -.infinity])
    func rejectsBadFrequencies(hertz: Double) {
        #expect(throws: MusicValueError.self) { try Frequency(hertz: hertz) }
    }

    @Test("shifting by cents and measuring cents are inverse")
    func shiftAndMeasure() throws {
        let a = try Frequency(hertz: 440)
        #expect(abs(a.shifted(by: 1200).hertz - 880) < 1e-9)
        #expect(abs(a.shifted(by: 701.955).cents(from: a).value - 701.955) < 1e-9)
        #expect(abs(Frequency.concertA.cents(from: try Frequency(hertz: 880)).value + 1200) < 1e-9)
    }
}
