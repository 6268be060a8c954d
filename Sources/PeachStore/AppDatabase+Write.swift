import GRDB
import GRDBSQLite

/// Every write transaction of Peach goes through `write`, which waits for the whole-file check
/// (`IntegrityCheck`), checks that the file is still where it was opened and rewrites the
/// database's identity into page 1.
///
/// **The file in place.** A database file deleted, or replaced by another (a `mv` over it), while
/// open stays open: SQLite goes on writing to a file no path names any more, and a restart opens
/// another file, without those writes. So before each transaction, and after its commit, SQLite
/// is asked whether the file it has open is still the one at its path (`SQLITE_FCNTL_HAS_MOVED`:
/// the inode behind the path, one `stat`). Before: nothing is written. After: the commit went to
/// the old file, and the caller (the server) must not acknowledge it; either way
/// `StoreError.databaseMoved`, and every write after it is refused the same way. The old file
/// gets every commit, also that last one, and a copy of it is written beside the path
/// (`DatabaseFileWatch.keepDisplaced`), since a deleted or replaced file is gone for good once
/// Peach closes it. A copy over the open file (`cp`) keeps its inode: `DatabaseFileWatch`
/// notices it by the file's header and `stat` (`StoreError.databaseOverwritten`).
///
/// **The identity.** SQLite applies any valid `-wal` it finds beside a database. Setting
/// `user_version` to the value it already has makes SQLite write page 1 again, so every commit's
/// frames carry this database's identity: a `-wal` left by another Peach database always holds
/// that database's page 1, whose identity `DatabaseIdentity.check` compares with the file's own
/// before anything is opened for writing. Cost: one more 4 KiB page per commit, beside the
/// record's pages and the fsync that dominates a write.
extension AppDatabase {
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in try transaction(db, updates) }
    }

    /// `write` through GRDB's own dispatch queue, for callers on Swift's cooperative pool.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.writeWithoutTransaction { db in try transaction(db, updates) }
    }

    /// One write transaction on the writing connection, after the whole-file check
    /// (`IntegrityCheck`) and between the two checks of the file's place.
    private func transaction<T>(_ db: Database, _ updates: (Database) throws -> T) throws -> T {
        try integrity.admitWrite(on: db)
        try checkInPlace(db)
        try watch.checkNotOverwritten(db, path: path, afterCommit: false)
        var result: T?
        try db.inTransaction {
            try Self.stampIdentity(db)
            result = try updates(db)
            return .commit
        }
        try checkInPlace(db)
        try watch.checkNotOverwritten(db, path: path, afterCommit: true)
        try watch.noteOwnWrite(db, path: path)
        return result!
    }

    /// How many times another connection has committed to the file since this database was
    /// opened, as SQLite counts it (`PRAGMA data_version` of the writing connection, which the
    /// connection's own commits leave alone): when it changes, a command beside the server
    /// (`peach import`, `peach reset`) wrote, and what the server holds in memory must be read
    /// again. Costs a read of the WAL index, no disk access.
    public func dataVersion() throws -> Int {
        try Self.mapErrors(path: path) {
            try writer.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
        }
    }

    private func checkInPlace(_ db: Database) throws {
        var moved: Int32 = 0
        // SQLITE_NOTFOUND for an in-memory database, which has no file to move.
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK,
            moved != 0
        else { return }
        // The `-wal` at the path (SQLite names it by the path) belongs to the file that left it:
        // copy it into that file and empty it, so that no later start applies it to the file now
        // at the path (SQLite checks nothing that ties a WAL to its database), and the moved file
        // holds everything. Best effort: a reader holding an old snapshot may keep it from
        // emptying, and the next start then refuses the `-wal` (`DatabaseIdentity`).
        _ = try? Row.fetchAll(db, sql: "PRAGMA wal_checkpoint(TRUNCATE)")
        // What was acknowledged lives in the file this connection has open, which may have been
        // deleted: a copy beside the path keeps it reachable (`DatabaseFileWatch`).
        throw StoreError.databaseMoved(path: path, keptIn: watch.keepDisplaced(db, path: path))
    }

    private static func stampIdentity(_ db: Database) throws {
        let identity = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        try db.execute(sql: "PRAGMA user_version = \(identity)")
    }
}

extension AppDatabase {
    /// The history's identity (`user_version`, see `DatabaseIdentity`): devices remember it, and
    /// a history whose identity is not the one they synced with (a restore, another file) gets
    /// every answer they hold offered again (docs/sync.md, "A restored or displaced history").
    public func identity() throws -> Int32 {
        try Self.mapErrors(path: path) {
            try writer.read { db in try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
        }
    }

    /// Gives the database on `db` an identity of its own, other than the one it was copied with
    /// (`peach backup`, `peach restore`): a copy is another history once it is written to apart.
    static func renewIdentity(_ db: Database) throws {
        let current = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        var identity = current
        while identity == current { identity = Int32.random(in: 1...Int32.max) }
        try db.execute(sql: "PRAGMA user_version = \(identity)")
    }
}
