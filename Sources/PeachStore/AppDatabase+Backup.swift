import Foundation
import GRDB
import PeachCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `peach backup` and `peach restore` (docs/cli.md): the safe ways to copy a database and to go
/// back to a copy. A file copied with `cp` while a server writes may be caught between two
/// commits, and copied over the open file it corrupts it (the server's `-wal` belongs to the old
/// contents).
extension AppDatabase {
    /// Writes a copy of this database to `destination` with SQLite's online backup: one read
    /// transaction, so the copy is the database at one instant while a server goes on writing
    /// (WAL readers never wait for the writer). The copy is one file, no `-wal` (rollback journal
    /// mode), readable by its owner only, written beside `destination` and renamed into place:
    /// a failed backup leaves no half file, and replaces no earlier one.
    /// - Returns: the records the backup holds.
    /// - Throws: `StoreError.cannotOpen` if `destination` is this very database, `inUse` if a
    ///   server holds it (replacing it under the server would lose what it writes).
    /// - Complexity: O(size of the database); one pass.
    @discardableResult
    public func backup(to destination: String) throws -> RecordCounts {
        if Self.isSameFile(destination, path) {
            throw StoreError.cannotOpen(
                path: destination, detail: "it is the database itself; choose another file for the backup")
        }
        if FileManager.default.fileExists(atPath: destination) {
            // Only probed: nothing of this process has `destination` open.
            try DatabaseLock(path: destination).release()
        }
        var counts: RecordCounts?
        try Self.replace(destination) { temporary in
            try Self.mapErrors(path: destination) {
                let copy = try DatabaseQueue(path: temporary)
                try writer.backup(to: copy)
                counts = try copy.writeWithoutTransaction { db in
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                    return try Self.recordCounts(db)
                }
                try copy.close()
                // The online backup copies pages as they are: a damaged database makes a
                // damaged copy, which must not stand in for a good one.
                do {
                    try DatabaseIdentity.verify(path: temporary, walExisted: false)
                } catch StoreError.corrupt(_, let detail) {
                    throw StoreError.corrupt(path: path, detail: detail)
                }
            }
        }
        return counts!
    }

    /// Replaces the database at `path` with the backup at `source` (made by `backup(to:)`, or any
    /// Peach database): its records, settings and paired devices. Refused, changing nothing,
    /// while a server serves `path` (`StoreError.inUse`), and when `source` is not an undamaged
    /// Peach database of this or an earlier version (an earlier one is upgraded). The file at
    /// `path` may itself be damaged: that is when a backup is needed. The new file is written
    /// beside `path` and renamed over it; the old file's `-wal` and `-shm` are removed first,
    /// since they belong to the old contents and would be applied to the new ones.
    /// - Returns: the records the restored database holds.
    /// - Complexity: O(size of the backup).
    public static func restore(from source: String, to path: String) throws -> RecordCounts {
        guard FileManager.default.fileExists(atPath: source) else {
            throw StoreError.cannotOpen(path: source, detail: "there is no such file")
        }
        if isSameFile(source, path) {
            throw StoreError.cannotOpen(path: source, detail: "it is the database itself; name the backup to restore")
        }
        let backup = try open(path: source, access: .reading)
        try backup.check()
        let lock = try DatabaseLock(path: path)
        // No connection of this process opens the file at `path`: the lock may go at the end.
        defer { lock.release() }
        var restored: RecordCounts?
        try replace(path) { temporary in
            try mapErrors(path: path) {
                let copy = try DatabaseQueue(path: temporary)
                try backup.writer.backup(to: copy)
                try copy.close()
            }
            // Upgraded to this version (a backup of an earlier Peach) before it takes the place.
            let upgraded = try open(path: temporary, access: .writing)
            restored = try upgraded.recordCounts()
            try upgraded.writer.close()
            for stale in [path + "-wal", path + "-shm"] where FileManager.default.fileExists(atPath: stale) {
                try FileManager.default.removeItem(atPath: stale)
            }
        }
        return restored!
    }

    /// Writes a file with `write(temporaryPath)` beside `path`, created empty with mode 0600,
    /// then renames it over `path` (atomic) and syncs the folder; on any error the temporary
    /// file is removed and `path` is as it was. `write` leaves the file whole, without a `-wal`
    /// (its last connection closed, which checkpoints and removes it).
    private static func replace(_ path: String, _ write: (String) throws -> Void) throws {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
            .path
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.cannotOpen(
                path: path, detail: "cannot write beside it: \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        do {
            try write(temporary)
            guard rename(temporary, path) == 0 else {
                throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(errno)))
            }
        } catch {
            for suffix in ["", "-wal", "-shm", "-journal"] {
                try? FileManager.default.removeItem(atPath: temporary + suffix)
            }
            throw error
        }
        // The rename is durable once the folder is on disk too.
        let folder = Glibc.open(target.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Whether two paths name the same file (device and inode); false if either does not exist.
    private static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }
}
