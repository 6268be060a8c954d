import Foundation
import PeachStore

/// The browser's files compressed at the best effort, made once and kept in a folder, so that
/// only the first start after a file changed pays for it — Brotli's best quality takes seconds
/// for the wasm core (docs/benchmarks.md) — and every later start reads them in milliseconds.
///
/// A kept copy is named after its original (fingerprint and length) and its coding, and is used
/// only if it decodes to exactly the original's bytes: a damaged or stale copy is made again,
/// never served. Keeping is best effort: a folder that cannot be written costs the next start
/// the work again, never a file. Nor is one kept in a folder that is, or holds, the database's
/// files, or at the name of one of them (`DatabaseFileSet`: `$XDG_CACHE_HOME` pointed at the data
/// folder): the history is never a cache.
struct CompressedCopies: Sendable {
    /// Where the copies are kept; nil keeps none (each start compresses again).
    let folder: URL?
    /// The database whose files no copy may be written over.
    var database: DatabaseFileSet? = nil

    /// The user's cache folder (`$XDG_CACHE_HOME`, else `~/.cache`) + `peach/compressed`: what is
    /// there can always be made again, and every Peach of this user shares it.
    static let userCache = CompressedCopies(
        folder: userCacheFolder)

    /// The user's cache folder for the copies, keeping clear of the files of `database`.
    static func userCache(keepingClearOf database: DatabaseFileSet) -> CompressedCopies {
        CompressedCopies(folder: userCacheFolder, database: database)
    }

    private static let userCacheFolder =
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
        .appendingPathComponent("peach/compressed", isDirectory: true)

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
        if let database {
            do {
                try database.checkFolder(folder.path)
                try database.checkWritable(url.path)
            } catch {
                return
            }
        }
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(bytes).write(to: url, options: .atomic)
    }
}
