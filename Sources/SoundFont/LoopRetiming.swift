import Foundation

/// A loop played a little slower or faster, baked into new frames: the loop's data read as the
/// periodic signal it is when looped, stretched to `slowdown` times its own length, by band-limited
/// (windowed-sinc) interpolation. Its pitch moves by the factor 1/`slowdown` (to within
/// `maximumErrorCents`), its timbre by the same imperceptible factor, and it still joins itself
/// seamlessly.
///
/// A loop must be a whole number of frames, so `copies` of the loop (K) are stretched over `length`
/// (P) frames, with K the smallest count that brings P/(K·L) within `maximumErrorCents` of the
/// factor asked for (one copy for loops of thousands of frames; more for a loop a few periods
/// long, whose one-frame steps are cents apart).
///
/// - Complexity: O(P · taps), with P at most about `sampleRate` frames more than K·L.
struct LoopRetiming {
    /// The new loop's frames, then 8 frames that continue it (SoundFont 2.04 §7.10 asks for 8
    /// valid frames after the loop end).
    var frames: [Float]
    /// P: the new loop's length in frames.
    var length: Int
    /// K: copies of the original loop in the new one.
    var copies: Int
    /// P / (K·L): the factor the loop is actually slowed by.
    var slowdown: Double

    static let maximumErrorCents = 0.1
    /// Frames either side of a read position that the interpolation weighs.
    static let taps = 16
    /// Read positions per frame for which the weights are tabulated: the nearest is used, a
    /// timing error of at most 1/8192 frame (an error 74 dB down at a quarter of the sample rate).
    static let phases = 4096
    /// The windowed sinc (Blackman window) weights of the 2·taps frames around a read position
    /// `phase / phases` of a frame past the first of the two nearest: row `phase`, frames
    /// `1 − taps … taps` from that first one.
    static let weights: [Double] = (0...phases).flatMap { phase in
        ((1 - taps)...taps).map { offset in
            let distance = Double(offset) - Double(phase) / Double(phases)
            guard distance != 0 else { return 1 }
            let x = Double.pi * distance
            let window = 0.42 + 0.5 * cos(x / Double(taps)) + 0.08 * cos(2 * x / Double(taps))
            return sin(x) / x * window
        }
    }

    /// `loop` slowed down by `factor` (> 1: longer and lower); `sampleRate` bounds the copies to
    /// about a second of frames.
    init(_ loop: ArraySlice<Float>, slowedBy factor: Double, sampleRate: Int) {
        let original = loop.count
        var best = (error: Double.infinity, copies: 1, length: max(1, Int((Double(original) * factor).rounded())))
        for copies in 1...max(1, sampleRate / original) {
            let exact = Double(copies * original) * factor
            let length = max(1, Int(exact.rounded()))
            let error = abs(1200 * log2(Double(length) / exact))
            if error < best.error { best = (error, copies, length) }
            if error <= Self.maximumErrorCents { break }
        }
        copies = best.copies
        length = best.length
        slowdown = Double(length) / Double(copies * original)
        // One period with `taps` frames of the periodic signal either side (and one more): every
        // read is in it.
        let extended = (-Self.taps..<(original + Self.taps + 1)).map { frame in
            loop[loop.startIndex + ((frame % original) + original) % original]
        }
        let count = best.length + 8
        let step = Double(best.copies * original) / Double(best.length)
        frames = extended.withUnsafeBufferPointer { extended in
            Self.weights.withUnsafeBufferPointer { weights in
                (0..<count).map { frame in
                    let position = (Double(frame) * step).truncatingRemainder(dividingBy: Double(original))
                    return Float(Self.periodicValue(extended, at: position, weights))
                }
            }
        }
    }

    /// The band-limited value at `position` of the periodic signal whose one period, with `taps`
    /// frames of it either side, is `extended`.
    private static func periodicValue(
        _ extended: UnsafeBufferPointer<Float>, at position: Double, _ weights: UnsafeBufferPointer<Double>
    ) -> Double {
        let whole = Int(position.rounded(.down))
        let row = Int(((position - Double(whole)) * Double(phases)).rounded()) * 2 * taps
        var value = 0.0
        // extended[i] is frame i − taps: the frames whole + 1 − taps … whole + taps.
        for tap in 0..<(2 * taps) {
            value += Double(extended[whole + 1 + tap]) * weights[row + tap]
        }
        return value
    }
}
