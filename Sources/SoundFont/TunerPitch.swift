import Foundation

/// The pitch a tuner reads from a stretch of sound (docs/sounds.md, "In tune"): the frequency of
/// its first partial — half that of the second where the first is missing — averaged over the
/// stretch with each moment weighted by the partial's intensity.
///
/// That average is the intensity-weighted average of instantaneous frequency (Anantharaman,
/// Krishnamurthy & Feth 1993, JASA 94:723), which equals the centroid of the partial's spectrum
/// (Cohen 1989, Proc. IEEE 77:941): a steady partial's own frequency; for a partial whose pitch
/// moves (vibrato, a drift, an ensemble) the mean a listener hears, with its loud moments counting
/// more than its faint ones; for two partials close together (a loop that is not a whole number of
/// periods makes them) the average they beat around.
///
/// Method: the partial is demodulated at a trial frequency `f` in Hann frames four periods of the
/// nominal frequency long, two periods apart — a band-pass whose zeros fall on the neighbouring
/// partials. The phase advance from one frame to the next gives the instantaneous frequency
/// `f + Δφ·rate/(2π·hop)` (unambiguous within a quarter of the nominal frequency), and the
/// product of the two frames' magnitudes its weight (the partial's intensity there); the first
/// partial is demodulated once more at their weighted mean, which centres the band. It counts as
/// missing when its mean intensity is below a thousandth (−30 dB) of the second's, which is then
/// measured the same way.
///
/// - Complexity: O(window) per partial and pass, each sample read by two frames; three or four
///   passes.
public struct TunerPitch: Sendable, Equatable {
    public var hertz: Double
    /// How far the pitch moves over the stretch: the largest distance in cents between the pitches
    /// of its 0.1 s parts (each measured the same way), among the parts at least a hundredth as
    /// intense as the most intense.
    public var variationCents: Double
    /// The partial measured: 1, or 2 where the first is missing (`hertz` is then half its frequency).
    public var partial: Int

    /// Parts of the stretch compared for `variationCents`, in seconds.
    static let partSeconds = 0.1

    /// The pitch of `signal[window]` sampled at `sampleRate`, looking for the first partial near
    /// `nominalHertz` (within about a quarter of it either way); nil where the window is shorter
    /// than a frame and a hop (six periods) or silent.
    public init?(of signal: [Float], sampleRate: Int, near nominalHertz: Double, over window: Range<Int>) {
        let rate = Double(sampleRate)
        let window = window.clamped(to: 0..<signal.count)
        // Six periods at least (a frame and a hop), and below the Nyquist frequency.
        guard nominalHertz.isFinite, nominalHertz > 0, 6 * rate < nominalHertz * Double(window.count),
            2 * nominalHertz < rate
        else { return nil }
        let frameLength = max(4, Int((4 * rate / nominalHertz).rounded()))
        let hop = max(1, Int((2 * rate / nominalHertz).rounded()))
        guard window.count >= frameLength + hop else { return nil }
        let first = Self.track(signal, window, frameLength, hop, rate, from: nominalHertz, passes: 2)
        // A second partial above the Nyquist frequency cannot be there; where the first is
        // present, one pass tells its intensity.
        let second =
            4 * nominalHertz < rate
            ? Self.track(signal, window, frameLength, hop, rate, from: 2 * nominalHertz, passes: 1) : nil
        let missing = (first?.intensity ?? 0) * 1000 < (second?.intensity ?? 0)
        let track =
            missing ? Self.track(signal, window, frameLength, hop, rate, from: 2 * nominalHertz, passes: 2) : first
        guard let track else { return nil }
        let divisor = missing ? 2.0 : 1.0
        hertz = track.hertz / divisor
        partial = missing ? 2 : 1
        // Each frequency belongs to the part where its two frames meet.
        let partLength = max(1, Int((Self.partSeconds * rate).rounded()))
        var parts = [(sum: Double, weight: Double, count: Int)](
            repeating: (0, 0, 0), count: (window.count - 1) / partLength + 1)
        for (index, (frequency, weight)) in zip(track.frequencies, track.weights).enumerated() {
            let part = (index * hop + hop / 2 + frameLength / 2) / partLength
            parts[part].sum += weight * frequency / divisor
            parts[part].weight += weight
            parts[part].count += 1
        }
        let measured = parts.filter { $0.count > 0 && $0.weight > 0 }
        let loudest = measured.map { $0.weight / Double($0.count) }.max() ?? 0
        let pitches = measured.filter { $0.weight / Double($0.count) * 100 >= loudest }.map { $0.sum / $0.weight }
        variationCents = 1200 * log2((pitches.max() ?? 1) / (pitches.min() ?? 1))
    }

    /// One partial followed over the window: its instantaneous frequencies and their weights, their
    /// weighted mean `hertz`, and its mean `intensity`.
    private struct Track {
        var hertz: Double
        var frequencies: [Double]
        var weights: [Double]
        var intensity: Double
    }

    /// The partial nearest `start` (within the band of the frames), demodulated at `start`, then
    /// at each pass's weighted mean. Nil if silent there.
    private static func track(
        _ signal: [Float], _ window: Range<Int>, _ frameLength: Int, _ hop: Int, _ rate: Double, from start: Double,
        passes: Int
    ) -> Track? {
        var result: Track?
        var hertz = start
        let hann = (0..<frameLength).map { 0.5 - 0.5 * cos(2 * Double.pi * (Double($0) + 0.5) / Double(frameLength)) }
        for _ in 0..<passes {
            let omega = 2 * Double.pi * hertz / rate
            // The frame's kernel, Hann × e^(−iωj), real and imaginary parts interleaved; the frame
            // at `at` is turned by e^(−iω·at) after.
            let kernel = hann.indices.flatMap {
                [hann[$0] * cos(omega * Double($0)), -hann[$0] * sin(omega * Double($0))]
            }
            var frequencies: [Double] = []
            var weights: [Double] = []
            var previous: (real: Double, imaginary: Double)?
            for at in stride(from: window.lowerBound, through: window.upperBound - frameLength, by: hop) {
                let (real, imaginary) = frame(signal, at: at, kernel)
                let turn = -omega * Double(at)
                let current = (
                    real: real * cos(turn) - imaginary * sin(turn), imaginary: real * sin(turn) + imaginary * cos(turn)
                )
                if let previous {
                    // current × conj(previous): its angle is the phase advance, its size the weight.
                    let real = current.real * previous.real + current.imaginary * previous.imaginary
                    let imaginary = current.imaginary * previous.real - current.real * previous.imaginary
                    frequencies.append(hertz + atan2(imaginary, real) * rate / (2 * Double.pi * Double(hop)))
                    weights.append((real * real + imaginary * imaginary).squareRoot())
                }
                previous = current
            }
            let total = weights.reduce(0, +)
            guard total > 0 else { return nil }
            hertz = zip(frequencies, weights).reduce(0) { $0 + $1.0 * $1.1 } / total
            result = Track(
                hertz: hertz, frequencies: frequencies, weights: weights, intensity: total / Double(weights.count))
        }
        return result
    }

    /// Σ signal[at + j] · kernel[j] over the frame, for the interleaved complex kernel.
    private static func frame(_ signal: [Float], at: Int, _ kernel: [Double]) -> (Double, Double) {
        signal.withUnsafeBufferPointer { samples in
            kernel.withUnsafeBufferPointer { kernel in
                var real = 0.0
                var imaginary = 0.0
                for j in 0..<(kernel.count / 2) {
                    let value = Double(samples[at + j])
                    real += value * kernel[2 * j]
                    imaginary += value * kernel[2 * j + 1]
                }
                return (real, imaginary)
            }
        }
    }
}
