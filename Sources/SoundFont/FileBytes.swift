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
    /// Refuses, before opening it, a path that is not a regular file (after following symbolic
    /// links): `open` of a named pipe waits until something writes to it, so a SoundFont path
    /// naming one hung `peach soundfont` and the server's preparation for good.
    init(mapping path: String) throws(SoundFontError) {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        try Self.checkIsRegularFile(path, status)
        // Non-blocking, for a path replaced by a pipe between the `stat` and the `open`; the
        // `fstat` then refuses it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        guard fstat(descriptor, &status) == 0 else {
            throw .unreadableFile(path: path, reason: String(cString: strerror(errno)))
        }
        try Self.checkIsRegularFile(path, status)
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

    /// Throws `notAFile`, naming what the path is, unless `status` is a regular file's.
    static func checkIsRegularFile(_ path: String, _ status: stat) throws(SoundFontError) {
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a named pipe"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "a special file"
        }
        throw .notAFile(path: path, kind: kind)
    }

    /// Checks, without opening it, that `path` is a regular file (after following symbolic
    /// links) or does not exist; throws `notAFile` otherwise.
    static func checkIsFileOrMissing(_ path: String) throws(SoundFontError) {
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        try checkIsRegularFile(path, status)
    }

    /// A copy of `bytes`.
    init(copying bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
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
