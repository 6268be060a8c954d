/// A parsed SoundFont 2 bank (SoundFont 2.04; SF3, MuseScore's variant with Ogg Vorbis samples):
/// its presets, instruments and sample headers, every index among them checked, and the sample
/// data still encoded until a sample is asked for (`decodeSample(at:)`).
///
/// - Complexity: parsing is O(file's records), one pass over the `pdta` chunk (about 20,000
///   records for FluidR3Mono_GM.sf3); the sample data is not copied.
public struct SoundFont: Sendable {
    public var info: SoundFontInfo
    /// The presets in file order, without the terminal record (`EOP`, or unnamed in SF3 files).
    public var presets: [Preset]
    /// The instruments in file order, without the terminal record.
    public var instruments: [Instrument]
    /// The sample headers in file order, without the terminal record.
    public var samples: [SampleHeader]
    /// The `smpl` chunk: 16-bit PCM frames (SF2) or one Ogg Vorbis stream per sample (SF3).
    let sampleData: SampleData

    /// Where the `smpl` chunk lies in the file's bytes.
    struct SampleData: Sendable {
        let file: FileBytes
        let range: Range<Int>

        var count: Int { range.count }
    }

    /// Where Debian's package fluidr3mono-gm-soundfont (scripts/install-deps.sh) puts the Fluid (R3)
    /// Mono GM SoundFont: the one Peach prepares its instrument sounds from unless told otherwise.
    public static let debianPath = "/usr/share/sounds/sf3/FluidR3Mono_GM.sf3"

    /// The first preset at this MIDI bank and program (General MIDI melodic presets are bank 0).
    public func preset(bank: Int, program: Int) -> Preset? {
        presets.first { $0.bank == bank && $0.program == program }
    }
}
