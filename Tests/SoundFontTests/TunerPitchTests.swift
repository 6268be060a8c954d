import Foundation
import SoundFont
import Testing

/// `TunerPitch` on synthetic sounds whose pitch is known by construction.
@Suite("TunerPitch: the first partial's intensity-weighted frequency")
struct TunerPitchTests {
    static let rate = 44100
    static let frequency = 293.7
    /// The note's first second after its onset, as the preparation measures it.
    static let firstSecond = 4410..<44100

    /// One second of partials `harmonics` of `frequency` (amplitude 1/k, phase k), rounded to Float.
    static func tone(harmonics: ClosedRange<Int>, frequency: Double = frequency, rate: Int = rate) -> [Float] {
        (0..<rate).map { frame in
            let time = Double(frame) / Double(rate)
            return Float(
                harmonics.reduce(0) {
                    $0 + sin(2 * Double.pi * Double($1) * frequency * time + Double($1)) / Double($1) / 3
                })
        }
    }

    static func cents(_ hertz: Double, _ reference: Double) -> Double { 1200 * log2(hertz / reference) }

    @Test("a harmonic tone: its first partial's frequency, found 40 cents from where it was sought")
    func harmonicTone() throws {
        let pitch = try #require(
            TunerPitch(
                of: Self.tone(harmonics: 1...8), sampleRate: Self.rate, near: Self.frequency * exp2(40.0 / 1200),
                over: Self.firstSecond))
        #expect(abs(Self.cents(pitch.hertz, Self.frequency)) < 0.01)
        #expect(pitch.partial == 1)
        #expect(pitch.variationCents < 0.5)
    }

    @Test("a missing fundamental: half the second partial's frequency")
    func missingFundamental() throws {
        let pitch = try #require(
            TunerPitch(
                of: Self.tone(harmonics: 2...8), sampleRate: Self.rate, near: Self.frequency * exp2(-40.0 / 1200),
                over: Self.firstSecond))
        #expect(pitch.partial == 2)
        #expect(abs(Self.cents(pitch.hertz, Self.frequency)) < 0.01)
    }

    @Test("a drifting tone: its frequency weighted by its intensity, and a variation of the drift's size")
    func driftingTone() throws {
        // From −10 to +10 cents over the second while the amplitude grows fivefold.
        let frames = (0..<Self.rate).map { Double($0) / Double(Self.rate) }
        let amplitudes = frames.map { 0.2 + 0.8 * $0 }
        let frequencies = frames.map { Self.frequency * exp2((-10 + 20 * $0) / 1200) }
        var phase = 0.0
        let signal = zip(amplitudes, frequencies).map { amplitude, frequency in
            phase += 2 * Double.pi * frequency / Double(Self.rate)
            return Float(amplitude * (sin(phase) + 0.5 * sin(2 * phase + 1) + 0.3 * sin(3 * phase + 2)) / 2)
        }
        let pitch = try #require(
            TunerPitch(of: signal, sampleRate: Self.rate, near: Self.frequency, over: Self.firstSecond))
        // The definition, computed directly: ∫a²f / ∫a² over the frames' centres (two periods in
        // from either end of the window).
        let edge = Int((2 * Double(Self.rate) / Self.frequency).rounded())
        let span = (Self.firstSecond.lowerBound + edge)..<(Self.firstSecond.upperBound - edge)
        let expected =
            span.reduce(0) { $0 + amplitudes[$1] * amplitudes[$1] * frequencies[$1] }
            / span.reduce(0) { $0 + amplitudes[$1] * amplitudes[$1] }
        #expect(abs(Self.cents(pitch.hertz, expected)) < 0.1)
        // An unweighted mean would sit near the middle, 0 cents; the weighting pulls it up.
        #expect(Self.cents(pitch.hertz, Self.frequency) > 2)
        // Nine 0.1 s parts from −8 to +8 cents, roughly.
        #expect(pitch.variationCents > 14 && pitch.variationCents < 20)
    }

    @Test("a loop that is not a whole number of periods sounds at its whole cycles over its length, not the sine's")
    func loopNotWholePeriods() throws {
        // 22.967 periods of a sine in a 293-frame loop at 32 kHz, like the piano's top zones: played
        // looped, its partial splits into lines 109 Hz apart, the strongest at 23 cycles per loop.
        let rate = 32000
        let length = 293
        let frequency = 22.967 * Double(rate) / Double(length)
        let sample = (0..<2000).map { Float(sin(2 * Double.pi * frequency * Double($0) / Double(rate)) / 2) }
        let loop = 1000..<(1000 + length)
        var played = Array(sample[..<loop.upperBound])
        while played.count < rate { played += sample[loop] }
        let window = (loop.upperBound + length)..<(loop.upperBound + 55 * length)
        let pitch = try #require(TunerPitch(of: played, sampleRate: rate, near: frequency, over: window))
        let wholeCycles = 23 * Double(rate) / Double(length)
        #expect(abs(Self.cents(pitch.hertz, wholeCycles)) < 0.1)
        #expect(Self.cents(pitch.hertz, frequency) > 2)
        // The attack, before the loop, is the sine itself.
        let attack = try #require(TunerPitch(of: played, sampleRate: rate, near: frequency, over: 0..<1000))
        #expect(abs(Self.cents(attack.hertz, frequency)) < 0.1)
    }

    @Test("silence and a window shorter than two frames have no pitch")
    func nothingToMeasure() {
        #expect(
            TunerPitch(of: [Float](repeating: 0, count: 44100), sampleRate: 44100, near: 440, over: 0..<44100) == nil)
        #expect(TunerPitch(of: Self.tone(harmonics: 1...1), sampleRate: 44100, near: 440, over: 0..<450) == nil)
    }
}
