import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text written to a file descriptor with `write(2)`, whose failure is an error to report, not
/// a trap: `FileHandle.write(_:)` cannot throw and stops the process when the disk is full.
struct FileOutput {
    let descriptor: Int32
    /// What the output is, for messages: a path, or "standard output".
    let name: String

    /// Writes all of `text`, retrying short writes and interruptions.
    func write(_ text: String) throws(OutputError) {
        var text = text
        let failure: Int32? = text.withUTF8 { bytes in
            var written = 0
            while written < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                written += count
            }
            return nil
        }
        if let failure { throw OutputError(name: name, code: failure) }
    }

    /// Makes what was written durable (`fsync`).
    func synchronize() throws(OutputError) {
        if fsync(descriptor) != 0 { throw OutputError(name: name, code: errno) }
    }

    /// Why the output could not be written: a full disk (or quota) said in those words.
    struct OutputError: Error, CustomStringConvertible {
        let name: String
        let code: Int32

        var isDiskFull: Bool { code == ENOSPC || code == EDQUOT }

        var description: String {
            let reason = String(cString: strerror(code))
            return isDiskFull
                ? "The disk is full: cannot write \(name) (\(reason)). Free some space, then export again."
                : "Cannot write \(name): \(reason)."
        }
    }
}
