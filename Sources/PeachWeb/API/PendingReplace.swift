import Foundation
import PeachCore
import PeachStore
import PeachViews

/// A replace import read and checked, waiting for the user to confirm what it deletes: the
/// file, the stored records as they were shown, and the random token the confirmation sends.
///
/// One at a time (a newer upload takes its place) and for `lifetime` at most, so that a file
/// nobody confirms does not stay in memory; a single person's data needs no more.
actor PendingReplace {
    /// How long a replace waits for its confirmation.
    static let lifetime: TimeInterval = 15 * 60

    private struct Waiting {
        let token: String
        let file: CSVFile
        let shown: RecordCounts
        let expires: Date
    }

    private var waiting: Waiting?

    /// Keeps `file` until it is confirmed; returns the token that confirms it.
    func hold(_ file: CSVFile, shown: RecordCounts, now: Date) -> String {
        // 128 bits from the system's generator: a confirmation cannot be guessed from outside.
        var generator = SystemRandomNumberGenerator()
        let token = (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
        waiting = Waiting(token: token, file: file, shown: shown, expires: now + Self.lifetime)
        return token
    }

    /// The file `token` confirms and the records shown for it, once; `nil` if there is none
    /// (expired, replaced by a newer upload, or already taken).
    func take(_ token: String, now: Date) -> (file: CSVFile, shown: RecordCounts)? {
        guard let current = waiting, current.expires > now else {
            waiting = nil
            return nil
        }
        guard current.token == token else { return nil }
        waiting = nil
        return (current.file, current.shown)
    }

    /// Forgets the file `token` confirms (the user backed out).
    func cancel(_ token: String) {
        if waiting?.token == token { waiting = nil }
    }
}
