import Foundation

/// A zone brought in tune with the frequency it is played against (docs/sounds.md, "In tune"):
/// its sample measured as Peach plays it at its own rate — the attack, then the loop repeated —
/// by `TunerPitch`, and its loop retimed where the loop sounds at another pitch than the note's
/// first second.
///
/// The recorded samples are not in tune with the roots their SoundFont declares (by up to tens of
/// cents), and a loop sounds at a pitch of its own: the average of the partials its repetition
/// makes (a loop of a few periods that is not a whole number of them, as at the piano's top), or
/// the mean of the part of a vibrato it holds. So two stretches are measured:
///
/// - the note's first second, from 0.1 s (after the attack's onset) to 1 s (Peach's default note
///   length): its pitch is the zone's root, what `PreparedZone.pitchCents` declares;
/// - the loop, over whole repetitions of it, at least 0.5 s: what a held note (the tunable note of
///   pitch matching, a longer note) settles on.
///
/// Where the two differ by more than 0.1 cent, the loop is retimed (`LoopRetiming`) to sound at the
/// root. The root itself moves with it where the first second reaches into the loop, so the
/// difference between the two is a function of how much the loop is slowed; its zero is found by
/// the secant method, in a few measurements, and the closest retiming tried is kept.
///
/// - Complexity: O(rate · seconds measured) per measurement (a few), plus O(loop · taps) per retiming.
struct ZoneTuning {
    /// The zone's frames: the sample's own up to the loop start, then its loop, retimed or not.
    var frames: [Float]
    var loop: Range<Int>?
    /// The first second's pitch: the zone's root.
    var pitch: TunerPitch
    /// The loop's pitch, as played after any retiming; nil without a loop.
    var loopPitch: TunerPitch?
    /// The loop's length in the sample, before any retiming.
    var sourceLoopLength: Int?

    /// The note's first second, in seconds of the sample played at its own rate.
    static let firstSecond = 0.1..<1.0
    /// Whole repetitions of the loop measured: at least this long, in seconds.
    static let loopSeconds = 0.5
    /// The loop is retimed where its pitch is further than this from the root, in cents.
    static let loopToleranceCents = 0.1
    /// The secant search stops when the loop is this close to the root it gives, in cents.
    static let convergenceCents = 0.02

    /// `frames` (the zone's, looping over `loop` if any) tuned; `nominalHertz`: the pitch the
    /// SoundFont declares, near which the first partial is sought. Nil where no pitch can be
    /// measured (a sound shorter than 0.1 s plus six periods, or a silent one): the zone then
    /// keeps the declared pitch.
    init?(frames: ArraySlice<Float>, loop: Range<Int>?, sampleRate: Int, nominalHertz: Double) {
        // What FLAC can hold (`FLACFile.encode`); anything else fails there, unmeasured.
        guard (1...655_350).contains(sampleRate) else { return nil }
        let rate = Double(sampleRate)
        let first =
            Int((Self.firstSecond.lowerBound * rate).rounded())..<Int((Self.firstSecond.upperBound * rate).rounded())
        func measure(_ frames: [Float], _ loop: Range<Int>?, near nominal: Double, held: Bool = true) -> Measured? {
            let loopWindow = loop.flatMap { loop -> Range<Int>? in
                guard held else { return nil }
                let copies = Int((Self.loopSeconds * rate / Double(loop.count)).rounded(.up))
                return loop.upperBound..<(loop.upperBound + copies * loop.count)
            }
            let played = Self.played(frames, loop: loop, count: max(first.upperBound, loopWindow?.upperBound ?? 0))
            guard let pitch = TunerPitch(of: played, sampleRate: sampleRate, near: nominal, over: first) else {
                return nil
            }
            let held = loopWindow.flatMap { TunerPitch(of: played, sampleRate: sampleRate, near: nominal, over: $0) }
            return Measured(frames: frames, loop: loop, pitch: pitch, loopPitch: held)
        }
        let source = Array(frames)
        guard let rough = measure(source, loop, near: nominalHertz, held: false) else { return nil }
        // Frames four periods of the pitch itself, as a tuner following the note has them, not of
        // the declared pitch: an irregular sound (the choir's) measures up to a cent differently in
        // frames a few percent longer.
        var nominal = rough.pitch.hertz
        guard var tuned = measure(source, loop, near: nominal) else { return nil }
        if let loop, let held = tuned.loopPitch,
            abs(Self.cents(held.hertz, tuned.pitch.hertz)) > Self.loopToleranceCents
        {
            tuned = Self.retimingLoop(source, loop, from: tuned, sampleRate: sampleRate) {
                measure($0, $1, near: nominal)
            }
        }
        if abs(Self.cents(tuned.pitch.hertz, nominal)) > 0.5 {
            nominal = tuned.pitch.hertz
            tuned = measure(tuned.frames, tuned.loop, near: nominal) ?? tuned
        }
        self.frames = tuned.frames
        self.loop = tuned.loop
        pitch = tuned.pitch
        loopPitch = tuned.loopPitch
        sourceLoopLength = loop?.count
    }

    /// Frames with a loop, and the pitches measured on them.
    private struct Measured {
        var frames: [Float]
        var loop: Range<Int>?
        var pitch: TunerPitch
        var loopPitch: TunerPitch?
    }

    /// `source` with its loop retimed so that the held loop sounds at the root, the best of the
    /// retimings tried (`recorded`: the zone as recorded).
    ///
    /// The loop slowed by 2^u; h(u) = log2(root) − log2(loop), zero where they agree: from u = 0
    /// (as recorded), a first guess that moves only the loop, then the secant method.
    private static func retimingLoop(
        _ source: [Float], _ loop: Range<Int>, from recorded: Measured, sampleRate: Int,
        measure: ([Float], Range<Int>) -> Measured?
    ) -> Measured {
        var best = recorded
        guard let held = recorded.loopPitch else { return best }
        var previous = (u: 0.0, h: log2(recorded.pitch.hertz / held.hertz))
        var guess = previous.u - previous.h
        for _ in 0..<4 {
            // A semitone at most: a recorded loop is never further off than that, a wild guess is.
            guess = min(max(guess, -1.0 / 12), 1.0 / 12)
            let retimed = LoopRetiming(source[loop], slowedBy: exp2(guess), sampleRate: sampleRate)
            guard
                let result = measure(
                    Array(source[..<loop.lowerBound]) + retimed.frames,
                    loop.lowerBound..<(loop.lowerBound + retimed.length)),
                let held = result.loopPitch
            else { return best }
            let u = log2(retimed.slowdown)
            let h = log2(result.pitch.hertz / held.hertz)
            if abs(h) < abs(log2(best.pitch.hertz / (best.loopPitch?.hertz ?? 1))) { best = result }
            if abs(1200 * h) <= convergenceCents || h == previous.h { return best }
            guess = u - h * (u - previous.u) / (h - previous.h)
            previous = (u, h)
        }
        return best
    }

    /// `count` frames of `frames` as played: to the loop's end, then the loop over and over (or
    /// silence after the end of a zone that does not loop).
    static func played(_ frames: [Float], loop: Range<Int>?, count: Int) -> [Float] {
        guard let loop, !loop.isEmpty else {
            return Array(frames.prefix(count)) + [Float](repeating: 0, count: max(0, count - frames.count))
        }
        var played = Array(frames.prefix(min(count, loop.upperBound)))
        played.reserveCapacity(count)
        while played.count < count {
            played += frames[loop.lowerBound..<min(loop.upperBound, loop.lowerBound + count - played.count)]
        }
        return played
    }

    private static func cents(_ hertz: Double, _ reference: Double) -> Double { 1200 * log2(hertz / reference) }
}
