import Foundation
import Testing

@testable import SoundFont

@Suite("FLACFile: prepared sounds as 16-bit mono FLAC, decoded back by libFLAC")
struct FLACFileTests {
    /// FLACFile's rounding and clamping: the 16-bit value a sample becomes.
    static func pcm16(_ sample: Float) -> Int16 { Int16(max(-32768, min(32767, (sample * 32768).rounded()))) }

    @Test(
        "the round trip is lossless: the decoded frames are exactly the 16-bit rounding of the samples",
        arguments: [1, 2, 4095, 4096, 4097, 20_000, 150_001])
    func roundTrip(count: Int) throws {
        // A decaying chord with noise, clipped at both ends (values beyond ±1 are clamped), so that
        // every predictor order and the residual coder see varied data; plus the extremes.
        var generator = SplitMix64(seed: UInt64(count))  // MalformedSoundFontTests' generator
        var samples = (0..<count).map { index -> Float in
            let t = Double(index) / 44100
            let tone = 1.3 * sin(2 * .pi * 220 * t) * exp(-t) + 0.3 * sin(2 * .pi * 331 * t)
            return Float(tone + 0.01 * (Double(generator.next() % 2001) / 1000 - 1))
        }
        if count >= 4 { samples[0...3] = [-1, 1, 32767 / 32768, -1.5] }
        let bytes = try FLACFile.encode(samples, sampleRate: 44100)
        let flac = try #require(FLACReader(bytes))
        #expect(flac.problems.isEmpty)
        #expect((flac.sampleRate, flac.channels, flac.bitsPerSample, flac.totalFrames) == (44100, 1, 16, count))
        #expect(flac.samples == samples.map(Self.pcm16))
        if count >= 4 { #expect(flac.samples.prefix(4) == [-32768, 32767, 32767, -32768]) }
    }

    @Test("a slice encodes its own frames, at its own sample rate")
    func slice() throws {
        let all = (0..<3000).map { Float(($0 % 200) - 100) / 100 }
        let bytes = try FLACFile.encode(all[1000..<2500], sampleRate: 22050)
        let flac = try #require(FLACReader(bytes))
        #expect((flac.sampleRate, flac.totalFrames) == (22050, 1500))
        #expect(flac.samples == all[1000..<2500].map(Self.pcm16))
    }

    @Test("a tone takes well under half a WAV's bytes at compression level 8")
    func size() throws {
        let samples = (0..<44100).map { Float(0.5 * sin(2 * Double.pi * 440 * Double($0) / 44100)) }
        let bytes = try FLACFile.encode(samples, sampleRate: 44100)
        #expect(bytes.count < (44 + 2 * samples.count) / 2)
    }

    // An empty sample list is an error rather than a file of zero frames: STREAMINFO would state
    // its total as 0, FLAC's "unknown", and no browser can make an AudioBuffer of zero frames.
    // prepareZones never asks for one (a zone has at least one frame).
    @Test("no samples is a clear error, not an empty file or a crash")
    func empty() {
        #expect(throws: SoundFontError.unencodable("there are no frames to encode")) {
            try FLACFile.encode([Float](), sampleRate: 44100)
        }
    }

    @Test(
        "a sample rate FLAC cannot hold is a clear error, not a crash",
        arguments: [0, -44100, 655_351, 1 << 40, Int.max, Int.min])
    func impossibleSampleRate(rate: Int) {
        #expect(throws: SoundFontError.unencodable("the sample rate \(rate) Hz is outside FLAC's 1…655,350 Hz")) {
            try FLACFile.encode([0.5, -0.5], sampleRate: rate)
        }
    }

    @Test("a rate in range that libFLAC still refuses (not in the streamable subset) is its error, not a crash")
    func rateLibFLACRefuses() {
        // Above 65,535 Hz a subset frame header states the rate in tens of hertz only.
        #expect {
            try FLACFile.encode([0.5, -0.5], sampleRate: 96_001)
        } throws: { error in
            guard case .unencodable(let reason) = error as? SoundFontError else { return false }
            return reason.contains("could not start encoding")
        }
    }

    @Test("non-finite samples are clamped, never a trap")
    func nonFinite() throws {
        let bytes = try FLACFile.encode([.infinity, -.infinity, .nan, 0], sampleRate: 8000)
        let flac = try #require(FLACReader(bytes))
        #expect(flac.samples == [32767, -32768, Self.pcm16(.nan), 0])
    }

    @Test("the errors read as sentences")
    func description() {
        #expect(
            SoundFontError.unencodable("there are no frames to encode").description
                == "the prepared sound could not be encoded as FLAC: there are no frames to encode")
    }
}
