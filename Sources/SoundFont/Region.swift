/// What a preset plays for a range of keys and velocities: one instrument zone under one preset
/// zone, with their generators combined the SoundFont 2.04 §9.4 way (see
/// `SoundFont.regions(of:)`).
public struct Region: Sendable, Equatable {
    /// The keys and velocities where the preset zone, the instrument zone and their global zones
    /// all apply (their ranges intersected).
    public var keyRange: ClosedRange<Int>
    public var velocityRange: ClosedRange<Int>
    public var instrumentIndex: Int
    public var sampleIndex: Int
    public var sample: SampleHeader
    /// `overridingRootKey` (58) if the zone sets one (≥ 0), else the sample's original pitch.
    public var rootKey: Int
    /// Semitones (51) and cents (52), instrument plus preset.
    public var coarseTune: Int
    public var fineTune: Int
    /// `sampleModes` (54): 0 or 2 play the sample once, 1 loops, 3 loops until release.
    public var sampleModes: Int
    /// The loop `[loopStart, loopEnd)`, in frames from the sample's first frame, with the zone's
    /// loop offsets (2, 3, 45, 50) applied.
    public var loopStart: Int
    public var loopEnd: Int
    /// Frames the zone cuts from the sample's start (0, 4) or adds at its end (1, 12; negative to
    /// cut), relative to the sample's own start and end.
    public var startOffset: Int
    public var endOffset: Int
    /// `initialAttenuation` (48), centibels, instrument plus preset.
    public var initialAttenuation: Int

    public var pitchCorrection: Int { sample.pitchCorrection }
    public var loops: Bool { sampleModes == 1 || sampleModes == 3 }

    /// The pitch of the sample data played at its own rate, in MIDI cents (6900 is A4, 440 Hz):
    /// the root key sounds at the sample's own rate, off by the negative of the sample's pitch
    /// correction (the correction playback applies, SoundFont 2.04 §7.10; FluidSynth's
    /// `root_pitch`), and the tuning generators move the note up by as much as they move the
    /// data's pitch down (docs/sounds.md).
    public var pitchCents: Double {
        Double(100 * rootKey - pitchCorrection - 100 * coarseTune - fineTune)
    }
}
