import CVorbisFile

/// Decodes one Ogg Vorbis stream held in memory (an SF3 sample) with libvorbisfile, reading it
/// through callbacks over the bytes rather than a file (`ov_open_callbacks`, seekable, so
/// libvorbisfile can find the stream's length).
enum OggVorbisDecoder {
    /// The stream's first channel as samples in [−1, 1]; `sampleName` names it in errors.
    ///
    /// - Complexity: O(frames); libvorbisfile hands out up to 4096 frames per call.
    static func decode(_ stream: UnsafeRawBufferPointer, sampleName: String) throws(SoundFontError) -> [Float] {
        let source = MemorySource(bytes: stream)
        let result = withExtendedLifetime(source) { decode(source) }
        switch result {
        case .success(let frames): return frames
        case .failure(let failure): throw .undecodableSample(name: sampleName, reason: failure.reason)
        }
    }

    private struct Failure: Error {
        var reason: String
    }

    private static func decode(_ source: MemorySource) -> Result<[Float], Failure> {
        let callbacks = ov_callbacks(
            read_func: { buffer, size, count, datasource in
                guard let buffer, let datasource, size > 0 else { return 0 }
                return MemorySource.from(datasource).read(into: buffer, size: size, count: count)
            },
            seek_func: { datasource, offset, whence in
                guard let datasource else { return -1 }
                return MemorySource.from(datasource).seek(to: offset, whence: whence)
            },
            close_func: nil,
            tell_func: { datasource in
                guard let datasource else { return -1 }
                return MemorySource.from(datasource).position
            })
        // On the heap, not a Swift local passed as `&file`: libvorbisfile keeps pointers into the
        // struct between calls (`vb.vd = &vf->vd`), and `&` only lends an address for one call.
        let file = UnsafeMutablePointer<OggVorbis_File>.allocate(capacity: 1)
        file.initialize(to: OggVorbis_File())
        defer {
            file.deinitialize(count: 1)
            file.deallocate()
        }
        let opened = ov_open_callbacks(Unmanaged.passUnretained(source).toOpaque(), file, nil, 0, callbacks)
        // On failure libvorbisfile has already freed what it allocated; ov_clear is for an open file.
        guard opened == 0 else { return .failure(Failure(reason: "not an Ogg Vorbis stream (\(describe(opened)))")) }
        defer { ov_clear(file) }
        guard let info = ov_info(file, -1), info.pointee.channels >= 1 else {
            return .failure(Failure(reason: "the stream has no audio channel"))
        }
        let declared = ov_pcm_total(file, -1)
        var frames: [Float] = []
        frames.reserveCapacity(max(0, min(Int(clamping: declared), source.bytes.count * 64)))
        var section: Int32 = 0
        while true {
            var channels: UnsafeMutablePointer<UnsafeMutablePointer<Float>?>?
            let count = ov_read_float(file, &channels, 4096, &section)
            if count == 0 { break }
            // A negative count is a hole or a bad packet: the stream is damaged, so fail rather
            // than play a sample with a gap.
            guard count > 0, let first = channels?[0] else {
                return .failure(
                    Failure(
                        reason:
                            "the stream is damaged after frame \(frames.count) (\(describe(Int32(clamping: count))))"))
            }
            frames.append(contentsOf: UnsafeBufferPointer(start: first, count: count))
        }
        // Damaged packets can decode to infinities or NaN, which no gain or 16-bit file could hold.
        guard frames.allSatisfy(\.isFinite) else {
            return .failure(Failure(reason: "the stream decodes to values that are not finite numbers"))
        }
        guard declared < 0 || Int(declared) == frames.count else {
            return .failure(Failure(reason: "the stream declares \(declared) frames but holds \(frames.count)"))
        }
        return .success(frames)
    }

    /// libvorbisfile's error codes (vorbis/codec.h), named.
    private static func describe(_ code: Int32) -> String {
        switch code {
        case OV_HOLE: "OV_HOLE: data interrupted"
        case OV_EREAD: "OV_EREAD: read error"
        case OV_EFAULT: "OV_EFAULT: internal error"
        case OV_EIMPL: "OV_EIMPL: unsupported feature"
        case OV_EINVAL: "OV_EINVAL: invalid argument"
        case OV_ENOTVORBIS: "OV_ENOTVORBIS: not Vorbis data"
        case OV_EBADHEADER: "OV_EBADHEADER: invalid Vorbis header"
        case OV_EVERSION: "OV_EVERSION: Vorbis version mismatch"
        case OV_EBADPACKET: "OV_EBADPACKET: invalid packet"
        case OV_EBADLINK: "OV_EBADLINK: invalid stream section"
        case OV_ENOSEEK: "OV_ENOSEEK: stream not seekable"
        default: "libvorbisfile error \(code)"
        }
    }
}

/// The stream's bytes and a read position, handed to libvorbisfile's C callbacks as their
/// context pointer (the callbacks themselves capture nothing, as C function pointers must).
private final class MemorySource {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    static func from(_ pointer: UnsafeMutableRawPointer) -> MemorySource {
        Unmanaged<MemorySource>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// `fread`'s contract: up to `count` items of `size` bytes; returns the items copied.
    func read(into buffer: UnsafeMutableRawPointer, size: Int, count: Int) -> Int {
        let items = min(count, (bytes.count - position) / size)
        guard items > 0, let base = bytes.baseAddress else { return 0 }
        buffer.copyMemory(from: base + position, byteCount: items * size)
        position += items * size
        return items
    }

    /// `fseek`'s contract: 0 on success, −1 for a position outside the stream.
    func seek(to offset: Int64, whence: Int32) -> Int32 {
        let origin: Int
        switch whence {
        case SEEK_SET: origin = 0
        case SEEK_CUR: origin = position
        case SEEK_END: origin = bytes.count
        default: return -1
        }
        let (target, overflow) = Int64(origin).addingReportingOverflow(offset)
        guard !overflow, target >= 0, target <= Int64(bytes.count) else { return -1 }
        position = Int(target)
        return 0
    }
}
