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
    /// - Throws: `StoreError.databaseFile` if `destination` is this database or one of the files
    ///   SQLite keeps beside it (`DatabaseFileSet`), `inUse` if a server holds `destination`
    ///   (replacing it under the server would lose what it writes).
    /// - Complexity: O(size of the database); one pass.
    @discardableResult
    public func backup(to destination: String) throws -> RecordCounts {
        let files = DatabaseFileSet(path: path)
        try files.checkWritable(destination)
        if FileManager.default.fileExists(atPath: destination) {
            // Only probed: nothing of this process has `destination` open.
            try DatabaseLock(path: destination).release()
        }
        var counts: RecordCounts?
        try Self.replace(destination, keeping: files) { temporary in
            try Self.mapErrors(path: destination) {
                let copy = try DatabaseQueue(path: temporary)
                try writer.backup(to: copy)
                counts = try copy.writeWithoutTransaction { db in
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                    // A history of its own once it is written to apart: restored or served,
                    // devices offer it what it lacks, and a copy over the live file is noticed.
                    try Self.renewIdentity(db)
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
    /// Peach database of this or an earlier version (the copy of an earlier one is upgraded; the
    /// backup itself is only read). The file at `path` may itself be damaged: that is when a
    /// backup is needed. A file that holds no Peach history (empty, not SQLite, another program's
    /// database, one without Peach's tables) is refused before anything is written
    /// (`StoreError.notABackup`), and so are the database's own files (its `-wal`, `-shm`,
    /// `-journal`). The new file is written beside `path` and
    /// renamed over it; the old file's `-wal`, `-shm` and `-journal` are removed first, since they
    /// belong to the old contents and would be applied to the new ones. Nothing else is left
    /// beside `path`, whether the restore succeeds or fails. When `path` is a symbolic link, the
    /// file it leads to is replaced and the link kept.
    /// - Returns: the records the restored database holds.
    /// - Complexity: O(size of the backup).
    public static func restore(from source: String, to given: String) throws -> RecordCounts {
        // The file a link leads to, which every command opens through it: renamed over, the link
        // itself would become a file of its own, and the old file's -wal stay beside the other.
        let path = DatabaseFileSet.resolved(given)
        // Not a database's -wal, -shm or -journal: renamed over a server's -wal, the restore
        // would lose every answer the server had not yet copied into its file.
        if let (kind, database) = DatabaseFileSet.companion(of: path) {
            throw StoreError.databaseFile(path: given, role: kind.role(database: database))
        }
        guard FileManager.default.fileExists(atPath: source) else {
            throw StoreError.cannotOpen(path: source, detail: "there is no such file")
        }
        let files = DatabaseFileSet(path: path)
        if let kind = files.kind(of: source) {
            throw StoreError.notABackup(
                path: source,
                detail: kind == .database
                    ? "it is the database itself; name the backup to restore"
                    : "it is one of the files SQLite keeps beside the database (\(kind.rawValue)), not a backup")
        }
        // Before `open`, which would upgrade an older file in place, and make an empty one (or
        // another program's empty SQLite file) a new, empty history.
        try checkIsHistory(source)
        // Read as it is, never written: not `open`, which would upgrade a backup of an earlier
        // Peach in place (the copy is upgraded instead, below).
        let backup = try mapErrors(path: source) { try DatabaseIdentity.readingConnection(path: source) }
        defer { try? backup.close() }
        do {
            try DatabaseIdentity.verify(path: source, walExisted: DatabaseIdentity.walIsPresent(source))
        } catch {
            guard case .corrupt(_, let detail) = error else { throw error }
            throw StoreError.notABackup(path: source, detail: "it is damaged (\(detail))")
        }
        let existed = FileManager.default.fileExists(atPath: path)
        let lock = try DatabaseLock(path: path)
        // No connection of this process opens the file at `path`: the lock may go at the end.
        defer { lock.release() }
        var restored: RecordCounts?
        // The lock made an empty file where there was none: a failed restore takes it away again.
        defer {
            if restored == nil, !existed, (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int == 0
            {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
        try replace(path, keeping: files) { temporary in
            try mapErrors(path: path) {
                let copy = try DatabaseQueue(path: temporary)
                try backup.backup(to: copy)
                try copy.close()
            }
            // Upgraded to this version (a backup of an earlier Peach) before it takes the place.
            let upgraded = try open(path: temporary, access: .writing)
            // The whole-file check of the copy reads it on a connection of its own, which must be
            // closed before the writer's: only the last connection to close copies the `-wal`
            // into the file and removes it (else the `-wal` and `-shm` were left beside a name
            // that no longer exists, and what they held lost with them).
            try upgraded.integrity.waitForVerdict()
            // Another history than the one devices synced with, even when the same backup is
            // restored twice: each device offers it every answer it holds (docs/sync.md).
            try mapErrors(path: path) { try upgraded.writer.writeWithoutTransaction(Self.renewIdentity) }
            restored = try upgraded.recordCounts()
            try mapErrors(path: path) {
                // One file, as a backup is: no `-wal` to leave behind or to lose in the rename.
                try upgraded.writer.writeWithoutTransaction { db in
                    _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
                }
            }
            try upgraded.writer.close()
            for stale in [path + "-wal", path + "-shm", path + "-journal"]
            where FileManager.default.fileExists(atPath: stale) {
                try FileManager.default.removeItem(atPath: stale)
            }
        }
        return restored!
    }

    /// Writes a file with `write(temporaryPath)` beside `path`, created empty with mode 0600,
    /// then renames it over `path` (atomic) and syncs the folder; on any error the temporary
    /// file is removed and `path` is as it was. `write` leaves the file whole, without a `-wal`
    /// (its last connection closed, which checkpoints and removes it). Neither `path` (unless it
    /// is the database being restored) nor the temporary file may be one of `files`.
    private static func replace(_ path: String, keeping files: DatabaseFileSet, _ write: (String) throws -> Void) throws
    {
        let target = URL(fileURLWithPath: path)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
            .path
        try files.checkWritable(temporary)
        // A new file, never one already there: a link left at this name would lead the write
        // elsewhere (O_EXCL does not follow it).
        unlink(temporary)
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
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
        // What SQLite may have left beside the temporary name (an empty `-shm`) has no file now.
        for suffix in ["-wal", "-shm", "-journal"] {
            try? FileManager.default.removeItem(atPath: temporary + suffix)
        }
        // The rename is durable once the folder is on disk too.
        let folder = Glibc.open(target.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Refuses a file to restore that holds no Peach history: an empty file (which SQLite reads
    /// as an empty database), one that is not SQLite, another program's database (also an empty
    /// one, which `open` would take for a new Peach database), or one whose Peach tables were
    /// never made; and a damaged or cut-short one. Reads only.
    private static func checkIsHistory(_ source: String) throws {
        let state: DatabaseIdentity.State
        do {
            state = try DatabaseIdentity.check(path: source, writing: false)
        } catch StoreError.notADatabase {
            throw StoreError.notABackup(path: source, detail: "it is not an SQLite database file")
        } catch StoreError.notAPeachDatabase {
            throw StoreError.notABackup(path: source, detail: "it is an SQLite database, but not one written by Peach")
        } catch StoreError.corrupt(_, let detail) {
            throw StoreError.notABackup(path: source, detail: "it is damaged (\(detail))")
        }
        guard state != .absent else { throw StoreError.notABackup(path: source, detail: "it is empty") }
        let (applicationID, migrations) = try mapErrors(path: source) {
            let queue = try DatabaseIdentity.readingConnection(path: source)
            defer { try? queue.close() }
            return try queue.read { db in
                (
                    try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0,
                    try migrator.appliedIdentifiers(db).count
                )
            }
        }
        guard applicationID == Self.applicationID, migrations > 0 else {
            throw StoreError.notABackup(path: source, detail: "it is an SQLite database without Peach's tables")
        }
    }
}
