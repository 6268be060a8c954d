/// One `shdr` record (SoundFont 2.04 §7.10): where a sample's data lies and how it is pitched.
public struct SampleHeader: Sendable, Equatable {
    public var name: String
    /// In a plain SF2 sample, frame offsets into `smpl` (16-bit words); in an SF3 sample, byte
    /// offsets into `smpl` of its Ogg Vorbis stream, `[start, end)`.
    public var start: Int
    public var end: Int
    /// As stored: absolute frames into `smpl` for SF2, frames relative to the sample's first frame
    /// for SF3 (MuseScore's writer rewrites them). `Region` gives them relative in both cases.
    public var loopStart: Int
    public var loopEnd: Int
    public var sampleRate: Int
    /// The MIDI key at which the sample sounds at its own rate (255 in some files: unpitched).
    public var originalPitch: Int
    /// The correction in cents that playback applies (SoundFont 2.04 §7.10, signed, −99…99): a
    /// sample recorded 4 cents sharp of `originalPitch` has −4, so its data sounds at
    /// `originalPitch − pitchCorrection / 100`.
    public var pitchCorrection: Int
    /// The other channel of a stereo pair, `sampleLink`.
    public var link: Int
    /// `sfSampleType`: 1 mono, 2 right, 4 left, 8 linked, 0x8000 ROM; 0x10 marks SF3 Ogg Vorbis.
    public var type: Int

    /// Whether the data is an Ogg Vorbis stream (SF3) rather than 16-bit PCM.
    public var isOggVorbis: Bool { type & 0x10 != 0 }
    /// Whether the data lives in a synthesizer's ROM rather than in the file.
    public var isROM: Bool { type & 0x8000 != 0 }
}
