import Foundation
import SoundFont
import Testing

/// Debian's fluidr3mono-gm-soundfont (scripts/install-deps.sh), the SoundFont Peach plays.
let fluidPath = SoundFont.debianPath

/// The file parsed once for every test (a global `let` is initialised once, lazily and safely).
let fluid: Result<SoundFont, SoundFontError> = Result { () throws(SoundFontError) in
    let start = ContinuousClock.now
    let soundFont = try SoundFont(contentsOf: fluidPath)
    print("parsed \(fluidPath) in \(ContinuousClock.now - start)")
    return soundFont
}

@Suite("FluidR3Mono_GM.sf3, the real file")
struct FluidR3MonoTests {
    let soundFont: SoundFont

    init() throws { soundFont = try fluid.get() }

    @Test("the counts of presets, instruments and samples exclude the unnamed terminal records")
    func counts() {
        #expect(soundFont.presets.count == 197)
        #expect(soundFont.instruments.count == 203)
        #expect(soundFont.samples.count == 1037)
        #expect(soundFont.samples.allSatisfy { $0.isOggVorbis })
    }

    @Test("INFO: the SF3 version 3.1, the name, the copyright and the MIT licence in the comment")
    func info() {
        #expect(soundFont.info.versionMajor == 3)
        #expect(soundFont.info.versionMinor == 1)
        #expect(soundFont.info.name == "FluidR3Mono_GM.sf3")
        #expect(soundFont.info.copyright?.hasPrefix("Copyright (c) Frank Wen, Michael Cowgill") == true)
        #expect(soundFont.info.comment?.hasPrefix("Fluid (R3) Mono GM soundfont (MIT)") == true)
    }

    @Test(
        "General MIDI presets of bank 0 by program",
        arguments: [
            (0, "Yamaha Grand Piano"), (40, "Violin"), (42, "Cello"), (52, "Ahh Choir"), (56, "Trumpet"),
            (68, "Oboe"), (71, "Clarinet"), (73, "Flute"),
        ])
    func generalMIDINames(program: Int, name: String) {
        #expect(soundFont.preset(bank: 0, program: program)?.name == name)
    }

    @Test("the Violin instrument's lowest zone: keys 0–58, sample 'Violin G#4(L)' rooted at 56, its SF3 loop")
    func violinZone() throws {
        let violin = try #require(soundFont.preset(bank: 0, program: 40))
        let regions = soundFont.regions(of: violin, key: 55, velocity: 100)
        let region = try #require(regions.first)
        #expect(regions.count == 1)
        #expect(soundFont.instruments[region.instrumentIndex].name == "Violin")
        #expect(region.keyRange == 0...58)
        #expect(region.velocityRange == 97...104)
        #expect(region.sample.name == "Violin G#4(L)")
        #expect(region.sample.originalPitch == 60)
        #expect(region.rootKey == 56)  // the zone's overridingRootKey
        #expect(region.loops)
        // SF3 loop points are relative to the sample's first frame (the raw shdr values).
        #expect(region.loopStart == 55974)
        #expect(region.loopEnd == 64117)
        #expect(region.sample.start == 8_171_768)  // a byte offset into smpl, not a frame
    }

    @Test("decoding a sample gives at least as many frames as its loop end, in [-1, 1]")
    func decoding() throws {
        let index = try #require(soundFont.samples.firstIndex { $0.name == "Violin G#4(L)" })
        let frames = try soundFont.decodeSample(at: index)
        #expect(frames.count >= 64117)
        #expect(frames.count < 200_000)
        #expect(frames.allSatisfy { abs($0) <= 1.0001 })
        #expect(frames.contains { abs($0) > 0.05 })
    }

    @Test("Violin prepared for keys 21–108: contiguous sorted zones, each a 16-bit mono FLAC with its loop")
    func preparedViolin() throws {
        let zones = try soundFont.prepareZones(bank: 0, program: 40, keys: 21...108, velocity: 100)
        #expect(zones.first?.keyLow == 21)
        #expect(zones.last?.keyHigh == 103)  // the Violin's highest zone ends at key 103
        for (zone, next) in zip(zones, zones.dropFirst()) { #expect(next.keyLow == zone.keyHigh + 1) }
        for zone in zones {
            let flac = try #require(FLACReader(zone.flac))
            #expect(flac.sampleRate == zone.sampleRate)
            #expect((flac.channels, flac.bitsPerSample) == (1, 16))
            #expect(flac.totalFrames == zone.frames)
            #expect(flac.samples.count == zone.frames)
            #expect(flac.problems.isEmpty)
            let loopEnd = try #require(zone.loopEnd)
            #expect(zone.frames == loopEnd + 8)
            #expect(zone.gain > 0.2 && zone.gain < 5)
        }
        #expect(zones.first?.keyHigh == 58)
        #expect(zones.first?.declaredPitchCents == 5585)
    }
}
