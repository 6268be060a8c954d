import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock a Peach server, or a restore, holds on its database file for as long as it runs:
/// one at a time per file. Two servers on one file would each serve a profile without the
/// other's records; a restore under a server would replace the file the server writes.
///
/// An exclusive `flock(2)` on the file itself (so it follows the file, whatever path names it),
/// taken without waiting. The commands that only read or write a few rows beside a server
/// (`stats`, `export`, `import`, `reset`, `devices`, `backup`) take no lock; the server notices
/// their writes (`AppDatabase.dataVersion`).
///
/// The server keeps the descriptor open until the process ends: closing any descriptor of a
/// file drops every POSIX lock the process holds on it, SQLite's own among them (SQLite's "how
/// to corrupt an SQLite database file", 2.2), so it is released only where no connection of
/// this process has the file open. `flock` and SQLite's POSIX locks do not interfere on Linux.
public final class DatabaseLock: Sendable {
    private let descriptor: Int32

    /// Takes the lock on the database at `path`, creating an empty file (mode 0600, which a new
    /// database gets, `AppDatabase.open`) if there is none yet.
    /// - Throws: `StoreError.inUse` when another process holds it, `cannotOpen` when the file
    ///   cannot be opened.
    public init(path: String) throws {
        try DatabaseIdentity.checkIsFileOrNew(path)
        try AppDatabase.createFolder(of: path)
        let descriptor = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(descriptor)
            if failure == EWOULDBLOCK { throw StoreError.inUse(path: path) }
            throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(failure)))
        }
        self.descriptor = descriptor
    }

    /// Gives the lock up. Only when no connection of this process has the file open any more
    /// (see above); a server never calls it.
    public func release() {
        close(descriptor)
    }
}
