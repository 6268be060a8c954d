import Foundation

/// A small SoundFont built byte by byte, for the tests that need a file they can break on
/// purpose: one preset ("Synth") on one instrument ("Sine") on one sample ("Sine A4").
///
/// The preset's global zone sets `fineTune` 10 and `overridingRootKey` 60 (an instrument-only
/// generator, so ignored); the instrument's global zone sets `overridingRootKey` 69 and
/// `fineTune` 5, its one local zone `sampleModes` 1. The sample is 1,000 frames of a sine of
/// amplitude 0.5 with a period of 100 frames, looped over [100, 900). `offsets` names the byte
/// offsets of the fields the tests mutate.
struct SyntheticSoundFont {
    var bytes: [UInt8] = []
    var offsets: [String: Int] = [:]

    /// `sf3Stream`: make the sample an SF3 Ogg Vorbis sample with these bytes as its stream.
    /// `phdrExtraBytes`: bytes appended to `phdr`, which then is no multiple of 38.
    /// `loop`: the sample's loop points, as stored in its header.
    /// `frames`: the sample's 16-bit frames instead of the sine's 1,000.
    init(
        sf3Stream: [UInt8]? = nil, loop: (start: UInt32, end: UInt32) = (100, 900), phdrExtraBytes: Int = 0,
        frames: [Int16] = (0..<1000).map { Int16((0.5 * 32768 * sin(2 * Double.pi * Double($0) / 100)).rounded()) }
    ) {
        let smpl = sf3Stream ?? frames.flatMap { le16(UInt16(bitPattern: $0)) }
        let info = list("INFO", [chunk("ifil", le16(2) + le16(4)), chunk("INAM", name("Synthetic", length: 10))])
        let sdta = list("sdta", [chunk("smpl", smpl)])
        let phdr =
            name("Synth") + le16(0) + le16(0) + le16(0) + [UInt8](repeating: 0, count: 12)
            + name("EOP") + le16(0) + le16(0) + le16(2) + [UInt8](repeating: 0, count: 12)
            + [UInt8](repeating: 0, count: phdrExtraBytes)
        let pbag = le16(0) + le16(0) + le16(2) + le16(0) + le16(3) + le16(0)
        let pgen = generator(52, 10) + generator(58, 60) + generator(41, 0) + generator(0, 0)
        let inst = name("Sine") + le16(0) + name("EOI") + le16(2)
        let ibag = le16(0) + le16(0) + le16(2) + le16(0) + le16(5) + le16(0)
        let igen =
            generator(58, 69) + generator(52, 5) + generator(43, 0x7F00) + generator(54, 1) + generator(53, 0)
            + generator(0, 0)
        let end = UInt32(sf3Stream?.count ?? frames.count)
        let type: UInt16 = sf3Stream == nil ? 1 : 0x11
        let shdr =
            name("Sine A4") + le32(0) + le32(end) + le32(loop.start) + le32(loop.end) + le32(44100) + [60, 0] + le16(0)
            + le16(type) + name("EOS") + [UInt8](repeating: 0, count: 26)
        let modulator = [UInt8](repeating: 0, count: 10)
        let pdtaChunks = [
            chunk("phdr", phdr), chunk("pbag", pbag), chunk("pmod", modulator), chunk("pgen", pgen),
            chunk("inst", inst), chunk("ibag", ibag), chunk("imod", modulator), chunk("igen", igen),
            chunk("shdr", shdr),
        ]
        let pdta = list("pdta", pdtaChunks)
        bytes = chunk("RIFF", Array("sfbk".utf8) + info + sdta + pdta)
        // Offsets: header (12) + INFO + sdta, then pdta's LIST header (12) and chunk headers (8 each).
        let pdtaStart = 12 + info.count + sdta.count
        var at = pdtaStart + 12
        var chunkData: [String: Int] = [:]
        for (id, data) in zip(["phdr", "pbag", "pmod", "pgen", "inst", "ibag", "imod", "igen", "shdr"], pdtaChunks) {
            chunkData[id] = at + 8
            at += data.count
        }
        offsets = [
            "RIFF size": 4,
            "pdta size": pdtaStart + 4,
            "terminal preset bag": (chunkData["phdr"] ?? 0) + 38 + 24,
            "preset instrument": (chunkData["pgen"] ?? 0) + 2 * 4 + 2,
            "instrument sample": (chunkData["igen"] ?? 0) + 4 * 4 + 2,
            "sample end": (chunkData["shdr"] ?? 0) + 24,
        ]
    }

    /// Writes a little-endian UInt16 at `offsets[field]`.
    mutating func set(_ field: String, to value: UInt16) {
        guard let at = offsets[field] else { fatalError("no field \(field)") }
        bytes.replaceSubrange(at..<at + 2, with: le16(value))
    }

    /// Writes a little-endian UInt32 at `offsets[field]`.
    mutating func set(_ field: String, to value: UInt32) {
        guard let at = offsets[field] else { fatalError("no field \(field)") }
        bytes.replaceSubrange(at..<at + 4, with: le32(value))
    }
}

private func le16(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
private func le32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }

private func name(_ text: String, length: Int = 20) -> [UInt8] {
    Array(text.utf8.prefix(length - 1)) + [UInt8](repeating: 0, count: length - min(text.utf8.count, length - 1))
}

private func generator(_ kind: UInt16, _ amount: UInt16) -> [UInt8] { le16(kind) + le16(amount) }

private func chunk(_ id: String, _ data: [UInt8]) -> [UInt8] {
    Array(id.utf8) + le32(UInt32(data.count)) + data + (data.count % 2 == 1 ? [0] : [])
}

private func list(_ form: String, _ chunks: [[UInt8]]) -> [UInt8] {
    chunk("LIST", Array(form.utf8) + chunks.flatMap { $0 })
}
