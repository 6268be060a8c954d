/// Little-endian reads from a file's bytes that never trap: every read outside the bytes is a
/// `SoundFontError` naming what was being read.
struct ByteReader {
    let file: FileBytes
    var bytes: UnsafeRawBufferPointer { file.buffer }

    func uint8(at offset: Int, _ what: @autoclosure () -> String) throws(SoundFontError) -> UInt8 {
        guard offset >= 0, offset < bytes.count else { throw truncated(what()) }
        return bytes[offset]
    }

    func uint16(at offset: Int, _ what: @autoclosure () -> String) throws(SoundFontError) -> UInt16 {
        guard offset >= 0, offset <= bytes.count - 2 else { throw truncated(what()) }
        return UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    func int16(at offset: Int, _ what: @autoclosure () -> String) throws(SoundFontError) -> Int16 {
        Int16(bitPattern: try uint16(at: offset, what()))
    }

    func uint32(at offset: Int, _ what: @autoclosure () -> String) throws(SoundFontError) -> UInt32 {
        guard offset >= 0, offset <= bytes.count - 4 else { throw truncated(what()) }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16
            | UInt32(bytes[offset + 3]) << 24
    }

    /// Four bytes as a chunk identifier (`RIFF`, `LIST`, `phdr`…); bytes outside printable ASCII
    /// are shown as `?`, so a message about a garbled identifier stays readable.
    func fourCC(at offset: Int, _ what: @autoclosure () -> String) throws(SoundFontError) -> String {
        guard offset >= 0, offset <= bytes.count - 4 else { throw truncated(what()) }
        return String(
            bytes[offset..<offset + 4].map { (0x20...0x7E).contains($0) ? Character(UnicodeScalar($0)) : "?" })
    }

    /// A fixed-size, zero-terminated name field (SoundFont 2.04 §7: 20 bytes, "terminated by a
    /// zero"); bytes after the first zero are ignored, as are invalid UTF-8 sequences.
    func name(at offset: Int, length: Int, _ what: @autoclosure () -> String) throws(SoundFontError) -> String {
        guard offset >= 0, length >= 0, offset <= bytes.count - length else { throw truncated(what()) }
        let field = bytes[offset..<offset + length]
        let end = field.firstIndex(of: 0) ?? field.endIndex
        return String(decoding: field[field.startIndex..<end], as: UTF8.self)
    }

    private func truncated(_ what: String) -> SoundFontError {
        .malformed("\(what) lies beyond the end of the file (\(bytes.count) bytes)")
    }
}
