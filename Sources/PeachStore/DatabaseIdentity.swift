import Foundation
import GRDB

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decides, before anything writes to an existing file, whether it is an undamaged Peach database
/// with its own `-wal`, and how far its schema is.
///
/// Opening a `DatabasePool` writes (it switches the file to WAL and makes sure the WAL exists),
/// so a foreign or damaged file must be recognised first, with reads only: the path must be a
/// regular file (a named pipe would block the open forever, a device would get a `-journal`
/// beside it), the first 16 bytes SQLite's magic string, and a connection that cannot write must
/// find Peach's `application_id` — or an empty schema, which is a new database (a crash can leave
/// one between creating the file and the first migration). Reading through SQLite rather than
/// the raw header matters: the page that carries `application_id` may still be in the WAL.
///
/// **A `-wal` of another file.** SQLite applies any valid WAL it finds beside a database, with
/// nothing in either file that ties them together. So each Peach database gets a random,
/// non-zero identity in `PRAGMA user_version` (page 1 of the file; migration "v4: database
/// identity"), and every write transaction rewrites it (`AppDatabase.write`), so that every
/// commit in a WAL carries page 1 with its database's identity. The identity in the file's own
/// bytes must equal the one SQLite reads with the WAL applied; a WAL from another Peach
/// database carries the other identity and is refused as `foreignWAL`. A WAL that SQLite (or
/// `quick_check`) finds damaging while the file without it passes is refused the same way.
/// Not told apart: a WAL from a copy of this very file, which has its identity.
///
/// **Cheap first, whole file beside.** `check` reads the header, the schema and the identity,
/// and compares the file's length with the page count its header states (a truncated file):
/// work that does not grow with the history. `verify` reads every page (`PRAGMA
/// quick_check`); a database opened for writing runs it on a thread of its own and holds every
/// write until it is over (`IntegrityCheck`), and `peach check` runs it on demand.
enum DatabaseIdentity {
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    /// What `check` found.
    enum State: Equatable {
        /// No file, or an empty one: nothing to read yet.
        case absent
        /// A Peach database (or a new one's first page) that still needs migrations.
        case outdated
        /// A Peach database with every migration of this version.
        case current
    }

    static func check(path: String, writing: Bool) throws -> State {
        try checkIsFileOrNew(path)
        // An empty `-wal` holds nothing to apply (a server whose file was moved empties its
        // `-wal`, `AppDatabase.write`).
        let walExists = walIsPresent(path)
        guard let handle = FileHandle(forReadingAtPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw StoreError.cannotOpen(path: path, detail: "the file cannot be read")
            }
            // SQLite would delete a WAL beside a missing or empty file: it cannot be this file's.
            if walExists { throw StoreError.foreignWAL(path: path) }
            return .absent
        }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        try? handle.close()
        if header.isEmpty {  // An empty file is an empty SQLite database.
            if walExists { throw StoreError.foreignWAL(path: path) }
            return .absent
        }
        guard header.count == 100, Array(header.prefix(16)) == sqliteMagic else {
            throw StoreError.notADatabase(path: path)
        }
        // user_version: 4 bytes, big-endian, at offset 60 of the file header.
        let fileIdentity = bigEndian(header[60..<64])
        if !walExists, let missing = missingPages(header: header, path: path) {
            throw StoreError.corrupt(path: path, detail: missing)
        }
        do {
            let queue = try readingConnection(path: path, playingBackJournal: writing)
            let (applicationID, identity, objects, superseded, completed) = try queue.read { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let identity = try Int32.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                // Reads the whole schema (page 1 and the pages it spans): what GRDB's pool
                // changes when it opens a file without a `-wal` (IntegrityCheck).
                let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") ?? 0
                let isPeach = applicationID == AppDatabase.applicationID
                let superseded = try isPeach && AppDatabase.migrator.hasBeenSuperseded(db)
                let completed = try isPeach && AppDatabase.migrator.hasCompletedMigrations(db)
                return (applicationID, identity, objects, superseded, completed)
            }
            try queue.close()
            if walExists && fileIdentity != 0 && identity != fileIdentity {
                throw StoreError.foreignWAL(path: path)
            }
            guard applicationID == AppDatabase.applicationID || (applicationID == 0 && objects == 0) else {
                if walExists && fileIsPeach(header) { throw StoreError.foreignWAL(path: path) }
                throw StoreError.notAPeachDatabase(path: path)
            }
            if superseded { throw StoreError.newerSchema(path: path) }
            return completed ? .current : .outdated
        } catch let error as DatabaseError {
            throw refusal(error, path: path, walExisted: walExists)
        }
    }

    /// Reads every page of the Peach database at `path` (`PRAGMA quick_check`: the b-trees,
    /// the indexes, every row's NOT NULL and CHECK constraints) and throws `corrupt` with what
    /// it found, or `foreignWAL` when the damage is only there with the `-wal` that was beside
    /// the file when it was opened (`walExisted`).
    /// - Complexity: O(file size): about 2 s for a million records.
    static func verify(path: String, walExisted: Bool) throws(StoreError) {
        do {
            let queue = try readingConnection(path: path)
            defer { try? queue.close() }
            let problems = try queue.read { db in
                try String.fetchAll(db, sql: "PRAGMA quick_check").filter { $0 != "ok" }
            }
            guard let problem = problems.first else { return }
            if walExisted && fileWithoutWALIsSound(path) { throw StoreError.foreignWAL(path: path) }
            throw StoreError.corrupt(
                path: path, detail: problems.count > 1 ? "\(problem); and \(problems.count - 1) more problems" : problem
            )
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw refusal(error, path: path, walExisted: walExisted)
        } catch {
            throw StoreError.database(detail: "\(error)")
        }
    }

    /// Whether a `-wal` with something in it is beside `path` (an empty one holds nothing to
    /// apply: a server whose file was moved empties its `-wal`, `AppDatabase.write`).
    static func walIsPresent(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int ?? 0) > 0
    }

    /// SQLite's error as Peach's refusal; damage SQLite finds itself only with the `-wal`
    /// applied, while the file alone is sound, means the `-wal` is another file's.
    private static func refusal(_ error: DatabaseError, path: String, walExisted: Bool) -> StoreError {
        if walExisted && [.SQLITE_CORRUPT, .SQLITE_NOTADB].contains(error.resultCode) && fileWithoutWALIsSound(path) {
            return .foreignWAL(path: path)
        }
        return StoreError(error, path: path)
    }

    /// What is missing when the file is shorter than the page count its header states, or nil.
    /// The count is valid when the header's "version-valid-for" (offset 92) equals its change
    /// counter (offset 24), as every SQLite since 3.7.0 writes it
    /// (https://www.sqlite.org/fileformat2.html#in_header_database_size); without a `-wal` only,
    /// since the `-wal` may hold the pages that made the database longer.
    private static func missingPages(header: [UInt8], path: String) -> String? {
        let pageCount = Int(bigEndian(header[28..<32]))
        guard pageCount > 0, header[92..<96] == header[24..<28],
            let fileSize = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        else { return nil }
        // The page size: 2 bytes at offset 16, where 1 stands for 65,536.
        let stated = Int(header[16]) << 8 | Int(header[17])
        let pageSize = stated == 1 ? 65_536 : stated
        guard fileSize < pageCount * pageSize else { return nil }
        return "the file ends after \(fileSize / pageSize) of its \(pageCount) pages: it was cut short"
    }

    private static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int32 {
        bytes.reduce(Int32(0)) { $0 << 8 | Int32($1) }
    }

    /// A connection that cannot write, on an existing database file.
    ///
    /// With a `-wal` beside the file (a server running, or one that crashed), a read-only
    /// connection: it reads through the WAL and never checkpoints it into the file. Likewise
    /// with a rollback `-journal` (a Peach stopped in the middle of creating the file, before it
    /// switched to WAL), which a read-write connection plays back to the last committed state —
    /// unless `playingBackJournal`: a command that writes opens the file read-write next anyway,
    /// and SQLite cannot read a file whose journal is hot on a read-only connection at all
    /// (`SQLITE_READONLY_ROLLBACK`: `StoreError.interruptedWrite` for a reading command). Without one,
    /// SQLite must still make a `-wal` and `-shm` to read a WAL-mode file, and a read-only
    /// connection would leave them behind; a read-write connection removes them again when it
    /// closes, as the last connection. It writes nothing: GRDB runs every `read` with
    /// `PRAGMA query_only`, and nothing else is asked of it.
    static func readingConnection(path: String, playingBackJournal: Bool = false) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.busyMode = .timeout(AppDatabase.busyTimeout)
        configuration.label = "Peach (reading)"
        let beside = playingBackJournal ? ["-wal"] : ["-wal", "-journal"]
        configuration.readonly = beside.contains { FileManager.default.fileExists(atPath: path + $0) }
        return try DatabaseQueue(path: path, configuration: configuration)
    }

    /// Refuses, before anything opens it, a path that exists and is not a regular file (after
    /// following symbolic links).
    static func checkIsFileOrNew(_ path: String) throws {
        var status = stat()
        guard stat(path, &status) == 0 else {
            if errno == ENOENT { return }  // A new database (or a link to where one will be).
            throw StoreError.cannotOpen(path: path, detail: String(cString: strerror(errno)))
        }
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a named pipe"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        throw StoreError.notAFile(path: path, kind: kind)
    }

    /// Whether the file's own header (without the WAL) carries Peach's `application_id`
    /// (4 bytes, big-endian, at offset 68).
    private static func fileIsPeach(_ header: [UInt8]) -> Bool {
        bigEndian(header[68..<72]) == AppDatabase.applicationID
    }

    /// Whether the file passes `quick_check` read on its own, ignoring the WAL beside it
    /// (`immutable`: SQLite neither reads the WAL nor locks; only used to word a refusal).
    private static func fileWithoutWALIsSound(_ path: String) -> Bool {
        var configuration = Configuration()
        configuration.readonly = true
        var components = URLComponents()
        components.scheme = "file"
        components.path = URL(fileURLWithPath: path).absoluteURL.path
        components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
        guard let uri = components.string, let queue = try? DatabaseQueue(path: uri, configuration: configuration)
        else { return false }
        defer { try? queue.close() }
        return (try? queue.read { db in try String.fetchAll(db, sql: "PRAGMA quick_check") }) == ["ok"]
    }
}
