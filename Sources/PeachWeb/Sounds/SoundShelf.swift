import Foundation
import Logging
import PeachStore

/// The instrument sounds as the server has them. Prepared (or read from their folder) in the
/// background from the moment the server starts, so that it answers at once; a request for
/// them waits for that one preparation.
public final class SoundShelf: Sendable {
    private let sounds: Task<Result<PreparedSounds, SoundsUnavailable>, Never>

    /// Starts reading, or preparing, the sounds of `soundFontPath` in `folder`, writing nothing
    /// over the files of `database`; logs the outcome.
    public init(soundFontPath: String, folder: URL, keepingClearOf database: DatabaseFileSet? = nil, logger: Logger) {
        sounds = Task.detached(priority: .utility) {
            let result = Result { () throws(SoundsUnavailable) in
                try PreparedSounds.load(soundFontPath: soundFontPath, folder: folder, keepingClearOf: database)
            }
            switch result {
            case .success(let prepared):
                if let seconds = prepared.preparationSeconds {
                    let shown = (seconds * 100).rounded() / 100
                    logger.info(
                        "Prepared \(prepared.instrumentCount) instrument sounds from \(soundFontPath) in \(shown) s (kept in \(folder.path))."
                    )
                }
            case .failure(let problem):
                logger.warning("\(problem.description)")
            }
            return result
        }
    }

    /// No instrument sounds (the server's tests, which do not need them): only the sine.
    public static let none = SoundShelf(unavailable: "This server was started without instrument sounds.")

    private init(unavailable reason: String) {
        sounds = Task { .failure(SoundsUnavailable(reason)) }
    }

    /// The prepared sounds, once ready.
    var prepared: Result<PreparedSounds, SoundsUnavailable> {
        get async { await sounds.value }
    }
}
