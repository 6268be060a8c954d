/// One zone of a prepared sound source (docs/sounds.md, `GET /sounds/index.json`): the keys it
/// plays, its sample as a FLAC file, and what the browser needs to play it at any pitch.
public struct PreparedZone: Sendable, Equatable {
    /// The MIDI keys the zone plays, inclusive.
    public var keyLow: Int
    public var keyHigh: Int
    /// The pitch of `flac` played at its own rate, in MIDI cents (`Region.pitchCents`).
    public var pitchCents: Double
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
