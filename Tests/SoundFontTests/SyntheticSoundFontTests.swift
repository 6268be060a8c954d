import Foundation
import SoundFont
import Testing

@Suite("A synthetic SoundFont: generators, regions and prepared zones")
struct SyntheticSoundFontTests {
    @Test("global zones set defaults, preset generators add, instrument-only preset generators are ignored")
    func regionResolution() throws {
        let soundFont = try SoundFont(bytes: SyntheticSoundFont().bytes)
        let preset = try #require(soundFont.preset(bank: 0, program: 0))
        #expect(preset.name == "Synth")
        #expect(preset.zones.map(\.isGlobal) == [true, false])
        let regions = soundFont.regions(of: preset)
        let region = try #require(regions.first)
        #expect(regions.count == 1)
        #expect(region.rootKey == 69)  // the instrument's global zone; the preset's 60 is ignored
        #expect(region.fineTune == 15)  // 5 (instrument) + 10 (preset)
        #expect(region.pitchCents == 6885)
        #expect(region.loopStart == 100)
        #expect(region.loopEnd == 900)
    }

    @Test("prepared: one zone clipped to the keys, cut 8 frames after the loop, gain from the loop's RMS")
    func preparedZone() throws {
        let soundFont = try SoundFont(bytes: SyntheticSoundFont().bytes)
        let zones = try soundFont.prepareZones(bank: 0, program: 0, keys: 21...108, velocity: 100)
        let zone = try #require(zones.first)
        #expect(zones.count == 1)
        #expect((zone.keyLow, zone.keyHigh) == (21, 108))
        #expect(zone.frames == 908)
        #expect(zone.loopStart == 100)
        #expect(zone.loopEnd == 900)
        #expect(zone.flac.starts(with: Array("fLaC".utf8)))
        // A sine of amplitude 0.5: RMS 0.5/√2, so the RMS rule (0.99) wins over the peak's (2).
        #expect(abs(zone.gain - 0.35 / (0.5 / 2.0.squareRoot())) < 0.001)
        // The file holds the sample's first 908 frames exactly: the synthetic SF2 stores 16-bit
        // frames, which the preparation's Float and the FLAC's rounding give back unchanged.
        let flac = try #require(FLACReader(zone.flac))
        #expect((flac.sampleRate, flac.channels, flac.bitsPerSample, flac.totalFrames) == (44100, 1, 16, 908))
        let stored = (0..<908).map { Int16((0.5 * 32768 * sin(2 * Double.pi * Double($0) / 100)).rounded()) }
        #expect(flac.samples == stored)
    }

    @Test("keys are clipped to MIDI's 0…127")
    func keysOutsideMIDI() throws {
        let soundFont = try SoundFont(bytes: SyntheticSoundFont().bytes)
        #expect(try soundFont.prepareZones(bank: 0, program: 0, keys: 200...300, velocity: 100).isEmpty)
        let zones = try soundFont.prepareZones(bank: 0, program: 0, keys: -5...3, velocity: 100)
        #expect(zones.map { $0.keyLow...$0.keyHigh } == [0...3])
    }

    @Test("an unknown preset is a clear error")
    func unknownPreset() throws {
        let soundFont = try SoundFont(bytes: SyntheticSoundFont().bytes)
        #expect(throws: SoundFontError.noSuchPreset(bank: 0, program: 40)) {
            try soundFont.prepareZones(bank: 0, program: 40, keys: 21...108, velocity: 100)
        }
    }
}
