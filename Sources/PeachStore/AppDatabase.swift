import Foundation
import GRDB
import PeachCore

/// The Peach database: every answered exercise and the settings, in one SQLite file.
///
/// Modelled on the GRDB demo app's `AppDatabase`: it owns a `DatabaseWriter`, runs the
/// append-only migrator when it is made, and offers intention-named operations, each one
/// transaction. On a file it is a WAL-mode `DatabasePool` with `synchronous=FULL`, so that a
/// recorded answer survives a crash or power loss the moment `record(_:exerciseID:)` returns,
/// and a reader (an export, `peach stats`) never waits for the server's writes.
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter

    /// Runs the migrations on `writer`; `writer` must have been made with `configuration`.
    init(_ writer: any DatabaseWriter) throws {
        self.writer = writer
        try Self.mapErrors(path: writer.path) {
            // `open(path:)` has already refused a newer file before writing; this covers writers
            // made otherwise (tests), where a newer schema must not be migrated either.
            if try writer.read(Self.migrator.hasBeenSuperseded) { throw StoreError.newerSchema(path: writer.path) }
            try Self.migrator.migrate(writer)
        }
    }

    /// How long a writer waits for another process's write transaction before giving up.
    static let busyTimeout: TimeInterval = 5

    /// `PRAGMA application_id` of every Peach database ("Pech" in ASCII), so that a foreign
    /// SQLite file is recognised and refused.
    static let applicationID: Int32 = 0x5065_6368

    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = "Peach"
        return configuration
    }

    /// Opens (creating the file and its folder if needed) a Peach database: WAL,
    /// `synchronous=FULL`, migrations run. Refuses a file that is not a Peach database or is
    /// corrupt, never writing to it.
    public static func open(path: String) throws -> AppDatabase {
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw StoreError.cannotOpen(path: path, detail: "cannot create its folder (\(error.localizedDescription))")
        }
        try DatabaseIdentity.check(path: path)
        return try mapErrors(path: path) {
            let pool = try DatabasePool(path: path, configuration: configuration)
            try pool.writeWithoutTransaction { db in
                // GRDB sets synchronous=NORMAL when it enables WAL; Peach wants every commit on
                // disk before it says "recorded". The writer connection lives as long as the pool.
                try db.execute(sql: "PRAGMA synchronous = FULL")
                // Mark a new file as Peach's before the migrator creates its first table, so that
                // an interrupted first start leaves a file Peach still recognises.
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0 {
                    try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                }
            }
            return try AppDatabase(pool)
        }
    }

    /// An in-memory database with the same schema and configuration (for tests and previews).
    public static func inMemory() throws -> AppDatabase {
        try AppDatabase(DatabaseQueue(configuration: configuration))
    }

    /// `$XDG_DATA_HOME/peach/peach.sqlite`, or `~/.local/share/peach/peach.sqlite`.
    public static func defaultPath(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> String {
        // The XDG Base Directory spec says a relative XDG_DATA_HOME is invalid and is ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return URL(fileURLWithPath: dataHome).appendingPathComponent("peach/peach.sqlite").path
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/peach/peach.sqlite").path
    }

    /// The file behind this database, or `:memory:`-like for an in-memory one.
    public var path: String { writer.path }

    /// Runs `body`, turning GRDB's errors into `StoreError`s that say what to do.
    static func mapErrors<T>(path: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }
}

extension StoreError {
    init(_ error: DatabaseError, path: String) {
        switch error.resultCode {
        case .SQLITE_NOTADB: self = .notADatabase(path: path)
        case .SQLITE_CORRUPT: self = .corrupt(path: path, detail: error.message ?? "\(error.resultCode)")
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(detail: error.message ?? "\(error.resultCode)")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            self = .cannotOpen(path: path, detail: error.message ?? "\(error.resultCode)")
        default: self = .database(detail: error.message ?? "\(error.resultCode)")
        }
    }
}
