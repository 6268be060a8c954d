import Foundation
import SoundFont
import Testing

/// Malformed and truncated files: each is a `SoundFontError` that says what is wrong, never a trap.
@Suite("Malformed SoundFonts")
struct MalformedSoundFontTests {
    /// Parses `bytes` expecting a SoundFontError whose message contains `fragment`.
    private func expectError(
        _ bytes: [UInt8], containing fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            _ = try SoundFont(bytes: bytes)
            Issue.record("parsed without an error", sourceLocation: sourceLocation)
        } catch {
            #expect(error.description.contains(fragment), "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("an empty file and a wrong magic are not SoundFonts")
    func notASoundFont() {
        expectError([], containing: "not a SoundFont: the file does not start with a RIFF sfbk chunk")
        var wave = SyntheticSoundFont().bytes
        wave.replaceSubrange(8..<12, with: Array("WAVE".utf8))
        expectError(wave, containing: "does not start with a RIFF sfbk chunk")
        for size in UInt8(0)..<4 {
            expectError(Array("RIFF".utf8) + [size, 0, 0, 0] + Array("sfbk".utf8), containing: "too small to hold")
        }
    }

    @Test("a file that cannot be read names its path")
    func missingFile() {
        #expect(throws: SoundFontError.self) { try SoundFont(contentsOf: "/nonexistent/peach.sf3") }
        do { _ = try SoundFont(contentsOf: "/nonexistent/peach.sf3") } catch {
            #expect(error.description.hasPrefix("cannot read the SoundFont /nonexistent/peach.sf3"))
        }
    }

    @Test("every truncation of the synthetic file, with its RIFF size as written and as fixed up, is an error")
    func truncatedSynthetic() {
        let bytes = SyntheticSoundFont().bytes
        for length in 0..<bytes.count {
            var truncated = Array(bytes.prefix(length))
            #expect(throws: SoundFontError.self) { try SoundFont(bytes: truncated) }
            // With the RIFF size made to fit, the parser meets the truncation inside the file.
            if length >= 12 {
                truncated.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(length - 8).littleEndian, Array.init))
                #expect(throws: SoundFontError.self) { try SoundFont(bytes: truncated) }
            }
        }
    }

    @Test("the first 100 KB of the real file, truncated at a sweep of lengths, is an error every time")
    func truncatedReal() throws {
        let bytes = try realFileHead(100_000)
        for length in stride(from: 0, through: bytes.count, by: 997) {
            var truncated = Array(bytes.prefix(length))
            #expect(throws: SoundFontError.self) { try SoundFont(bytes: truncated) }
            if length >= 12 {
                truncated.replaceSubrange(4..<8, with: withUnsafeBytes(of: UInt32(length - 8).littleEndian, Array.init))
                #expect(throws: SoundFontError.self) { try SoundFont(bytes: truncated) }
            }
        }
        expectError(bytes, containing: "the file is truncated: its RIFF chunk claims 23614345 bytes")
    }

    @Test("a chunk larger than its file")
    func oversizedChunk() {
        var font = SyntheticSoundFont()
        font.set("pdta size", to: UInt32(0x7FFF_FFF0))
        expectError(font.bytes, containing: "chunk 'LIST' at byte")
        font.set("pdta size", to: UInt32.max)
        expectError(font.bytes, containing: "claims 4294967295 bytes")
    }

    @Test("a phdr chunk that is not a whole number of 38-byte records")
    func recordSize() {
        expectError(
            SyntheticSoundFont(phdrExtraBytes: 2).bytes,
            containing: "the pdta chunk's phdr is 78 bytes, not a multiple of 38")
    }

    @Test("an instrument, sample or bag index beyond the file's records")
    func outOfRangeIndices() {
        var font = SyntheticSoundFont()
        font.set("preset instrument", to: UInt16(412))
        expectError(font.bytes, containing: "preset 'Synth' zone 1 names instrument 412, but the file has 1")
        font = SyntheticSoundFont()
        font.set("instrument sample", to: UInt16(7))
        expectError(font.bytes, containing: "instrument 'Sine' zone 1 names sample 7, but the file has 1")
        font = SyntheticSoundFont()
        font.set("terminal preset bag", to: UInt16(99))
        expectError(font.bytes, containing: "preset 'Synth''s zones end at pbag record 99, but the file has 3")
    }

    @Test("a sample whose data lies outside smpl is an error when it is decoded")
    func sampleOutsideData() throws {
        var font = SyntheticSoundFont()
        font.set("sample end", to: UInt32(5000))
        let soundFont = try SoundFont(bytes: font.bytes)
        #expect(
            throws: SoundFontError.undecodableSample(
                name: "Sine A4", reason: "its data [0, 5000) lies outside the smpl chunk's 1000 frames")
        ) {
            try soundFont.decodeSample(at: 0)
        }
    }

    @Test("an SF3 sample that is not an Ogg Vorbis stream")
    func notOgg() throws {
        let soundFont = try SoundFont(bytes: SyntheticSoundFont(sf3Stream: Array(repeating: 0x4F, count: 999)).bytes)
        do {
            _ = try soundFont.decodeSample(at: 0)
            Issue.record("decoded garbage")
        } catch {
            #expect(error.description.hasPrefix("sample 'Sine A4' could not be decoded: not an Ogg Vorbis stream"))
        }
        #expect(throws: SoundFontError.self) {
            try soundFont.prepareZones(bank: 0, program: 0, keys: 60...60, velocity: 100)
        }
    }

    @Test("a real Ogg Vorbis sample damaged or cut in its headers is an error; cut in its audio, its loop is")
    func damagedOgg() throws {
        let real = try fluid.get()
        let index = try #require(real.samples.firstIndex { $0.name == "Violin G#4(L)" })
        let header = real.samples[index]
        let stream = Array(try realFile()[(smplOffset + header.start)..<(smplOffset + header.end)])
        #expect(stream.prefix(4) == Array("OggS".utf8)[...])
        let loop = (UInt32(header.loopStart), UInt32(header.loopEnd))
        func decoded(_ stream: [UInt8]) throws -> SoundFont {
            try SoundFont(bytes: SyntheticSoundFont(sf3Stream: stream, loop: loop).bytes)
        }
        #expect(try decoded(stream).decodeSample(at: 0) == real.decodeSample(at: index))

        var damaged = stream
        for offset in stream.count / 2..<stream.count / 2 + 64 { damaged[offset] ^= 0x5A }
        #expect(throws: SoundFontError.self) { try decoded(damaged).decodeSample(at: 0) }
        #expect(throws: SoundFontError.self) { try decoded(Array(stream.prefix(3000))).decodeSample(at: 0) }
        // Cut between pages, the stream is a valid shorter one (libvorbisfile cannot tell), but
        // its loop then ends beyond its frames, and preparing it says so.
        let half = try decoded(Array(stream.prefix(stream.count / 2)))
        do {
            _ = try half.prepareZones(bank: 0, program: 0, keys: 60...60, velocity: 100)
            Issue.record("prepared a sample cut in half")
        } catch {
            #expect(error.description.contains("its loop [55974, 64117) lies outside its"), "\(error)")
        }
    }

    @Test("seeded random byte changes to the synthetic file parse, prepare or fail with a SoundFontError")
    func mutations() {
        let font = SyntheticSoundFont()
        let bytes = font.bytes
        // Most changes go to the pdta list, where the indices are; the rest anywhere.
        let pdta = UInt64(font.offsets["pdta size"] ?? 0)
        var generator = SplitMix64(seed: 16)
        for _ in 0..<2000 {
            var mutated = bytes
            for _ in 0..<Int(generator.next() % 4 + 1) {
                let from = generator.next() % 4 == 0 ? 0 : pdta
                let at = Int(from + generator.next() % (UInt64(mutated.count) - from))
                mutated[at] = UInt8(truncatingIfNeeded: generator.next())
            }
            do {
                let soundFont = try SoundFont(bytes: mutated)
                for preset in soundFont.presets {
                    _ = try? soundFont.prepareZones(
                        bank: preset.bank, program: preset.program, keys: 0...127, velocity: 100)
                }
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }
}

/// The `smpl` data's offset in FluidR3Mono_GM.sf3 (its `LIST sdta` starts at byte 2292).
private let smplOffset = 2312

private func realFile() throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: fluidPath))) }

private func realFileHead(_ count: Int) throws -> [UInt8] { Array(try realFile().prefix(count)) }

/// SplitMix64 (Steele, Lea, Flood 2014): a small seeded generator for reproducible mutations.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
