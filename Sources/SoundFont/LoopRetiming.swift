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
    /// Kernel values per frame of distance (the kernel between them is interpolated linearly).
    static let kernelSteps = 512
    /// The windowed sinc (Blackman window) at distances 0, 1/kernelSteps, …, taps.
    static let kernel: [Double] = (0...(taps * kernelSteps)).map { step in
        let distance = Double(step) / Double(kernelSteps)
        guard distance > 0 else { return 1 }
        let x = Double.pi * distance
        let window = 0.42 + 0.5 * cos(x / Double(taps)) + 0.08 * cos(2 * x / Double(taps))
        return sin(x) / x * window
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
        let samples = Array(loop)
        let step = Double(copies * original) / Double(length)
        frames = (0..<(length + 8)).map { frame in
            let position = (Double(frame) * step).truncatingRemainder(dividingBy: Double(original))
            return Float(Self.periodicValue(samples, at: position))
        }
    }

    /// The band-limited value of the periodic signal whose one period is `samples`, at `position`.
    private static func periodicValue(_ samples: [Float], at position: Double) -> Double {
        let whole = Int(position.rounded(.down))
        let fraction = position - Double(whole)
        var value = 0.0
        for offset in (1 - taps)...taps {
            let distance = abs(Double(offset) - fraction) * Double(kernelSteps)
            let index = Int(distance)
            guard index < kernel.count - 1 else { continue }
            let between = distance - Double(index)
            let weight = kernel[index] + (kernel[index + 1] - kernel[index]) * between
            var frame = (whole + offset) % samples.count
            if frame < 0 { frame += samples.count }
            value += Double(samples[frame]) * weight
        }
        return value
    }
}
