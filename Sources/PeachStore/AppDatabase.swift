import CSQLiteConfig
import Foundation
import GRDB
import PeachCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Peach database: every training record, the settings and the paired devices, in one SQLite
/// file.
///
/// Modelled on the GRDB demo app's `AppDatabase`: it owns a `DatabaseWriter`, runs the
/// append-only migrator when it is made, and offers intention-named operations, each one
/// transaction. On a file it is in WAL mode with `synchronous=FULL`, so that a synced record
/// survives a crash or power loss the moment `saveSyncedRecords` returns, and a reader (an
/// export, `peach stats`) never waits for the server's writes; the server's is a `DatabasePool`,
/// the other commands' one connection (see `Access`).
public struct AppDatabase: Sendable {
    let writer: any DatabaseWriter
    /// The whole-file check every write waits for (`IntegrityCheck`).
    let integrity: IntegrityCheck
    /// The file as Peach's writes left it, to notice another program's (`DatabaseFileWatch`).
    let watch = DatabaseFileWatch()

    /// Runs the migrations on `writer`; `writer` must have been made with `configuration`.
    init(_ writer: any DatabaseWriter, integrity: IntegrityCheck = .passed) throws {
        self.writer = writer
        self.integrity = integrity
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

    /// How a command uses the database file.
    public enum Access: Sendable {
        /// Reads only (`peach stats`, `export`, `devices`): neither the file nor its `-wal` is
        /// written, and no `-wal` or `-shm` is left behind. A missing or empty file reads as an
        /// empty database and is not created. The one exception is a file an older Peach wrote:
        /// it is upgraded (migrated) first, as by any command. For the read methods only.
        case reading
        /// One connection that writes only what the command changes (`peach import`, `reset`,
        /// `devices revoke`): a refused import leaves the file byte-for-byte as it was.
        case writing
        /// The server: a writer and a pool of concurrent readers.
        case serving
    }

    /// Opens (creating the file and its folder if needed, except for `.reading`) a Peach
    /// database: WAL, `synchronous=FULL`, migrations run. Refuses, before SQLite opens it,
    /// anything that is not a regular file or a new path, a file that is not a Peach database or
    /// is cut short, and a `-wal` beside it that belongs to another file, never writing to them.
    /// Damage inside the file is looked for by `IntegrityCheck`: before the migrations of an
    /// older file, beside the start of a current one (every write waits for it), never for
    /// `.reading`, which writes nothing.
    public static func open(path: String, access: Access = .serving) throws -> AppDatabase {
        _ = sqliteConfigured
        let walExisted = DatabaseIdentity.walIsPresent(path)
        let state = try DatabaseIdentity.check(path: path, writing: access != .reading)
        switch state {
        case .absent where access == .reading:
            return try inMemory()
        case .current where access == .reading:
            return try mapErrors(path: path) {
                AppDatabase(reading: try DatabaseIdentity.readingConnection(path: path))
            }
        case .outdated:
            // The migrations write: the whole file is checked first.
            try DatabaseIdentity.verify(path: path, walExisted: walExisted)
        case .absent, .current:
            break
        }
        try createFolder(of: path)
        try makePrivate(path)
        return try mapErrors(path: path) {
            let writer: any DatabaseWriter
            if access == .serving {
                // GRDB's pool switches the file to WAL itself (committing an empty change when
                // the -wal is missing, harmless for the server, which writes anyway).
                writer = try DatabasePool(path: path, configuration: configuration)
            } else {
                // A queue that GRDB leaves in the file's journal mode: Peach sets WAL below, which
                // writes nothing when the file is already in WAL mode.
                writer = try DatabaseQueue(path: path, configuration: configuration)
            }
            try writer.writeWithoutTransaction { db in
                _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
                // GRDB sets synchronous=NORMAL when it enables WAL; Peach wants every commit on
                // disk before it acknowledges it (a synced batch, an import, a reset). The writer
                // connection lives as long as the pool.
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try boundWAL(db)
                // Mark a new file as Peach's before the migrator creates its first table, so that
                // an interrupted first start leaves a file Peach still recognises.
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0 {
                    try db.execute(sql: "PRAGMA application_id = \(applicationID)")
                }
            }
            var integrity = IntegrityCheck.passed
            if state == .current {
                // What GRDB's pool wrote to the `-wal` stays out of the file until the check passed.
                if access == .serving { writer.writeWithoutTransaction { db in IntegrityCheck.holdWAL(db, true) } }
                integrity = IntegrityCheck.start(path: path, walExisted: walExisted)
            }
            return try AppDatabase(writer, integrity: integrity)
        }
    }

    /// Waits for the whole-file check that every write waits for (`IntegrityCheck`); throws
    /// `StoreError.corrupt` (or `foreignWAL`) when the file is damaged. The server stops with it.
    public func integrityVerdict() async throws {
        do {
            try await integrity.verdict()
        } catch {
            try? await writer.writeWithoutTransaction { db in IntegrityCheck.holdWAL(db, true) }
            throw error
        }
        try? await writer.writeWithoutTransaction { db in IntegrityCheck.holdWAL(db, false) }
    }

    /// Reads every page of the file now (`peach check`), whatever the open found.
    /// - Complexity: O(file size).
    public func check() throws {
        guard writer.path != ":memory:", FileManager.default.fileExists(atPath: writer.path) else { return }
        try DatabaseIdentity.verify(path: writer.path, walExisted: DatabaseIdentity.walIsPresent(writer.path))
    }

    /// Creates the folder of a database file, and the folders above it that are missing, each
    /// readable by its owner only (0700): it holds the training history.
    static func createFolder(of path: String) throws {
        do {
            try FileManager.default.createDirectory(
                at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotOpen(path: path, detail: "cannot create its folder (\(error.localizedDescription))")
        }
    }

    /// Makes the database file readable and writable by its owner only (0600), creating it empty
    /// if it is new, before SQLite opens it: SQLite gives the `-wal` and `-shm` it creates the
    /// database file's permissions, so they are private too. A file that an earlier Peach made
    /// readable by others (SQLite's default, 0644) is made private again, with its `-wal` and
    /// `-shm`.
    ///
    /// An existing file is not opened here (only `stat` and `chmod`): closing a descriptor of a
    /// file that SQLite has open in this process would drop SQLite's locks on it.
    static func makePrivate(_ path: String) throws {
        var status = stat()
        if stat(path, &status) != 0 && errno == ENOENT {
            let descriptor = Glibc.open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(errno)))
            }
            close(descriptor)
        }
        for file in [path, path + "-wal", path + "-shm"] {
            var status = stat()
            if stat(file, &status) == 0, status.st_mode & 0o077 != 0 { chmod(file, status.st_mode & 0o700) }
        }
    }

    /// The most WAL pages written before SQLite copies them into the database (a passive
    /// checkpoint after the commit that reaches it); SQLite's default is 1,000 (4 MB).
    static let walCheckpointPages = 128
    /// What the WAL is truncated to when it starts over after a checkpoint, so that one large
    /// transaction (an import) does not leave a large file behind: 512 KiB.
    static let walSizeLimit = 512 * 1024

    /// Keeps the WAL small: about `walCheckpointPages` pages (≈ 0.5 MB) beyond the transaction
    /// being written, shrunk back to `walSizeLimit` when it starts over. A reader that holds a
    /// snapshot (a long export beside the server) can delay the checkpoint; the WAL then grows
    /// until it finishes.
    static func boundWAL(_ db: Database) throws {
        try db.execute(sql: "PRAGMA wal_autocheckpoint = \(walCheckpointPages)")
        _ = try Int.fetchOne(db, sql: "PRAGMA journal_size_limit = \(walSizeLimit)")
    }

    /// A database read through `connection` (see `Access.reading`): no migrations.
    private init(reading connection: DatabaseQueue) {
        writer = connection
        integrity = .passed
    }

    /// SQLite's process-wide settings (`peach_sqlite_configure_before_first_use`: no lock around
    /// every call, which GRDB's one thread per connection makes needless; they were a tenth of a
    /// large import), made once before Peach's first use of SQLite. A process that used SQLite
    /// before (a test that makes its own file first) keeps SQLite's defaults, only slower.
    private static let sqliteConfigured: Bool = peach_sqlite_configure_before_first_use() == SQLITE_OK

    /// An in-memory database with the same schema and configuration: for tests, and what a
    /// reading command sees of a file that does not exist yet (see `Access.reading`).
    public static func inMemory() throws -> AppDatabase {
        _ = sqliteConfigured
        return try AppDatabase(DatabaseQueue(configuration: configuration))
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
        if error.extendedResultCode == .SQLITE_READONLY_ROLLBACK {
            self = .interruptedWrite(path: path)
            return
        }
        // A failure of the online backup (`peach backup`, `restore`) is its own: the connection's
        // message stays "not an error", and the code says what it was ("778 (disk I/O error)").
        let detail = error.message.flatMap { $0 == "not an error" ? nil : $0 } ?? "\(error.extendedResultCode)"
        switch error.resultCode {
        case .SQLITE_NOTADB: self = .notADatabase(path: path)
        case .SQLITE_CORRUPT: self = .corrupt(path: path, detail: detail)
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(detail: detail)
        case .SQLITE_FULL: self = .diskFull(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY: self = .cannotOpen(path: path, detail: detail)
        default: self = .database(detail: detail)
        }
    }
}
