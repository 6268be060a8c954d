import Foundation
import Hummingbird

/// `GET /sounds/index.json` and `GET /sounds/<hash>.flac` (docs/sounds.md).
///
/// The index is revalidated on every use (`no-cache` and an ETag: a cheap 304 while it is
/// unchanged); a zone's FLAC file is named by its content hash, so it is cached for a year without
/// revalidation. While the sounds are being prepared, both wait for them.
struct SoundsController: Sendable {
    let shelf: SoundShelf

    func addRoutes(to group: RouterGroup<PeachRequestContext>) {
        group.get("index.json") { request, _ in
            Assets.response(try await available().index, to: request)
        }
        group.get(":file") { request, context in
            let file = try context.parameters.require("file")
            // Only names the preparation writes: the hash in lower-case hexadecimal and `.flac`
            // (never a path, so nothing outside the folder can be asked for).
            let hash = file.dropLast(5)
            guard file.hasSuffix(".flac"), hash.count == 64,
                hash.allSatisfy({ ("0"..."9").contains($0) || ("a"..."f").contains($0) })
            else { throw HTTPError(.notFound) }
            let sounds = try await available()
            guard let data = try? Data(contentsOf: sounds.folder.appendingPathComponent(file)) else {
                throw HTTPError(.notFound)
            }
            let zone = Assets.File(
                bytes: ByteBuffer(bytes: data), contentType: Assets.contentType(forExtension: "flac"),
                etag: "\"\(hash)\"", cacheControl: "public, max-age=31536000, immutable")
            return Assets.response(zone, to: request)
        }
    }

    /// The prepared sounds, or a 503 that says why there are none.
    private func available() async throws -> PreparedSounds {
        switch await shelf.prepared {
        case .success(let sounds): sounds
        case .failure(let problem):
            throw APIError(.serviceUnavailable, code: "soundsUnavailable", message: problem.description)
        }
    }
}
