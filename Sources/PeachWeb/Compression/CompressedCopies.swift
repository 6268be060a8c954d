import Foundation

/// The browser's files compressed at the best effort, made once and kept in a folder, so that
/// only the first start after a file changed pays for it — Brotli's best quality takes seconds
/// for the wasm core (docs/benchmarks.md) — and every later start reads them in milliseconds.
///
/// A kept copy is named after its original (fingerprint and length) and its coding, and is used
/// only if it decodes to exactly the original's bytes: a damaged or stale copy is made again,
/// never served. Keeping is best effort: a folder that cannot be written costs the next start
/// the work again, never a file.
struct CompressedCopies: Sendable {
    /// Where the copies are kept; nil keeps none (each start compresses again).
    let folder: URL?

    /// The user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`) + `peach/compressed`: what is
    /// there can always be made again, and every Peach of this user shares it.
    static let userCache = CompressedCopies(
        folder: FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
            .appendingPathComponent("peach/compressed", isDirectory: true))

    /// `bytes` in every coding that makes them smaller, from the folder or made now (and kept).
    /// - Complexity: O(n) to check a kept copy; to make one, Brotli's best quality (about
    ///   0.3 MB/s).
    func encodings(of bytes: [UInt8]) -> [ContentCoding: [UInt8]] {
        let name = "\(Assets.fingerprint(Data(bytes)))-\(bytes.count)"
        var encoded: [ContentCoding: [UInt8]] = [:]
        for coding in ContentCoding.allCases {
            let url = folder?.appendingPathComponent("\(name).\(coding.rawValue)")
            if let url, let kept = try? Data(contentsOf: url), coding.decode(kept) == bytes {
                encoded[coding] = Array(kept)
                continue
            }
            guard let made = coding.encode(bytes, effort: .best), made.count < bytes.count else { continue }
            encoded[coding] = made
            if let url { keep(made, at: url) }
        }
        return encoded
    }

    /// Writes a copy under a temporary name and renames it into place, so that two servers
    /// starting at once never read half a file.
    private func keep(_ bytes: [UInt8], at url: URL) {
        guard let folder else { return }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(bytes).write(to: url, options: .atomic)
    }
}
