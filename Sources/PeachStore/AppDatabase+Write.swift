import GRDB

/// Every write transaction of Peach goes through `write`, which first rewrites the database's
/// identity into page 1 (issue 13, item 23).
///
/// SQLite applies any valid `-wal` it finds beside a database. Setting `user_version` to the
/// value it already has makes SQLite write page 1 again, so every commit's frames carry this
/// database's identity: a `-wal` left by another Peach database always holds that database's
/// page 1, whose identity `DatabaseIdentity.check` compares with the file's own before anything
/// is opened for writing. Cost: one more 4 KiB page per commit, beside the record's pages and
/// the fsync that dominates a write.
extension AppDatabase {
    func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try writer.write { db in
            try Self.stampIdentity(db)
            return try updates(db)
        }
    }

    /// `write` through GRDB's own dispatch queue, for callers on Swift's cooperative pool.
    func write<T: Sendable>(_ updates: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await writer.write { db in
            try Self.stampIdentity(db)
            return try updates(db)
        }
    }

    private static func stampIdentity(_ db: Database) throws {
        let identity = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        try db.execute(sql: "PRAGMA user_version = \(identity)")
    }
}
