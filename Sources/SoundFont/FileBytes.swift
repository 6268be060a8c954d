import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of a SoundFont file, mapped into memory read-only (`mmap`), or copied from an
/// array (a file built in memory).
///
/// Mapped, the parser touches only the pages it reads: the `INFO` and `pdta` chunks, and of
/// the sample data only the samples that are decoded. So a SoundFont of gigabytes (a large SF2,
/// or an 8 GiB sparse file passed by mistake) costs the pages read, not its size; reading it
/// whole took 2 GB in 9 s and went on growing. The file must not change while it is mapped
/// (a SoundFont is installed, not edited).
final class FileBytes: @unchecked Sendable {
    /// The bytes; valid as long as this object lives.
    let buffer: UnsafeRawBufferPointer
    private let isMapped: Bool

    /// The largest file a SoundFont can be: a RIFF file is a chunk of at most 2³² − 1 bytes
    /// after its 8-byte header (SoundFont 2.04 §4, RIFF).
    static let largestSoundFont = Int(UInt32.max) + 8

    /// Maps the file at `path`; refuses one larger than any SoundFont can be without reading it.
    init(mapping path: String) throws(SoundFontError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .unreadableFile(path: path, reason: "it is not a regular file")
        }
        let size = Int(status.st_size)
        guard size <= Self.largestSoundFont else {
            throw .notASoundFont(
                "the file is \(size) bytes, more than a SoundFont can be (a RIFF file holds at most 4 GiB); "
                    + "it was not read")
        }
        guard size > 0 else {
            buffer = UnsafeRawBufferPointer(start: nil, count: 0)
            isMapped = false
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        buffer = UnsafeRawBufferPointer(start: address, count: size)
        isMapped = true
    }

    /// A copy of `bytes`.
    init(copying bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        copy.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: bytes.count))
        buffer = UnsafeRawBufferPointer(copy)
        isMapped = false
    }

    deinit {
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: buffer.baseAddress), buffer.count)
        } else {
            buffer.deallocate()
        }
    }
}
