/// One zone of a prepared sound source (docs/sounds.md, `GET /sounds/index.json`): the keys it
/// plays, its sample as a FLAC file, and what the browser needs to play it at any pitch.
public struct PreparedZone: Sendable, Equatable {
    /// The MIDI keys the zone plays, inclusive.
    public var keyLow: Int
    public var keyHigh: Int
    /// The pitch of `flac` played at its own rate, in MIDI cents (6900 is A4, 440 Hz): as measured
    /// (`measuredPitch`), or the SoundFont's `declaredPitchCents` where nothing can be measured.
    public var pitchCents: Double
    /// The pitch the SoundFont declares for the sample (`Region.pitchCents`).
    public var declaredPitchCents: Double
    /// The pitch of the note's first second, played at its own rate (`ZoneTuning`).
    public var measuredPitch: TunerPitch?
    /// The pitch of the loop held, after any retiming; nil without a loop.
    public var loopPitch: TunerPitch?
    /// The loop's length in the SoundFont's sample; `loopEnd − loopStart` differs where the loop
    /// was retimed to sound at the root.
    public var sourceLoopLength: Int?
    public var sampleRate: Int
    /// Frames in `flac`.
    public var frames: Int
    /// The loop `[loopStart, loopEnd)` in frames of `flac`; nil for a zone that does not loop.
    public var loopStart: Int?
    public var loopEnd: Int?
    /// The linear gain that brings the zone to the common loudness (see `prepareZones`).
    public var gain: Double
    /// A complete FLAC file: 16-bit, mono, at `sampleRate` (lossless, so its frames and loop
    /// are exactly those prepared).
    public var flac: [UInt8]
}
