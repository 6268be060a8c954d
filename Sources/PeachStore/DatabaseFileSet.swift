import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of one Peach database as SQLite keeps them: the database file and, beside it, its
/// write-ahead log (`-wal`), its shared-memory index (`-shm`) and its rollback journal
/// (`-journal`). Everything Peach writes that is not the history itself — a backup, an export,
/// a restore's temporary copy, the prepared sounds, the compressed copies — is checked here
/// first, so that no wrong path can put a CSV over the history, a backup over the `-wal` (whose
/// answers a crash would then lose) or anything over the `-shm`.
///
/// A path is one of these files when it names the same place after following symbolic links,
/// `.`, `..` and repeated slashes — also when the file does not exist yet (a `-wal` is there only
/// while a connection has the database open) — or when it is the same file on disk (device and
/// inode: a hard link).
public struct DatabaseFileSet: Sendable, Equatable {
    /// One of the files SQLite keeps for a database.
    public enum Kind: String, Sendable, CaseIterable {
        case database = ""
        case writeAheadLog = "-wal"
        case sharedMemory = "-shm"
        case rollbackJournal = "-journal"

        /// What the file is and what writing over it would do, in words (after "PATH is").
        func role(database: String) -> String {
            switch self {
            case .database:
                "the Peach database itself (\(database)): writing there would replace the history"
            case .writeAheadLog:
                "the Peach database's write-ahead log (-wal of \(database)): writing there would lose answers"
            case .sharedMemory:
                "the Peach database's shared-memory index (-shm of \(database)): writing there would corrupt the "
                    + "database"
            case .rollbackJournal:
                "the Peach database's rollback journal (-journal of \(database)): writing there would corrupt the "
                    + "database"
            }
        }
    }

    /// The database file, as the command was given it (`--data`).
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Which of the database's files `target` is, or nil when it is none of them.
    /// - Complexity: a `lstat` per component of the paths, and a `stat` per file.
    public func kind(of target: String) -> Kind? {
        let resolvedTarget = Self.resolved(target)
        let resolvedDatabase = Self.resolved(path)
        var targetStatus = stat()
        let targetExists = stat(target, &targetStatus) == 0
        for kind in Kind.allCases {
            // SQLite keeps the -wal beside the file a link leads to; the name beside the link is
            // protected too.
            let names = [Self.resolved(path + kind.rawValue), resolvedDatabase + kind.rawValue]
            if names.contains(resolvedTarget) { return kind }
            var status = stat()
            if targetExists, stat(path + kind.rawValue, &status) == 0,
                status.st_dev == targetStatus.st_dev, status.st_ino == targetStatus.st_ino
            {
                return kind
            }
            // The name beside another name of the database (a hard link to it): a server that
            // opened the database by that name keeps its -wal there.
            if kind != .database, resolvedTarget.hasSuffix(kind.rawValue),
                Self.sameFile(String(resolvedTarget.dropLast(kind.rawValue.count)), path)
            {
                return kind
            }
        }
        return nil
    }

    /// Whether `first` and `second` are one file on disk (device and inode), both existing.
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var firstStatus = stat()
        var secondStatus = stat()
        return stat(first, &firstStatus) == 0 && stat(second, &secondStatus) == 0
            && firstStatus.st_dev == secondStatus.st_dev && firstStatus.st_ino == secondStatus.st_ino
    }

    /// When `path` names one of the files SQLite keeps beside an SQLite database that exists
    /// (`X-wal`, `X-shm` or `X-journal`, with `X` such a file): which one, and that database.
    /// A database written at that name would be read as `X`'s own file (a restore there would
    /// replace the `-wal` of a server serving `X`, whose answers a crash would then lose).
    /// - Complexity: a `stat` and a read of 16 bytes.
    public static func companion(of path: String) -> (kind: Kind, database: String)? {
        let resolvedPath = resolved(path)
        for kind in Kind.allCases where kind != .database && resolvedPath.hasSuffix(kind.rawValue) {
            let database = String(resolvedPath.dropLast(kind.rawValue.count))
            if isSQLiteDatabase(database) { return (kind, database) }
        }
        return nil
    }

    /// Whether the regular file at `path` begins with SQLite's header.
    static func isSQLiteDatabase(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            let handle = FileHandle(forReadingAtPath: path)
        else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        return Array(header) == DatabaseIdentity.sqliteMagic
    }

    /// Refuses `target` as a file to write when it is one of the database's files.
    /// - Throws: `StoreError.databaseFile`, saying which one.
    public func checkWritable(_ target: String) throws(StoreError) {
        if let kind = kind(of: target) {
            throw StoreError.databaseFile(path: target, role: kind.role(database: path))
        }
    }

    /// Refuses `folder` as a folder of Peach's own files (the prepared sounds, the compressed
    /// copies) when it is, or holds at any depth, one of the database's files: Peach removes
    /// files there that it no longer needs.
    /// - Throws: `StoreError.databaseFolder`.
    public func checkFolder(_ folder: String) throws(StoreError) {
        let resolvedFolder = Self.resolved(folder)
        let prefix = resolvedFolder == "/" ? "/" : resolvedFolder + "/"
        let resolvedDatabase = Self.resolved(path)
        for kind in Kind.allCases {
            for name in [Self.resolved(path + kind.rawValue), resolvedDatabase + kind.rawValue]
            where name == resolvedFolder || name.hasPrefix(prefix) {
                throw StoreError.databaseFolder(path: folder, database: path)
            }
        }
    }

    /// The absolute path `path` leads to: symbolic links followed (also one whose target does not
    /// exist yet), `.` and `..` applied to the folder reached so far, repeated slashes removed.
    /// The part that does not exist is kept as written. After 40 links (a loop) the rest is
    /// kept as written too.
    static func resolved(_ path: String) -> String {
        var pending: [Substring] = []
        func push(_ path: String) {
            pending.append(contentsOf: path.split(separator: "/", omittingEmptySubsequences: true).reversed())
        }
        push(path)
        var components: [Substring] = []
        if !path.hasPrefix("/") {
            components = FileManager.default.currentDirectoryPath.split(separator: "/")
        }
        var links = 0
        var exists = true
        while let component = pending.popLast() {
            if component == "." { continue }
            if component == ".." {
                if !components.isEmpty { components.removeLast() }
                continue
            }
            let candidate = "/" + (components + [component]).joined(separator: "/")
            var status = stat()
            if exists, lstat(candidate, &status) == 0 {
                if status.st_mode & S_IFMT == S_IFLNK, links < 40, let target = linkTarget(candidate) {
                    links += 1
                    if target.hasPrefix("/") { components = [] }
                    push(target)
                    continue
                }
            } else {
                exists = false
            }
            components.append(component)
        }
        return "/" + components.joined(separator: "/")
    }

    /// What the symbolic link at `path` holds.
    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
