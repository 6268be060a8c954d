/// One chunk of a RIFF file: its four-character identifier and where its data lies in the file.
struct RIFFChunk {
    var id: String
    /// The chunk's data (after the 8-byte header), in file offsets.
    var data: Range<Int>

    /// The chunks one after another in `range` (the data of a RIFF or LIST chunk after its form
    /// type). `context` names the enclosing chunk in error messages.
    ///
    /// RIFF pads a chunk of odd size with one zero byte that its size does not count. MuseScore's
    /// SF3 writer omits that pad (FluidR3Mono_GM.sf3's `smpl` is 23,476,227 bytes and `LIST pdta`
    /// starts right after it), so a pad is skipped only when it is there: a zero byte after an odd
    /// chunk. A chunk identifier never starts with a zero byte, so the two cannot be confused.
    static func chunks(in range: Range<Int>, of reader: ByteReader, context: String) throws(SoundFontError)
        -> [RIFFChunk]
    {
        var chunks: [RIFFChunk] = []
        var offset = range.lowerBound
        // Fewer than 8 bytes cannot hold a chunk header; a trailing pad byte is such a remainder.
        while range.upperBound - offset >= 8 {
            let id = try reader.fourCC(at: offset, "the chunk header at byte \(offset) of \(context)")
            let size = Int(try reader.uint32(at: offset + 4, "the size of chunk '\(id)' in \(context)"))
            let start = offset + 8
            guard size <= range.upperBound - start else {
                throw .malformed(
                    "chunk '\(id)' at byte \(offset) of \(context) claims \(size) bytes, "
                        + "but only \(range.upperBound - start) remain")
            }
            chunks.append(RIFFChunk(id: id, data: start..<start + size))
            offset = start + size
            if size % 2 == 1, offset < range.upperBound, try reader.uint8(at: offset, "a pad byte") == 0 {
                offset += 1
            }
        }
        return chunks
    }
}
