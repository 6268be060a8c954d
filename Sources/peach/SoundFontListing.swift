import SoundFont

/// The JSON that `peach soundfont --json` prints (docs/cli.md, "SoundFonts"): the file's
/// presets and instruments with their zones, as Peach reads and resolves them.
struct SoundFontListing: Encodable {
    struct Info: Encodable {
        var name: String
        var version: String
        var copyright: String?
    }

    struct PresetZone: Encodable {
        var global: Bool
        var keyRange: [Int]
        var velocityRange: [Int]
        var instrument: Int?
        var instrumentName: String?
    }

    struct Preset: Encodable {
        var name: String
        var bank: Int
        var program: Int
        var zones: [PresetZone]
    }

    /// One playable zone of an instrument (its global zone folded in).
    struct InstrumentZone: Encodable {
        var keyRange: [Int]
        var velocityRange: [Int]
        var sample: Int
        var sampleName: String
        var rootKey: Int
        var loopStart: Int
        var loopEnd: Int
        var sampleModes: Int
    }

    struct Instrument: Encodable {
        var index: Int
        var name: String
        var zones: [InstrumentZone]
    }

    var file: String
    var info: Info
    var presets: [Preset]
    var instruments: [Instrument]

    init(_ soundFont: SoundFont, file: String) {
        self.file = file
        info = Info(
            name: soundFont.info.name, version: "\(soundFont.info.versionMajor).\(soundFont.info.versionMinor)",
            copyright: soundFont.info.copyright)
        presets = soundFont.presets.map { preset in
            Preset(
                name: preset.name, bank: preset.bank, program: preset.program,
                zones: preset.zones.map { zone in
                    PresetZone(
                        global: zone.isGlobal, keyRange: [zone.keyRange.lowerBound, zone.keyRange.upperBound],
                        velocityRange: [zone.velocityRange.lowerBound, zone.velocityRange.upperBound],
                        instrument: zone.linkedIndex,
                        instrumentName: zone.linkedIndex.map { soundFont.instruments[$0].name })
                })
        }
        instruments = soundFont.instruments.indices.map { index in
            Instrument(
                index: index, name: soundFont.instruments[index].name,
                zones: soundFont.regions(ofInstrumentAt: index).map { region in
                    InstrumentZone(
                        keyRange: [region.keyRange.lowerBound, region.keyRange.upperBound],
                        velocityRange: [region.velocityRange.lowerBound, region.velocityRange.upperBound],
                        sample: region.sampleIndex, sampleName: region.sample.name, rootKey: region.rootKey,
                        loopStart: region.loopStart, loopEnd: region.loopEnd, sampleModes: region.sampleModes)
                })
        }
    }
}
