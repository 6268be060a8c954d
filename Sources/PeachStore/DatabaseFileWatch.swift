import Foundation
import GRDB
import GRDBSQLite
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `AppDatabase.write` knows of the database file between Peach's own writes, so that it
/// notices a file changed under it by something that is not Peach — before it acknowledges a
/// write that would be lost.
///
/// **Moved, deleted or replaced** (`SQLITE_FCNTL_HAS_MOVED`, `AppDatabase.write`): the answers
/// acknowledged before live only in the file the server still has open, which no path names.
/// The first write that notices it copies that file (SQLite's online backup, from the open
/// connection) to `displacedCopyPath`, beside the path, once; every refusal after names it.
///
/// **Overwritten in place** (`cp backup.sqlite peach.sqlite` while the server runs): the inode
/// stays, so SQLite notices nothing; its next checkpoint would write the server's pages over the
/// copy and leave a malformed file. Two signs, checked before each write transaction (and the
/// first also after its commit, before the caller acknowledges it):
/// - the file's own header (its first 100 bytes, read from the disk) no longer says WAL mode
///   (bytes 18 and 19: a backup is in rollback mode) or no longer carries this database's
///   identity (`user_version`, bytes 60–63: `peach backup` gives every copy one of its own);
/// - the file's size, times or inode changed since Peach's last write while no other
///   connection committed (`PRAGMA data_version` unchanged): the command line writing beside
///   the server (`peach import`, `reset`) changes the file too, but it commits through SQLite.
/// From then on every write is refused (`StoreError.databaseOverwritten`), and the writing
/// connection keeps its `-wal` out of the file when it closes.
///
/// - Complexity: one `stat` and one 100-byte read per check.
final class DatabaseFileWatch: Sendable {
    /// A file as `stat` sees it: what changes when anything writes to it.
    struct Signature: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: timespec
        var changed: timespec

        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
            size = Int64(status.st_size)
            modified = status.st_mtim
            changed = status.st_ctim
        }

        static func == (a: Signature, b: Signature) -> Bool {
            a.device == b.device && a.inode == b.inode && a.size == b.size
                && a.modified.tv_sec == b.modified.tv_sec && a.modified.tv_nsec == b.modified.tv_nsec
                && a.changed.tv_sec == b.changed.tv_sec && a.changed.tv_nsec == b.changed.tv_nsec
        }
    }

    private struct State {
        /// The file after Peach's last write transaction, and the other connections' commits
        /// counted then.
        var signature: Signature?
        var dataVersion: Int?
        /// The identity in the file's own header when Peach first looked, or since it last
        /// equalled the database's.
        var openedIdentity: Int32?
        /// Set once the file was found overwritten: every later write is refused.
        var overwritten = false
        /// Where the displaced file's contents were copied, once that was done.
        var displacedCopy: String?
    }

    private let state = Mutex(State())

    /// Throws `databaseOverwritten` when the file at `path` is no longer the one this
    /// connection (`db`, the writing one) wrote, by either sign; `afterCommit`: only the header,
    /// since the commit's own checkpoint may have written the file.
    func checkNotOverwritten(_ db: Database, path: String, afterCommit: Bool) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        var overwritten = state.withLock { $0.overwritten }
        if !overwritten {
            let identity = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            overwritten = state.withLock { known in
                guard let header = Self.header(db) else { return false }
                // Until the first checkpoint, the file's own header may still carry what it had
                // when Peach opened it (0 in a new file): the identity is in the `-wal`.
                let fileIdentity = header[60..<64].reduce(Int32(0)) { $0 << 8 | Int32($1) }
                if known.openedIdentity == nil || fileIdentity == identity { known.openedIdentity = fileIdentity }
                return Array(header.prefix(16)) != DatabaseIdentity.sqliteMagic || header[18] != 2 || header[19] != 2
                    || (fileIdentity != identity && fileIdentity != known.openedIdentity)
            }
        }
        if !overwritten && !afterCommit {
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            let now = Signature(path: path)
            overwritten = state.withLock { known in
                guard let signature = known.signature, known.dataVersion == version else { return false }
                return now != signature
            }
        }
        guard overwritten else { return }
        state.withLock { $0.overwritten = true }
        // The server's `-wal` belongs to what the file held before: copied into the file that
        // is there now, it would leave neither.
        IntegrityCheck.holdWAL(db, true)
        throw StoreError.databaseOverwritten(path: path)
    }

    /// Remembers the file as Peach's write transaction on `db` left it.
    func noteOwnWrite(_ db: Database, path: String) throws {
        guard path != ":memory:", !path.isEmpty else { return }
        let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
        let signature = Signature(path: path)
        state.withLock {
            $0.signature = signature
            $0.dataVersion = version
        }
    }

    /// The file at `path` was moved, deleted or replaced while `db` has it open: copies what
    /// `db` holds to a new file beside `path` the first time, and returns that file's path (nil
    /// if it could not be written: the log says why).
    func keepDisplaced(_ db: Database, path: String, now: Date = Date()) -> String? {
        if let kept = state.withLock({ $0.displacedCopy }) { return kept }
        let copy = Self.displacedCopyPath(path, at: now)
        do {
            let destination = try DatabaseQueue(path: copy)
            try destination.writeWithoutTransaction { target in try db.backup(to: target) }
            try destination.close()
            chmod(copy, 0o600)
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(copy + suffix) }
            return nil
        }
        state.withLock { $0.displacedCopy = copy }
        return copy
    }

    /// `peach.sqlite.displaced-2026-11-28T07-12-00Z` beside `path`: the time in UTC, with
    /// hyphens for colons (which some file systems and shells take for something else).
    static func displacedCopyPath(_ path: String, at date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        let stamp = formatter.string(from: date).replacingOccurrences(of: ":", with: "-")
        var candidate = "\(path).displaced-\(stamp)"
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(path).displaced-\(stamp)-\(number)"
            number += 1
        }
        return candidate
    }

    /// The first 100 bytes of the file `db` has open, as they are on the disk (nil when they
    /// cannot be read: that is the other check's business; zeros past the end of a shorter file).
    /// Read through SQLite's own descriptor (`SQLITE_FCNTL_FILE_POINTER`): opening and closing
    /// another descriptor of the file would drop the POSIX locks SQLite holds on it.
    private static func header(_ db: Database) -> [UInt8]? {
        var pointer: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_FILE_POINTER, &pointer) == SQLITE_OK,
            let file = pointer, let read = file.pointee.pMethods?.pointee.xRead
        else { return nil }
        var header = [UInt8](repeating: 0, count: 100)
        let status = header.withUnsafeMutableBytes { read(file, $0.baseAddress, 100, 0) }
        // SQLITE_IOERR_SHORT_READ (a macro Swift does not import): the file is shorter than a
        // header (it was emptied); SQLite fills the rest with zeros.
        guard status == SQLITE_OK || status == SQLITE_IOERR | (2 << 8) else { return nil }
        return header
    }
}
