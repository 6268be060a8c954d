import Foundation

extension SoundFont {
    /// Reads and parses the SoundFont file at `path`, mapped into memory (`FileBytes`): only
    /// what the parser reads is read from the file. A file larger than any SoundFont can be is
    /// refused unread.
    public init(contentsOf path: String) throws(SoundFontError) {
        try self.init(file: FileBytes(mapping: path))
    }

    /// Refuses, without opening it, a `path` that names a folder, a named pipe, a device or a
    /// socket (after following symbolic links), so that a caller can say so at once; a path
    /// that does not exist passes (its caller says what a missing SoundFont means).
    public static func checkIsFileOrMissing(_ path: String) throws(SoundFontError) {
        try FileBytes.checkIsFileOrMissing(path)
    }

    /// Parses a SoundFont from the bytes of its file.
    public init(bytes: [UInt8]) throws(SoundFontError) {
        try self.init(file: FileBytes(copying: bytes))
    }

    /// Parses the RIFF `sfbk` form with its `INFO`, `sdta` and `pdta` lists (SoundFont 2.04
    /// §4–§7); the sample data stays in `file` until a sample is decoded.
    init(file: FileBytes) throws(SoundFontError) {
        let reader = ByteReader(file: file)
        let bytes = file.buffer
        guard bytes.count >= 12, try reader.fourCC(at: 0, "RIFF") == "RIFF", try reader.fourCC(at: 8, "sfbk") == "sfbk"
        else { throw .notASoundFont("the file does not start with a RIFF sfbk chunk") }
        let riffSize = Int(try reader.uint32(at: 4, "the RIFF chunk's size"))
        guard riffSize >= 4 else {
            throw .notASoundFont("its RIFF chunk is \(riffSize) bytes, too small to hold even its sfbk form type")
        }
        guard riffSize <= bytes.count - 8 else {
            throw .malformed(
                "the file is truncated: its RIFF chunk claims \(riffSize) bytes, but \(bytes.count - 8) follow its header"
            )
        }
        var lists: [String: Range<Int>] = [:]
        for chunk in try RIFFChunk.chunks(in: 12..<8 + riffSize, of: reader, context: "the RIFF sfbk chunk")
        where chunk.id == "LIST" && chunk.data.count >= 4 {
            let form = try reader.fourCC(at: chunk.data.lowerBound, "a LIST chunk's type")
            lists[form] = lists[form] ?? (chunk.data.lowerBound + 4)..<chunk.data.upperBound
        }
        func list(_ form: String) throws(SoundFontError) -> [RIFFChunk] {
            guard let range = lists[form] else { throw .malformed("the file has no LIST \(form) chunk") }
            return try RIFFChunk.chunks(in: range, of: reader, context: "the LIST \(form) chunk")
        }
        info = try Self.info(in: list("INFO"), reader)
        let smpl = try list("sdta").first { $0.id == "smpl" }?.data ?? 0..<0
        sampleData = SampleData(file: file, range: smpl)
        let hydra = try HydraReader(chunks: list("pdta"), reader: reader)
        samples = try hydra.sampleHeaders()
        instruments = try hydra.instruments(sampleCount: samples.count)
        presets = try hydra.presets(instrumentCount: instruments.count)
    }

    private static func info(in chunks: [RIFFChunk], _ reader: ByteReader) throws(SoundFontError) -> SoundFontInfo {
        func text(_ id: String) throws(SoundFontError) -> String? {
            guard let chunk = chunks.first(where: { $0.id == id }) else { return nil }
            return try reader.name(at: chunk.data.lowerBound, length: chunk.data.count, "the INFO \(id) chunk")
        }
        guard let ifil = chunks.first(where: { $0.id == "ifil" }), ifil.data.count == 4 else {
            throw .malformed("the LIST INFO chunk has no 4-byte ifil (version) chunk")
        }
        return SoundFontInfo(
            versionMajor: Int(try reader.uint16(at: ifil.data.lowerBound, "ifil")),
            versionMinor: Int(try reader.uint16(at: ifil.data.lowerBound + 2, "ifil")),
            name: try text("INAM") ?? "", copyright: try text("ICOP"), comment: try text("ICMT"))
    }
}
