import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

/// What Peach keeps at every edge where it writes, with the real `peach` on real files
/// (docs/cli.md, "Files"): no command writes over the database or a file SQLite keeps beside
/// it, however the path is spelled; a restore takes only a Peach history; and no backup, export
/// or restore, failed or not, leaves a file behind.
@Suite("Protected files: no command writes over the history, a restore takes only a history, nothing left behind")
final class ProtectedFilesTests {
    let peach: URL
    let folder: URL
    /// `folder/data`, the database's folder.
    let data: URL
    let database: String

    init() throws {
        peach = try builtExecutable("peach")
        folder = try makeTemporaryDirectory()
        data = folder.appendingPathComponent("data")
        database = data.appendingPathComponent("peach.sqlite").path
        // One connection, whose close leaves the file alone (no -wal or -shm).
        let stored = try AppDatabase.open(path: database, access: .writing)
        for record in sampleRecords(count: 30) { try stored.store(record) }
        try stored.writer.close()
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(peach, arguments, timeLimit: 60)
    }

    /// The names in `url`'s folder, sorted.
    func names(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// What the refusal says each file is.
    static let roles: [DatabaseFileSet.Kind: String] = [
        .database: "is the Peach database itself (", .writeAheadLog: "is the Peach database's write-ahead log (-wal",
        .sharedMemory: "is the Peach database's shared-memory index (-shm",
        .rollbackJournal: "is the Peach database's rollback journal (-journal",
    ]

    /// The ways to name `database + suffix` that are not its plain path: `..`, `./`, double
    /// slashes, a symbolic link to it (which dangles while the file does not exist), and the
    /// database's folder through a symbolic link.
    func spellings(_ suffix: String) throws -> [String] {
        let link = folder.appendingPathComponent("link" + suffix).path
        try? FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "data/peach.sqlite" + suffix)
        let folderLink = folder.appendingPathComponent("folder-link")
        if !FileManager.default.fileExists(atPath: folderLink.path) {
            try FileManager.default.createSymbolicLink(atPath: folderLink.path, withDestinationPath: data.path)
        }
        return [
            database + suffix,
            data.path + "/../data/peach.sqlite" + suffix,
            data.path + "/./peach.sqlite" + suffix,
            folder.path + "//data//peach.sqlite" + suffix,
            link,
            folderLink.path + "/peach.sqlite" + suffix,
        ]
    }

    /// `peach backup TARGET` and `peach export --output TARGET` are both refused with the
    /// message for `kind`, and neither the database nor its folder changed.
    func expectRefused(_ target: String, _ kind: DatabaseFileSet.Kind, comment: String = "") throws {
        let before = names(data)
        let bytes = try contents(of: database)
        for arguments in [["backup", target], ["export", "--output", target]] {
            let refused = try run(arguments + ["--data", database])
            #expect(refused.status != 0, "\(arguments) \(comment)")
            #expect(
                refused.errors.contains("\(target) \(Self.roles[kind]!)")
                    && refused.errors.contains("choose another file"), "\(arguments): \(refused.errors)")
            #expect(names(data) == before, "\(arguments) \(comment)")
            #expect(try contents(of: database) == bytes, "\(arguments) \(comment)")
        }
    }

    @Test(
        "backup and export --output refuse the database, its -wal, -shm and -journal, absent or not, by every spelling"
    )
    func writersRefuseTheDatabaseFiles() throws {
        // No -wal, -shm or -journal now: the database is closed.
        for kind in DatabaseFileSet.Kind.allCases {
            for target in try spellings(kind.rawValue) { try expectRefused(target, kind, comment: "closed") }
        }
        // While a server has it open: its -wal and -shm exist, and a hard link names each.
        let server = try AppDatabase.open(path: database)
        try server.store(comparison(at: 1_780_000_000))
        #expect(FileManager.default.fileExists(atPath: database + "-wal"))
        for kind in DatabaseFileSet.Kind.allCases where kind != .rollbackJournal {
            let hardLink = folder.appendingPathComponent("hard" + kind.rawValue).path
            #expect(link(database + kind.rawValue, hardLink) == 0)
            let wal = try contents(of: database + "-wal")
            try expectRefused(database + kind.rawValue, kind, comment: "open")
            try expectRefused(hardLink, kind, comment: "hard link")
            #expect(try contents(of: database + "-wal") == wal)
        }
        try server.writer.close()
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 31)
    }

    @Test("backup and export --output refuse the -wal, -shm and -journal beside another name of the database")
    func writersRefuseTheFilesBesideAHardLink() throws {
        // A server that opened the database by this name keeps its -wal beside this name.
        let other = folder.appendingPathComponent("other.sqlite").path
        #expect(link(database, other) == 0)
        for kind in DatabaseFileSet.Kind.allCases where kind != .database {
            try expectRefused(other + kind.rawValue, kind, comment: "beside a hard link")
        }
        #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
    }

    @Test("export --output and backup onto a database that does not exist yet are refused; nothing is created")
    func writersRefuseADatabaseToBe() throws {
        let new = folder.appendingPathComponent("new/peach.sqlite").path
        try FileManager.default.createDirectory(
            atPath: folder.appendingPathComponent("new").path, withIntermediateDirectories: true)
        for arguments in [
            ["export", "--output", new], ["backup", new + "-wal"], ["export", "--output", new + "-shm"],
        ] {
            let refused = try run(arguments + ["--data", new])
            #expect(refused.status != 0 && refused.errors.contains("choose another file"), "\(refused.errors)")
            #expect(names(folder.appendingPathComponent("new")).isEmpty, "\(arguments)")
        }
    }

    @Test("an existing file as the target: a backup replaces an earlier backup, an export an earlier export")
    func existingTargetsAreReplaced() throws {
        let backup = folder.appendingPathComponent("backup.sqlite").path
        let csv = folder.appendingPathComponent("export.csv").path
        try Data("an earlier file".utf8).write(to: URL(fileURLWithPath: backup))
        try Data("an earlier file".utf8).write(to: URL(fileURLWithPath: csv))
        #expect(try run(["backup", backup, "--data", database]).status == 0)
        #expect(try run(["export", "--output", csv, "--data", database]).status == 0)
        #expect(try AppDatabase.open(path: backup, access: .reading).recordCounts().total == 30)
        #expect(try String(contentsOfFile: csv, encoding: .utf8).hasPrefix(CSVFormat.formatLine))
        #expect(names(folder) == ["backup.sqlite", "data", "export.csv"])
    }

    @Test("a folder without write permission: backup and export say so and leave nothing")
    func unwritableFolder() throws {
        let locked = folder.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        // As root, permissions do not stop a write: the commands run as nobody, on files nobody owns.
        let asRoot = geteuid() == 0
        if asRoot {
            for path in [folder.path, data.path, database, locked.path] { #expect(chown(path, 65534, 65534) == 0) }
        }
        #expect(chmod(locked.path, 0o500) == 0)
        defer { chmod(locked.path, 0o700) }
        let executable = asRoot ? URL(fileURLWithPath: "/usr/bin/setpriv") : peach
        let prefix = asRoot ? ["--reuid=65534", "--regid=65534", "--clear-groups", peach.path] : []
        for arguments in [["backup", locked.path + "/backup.sqlite"], ["export", "--output", locked.path + "/x.csv"]] {
            let result = try runProcess(executable, prefix + arguments + ["--data", database])
            #expect(result.status != 0)
            #expect(result.errors.contains("Permission denied"), "\(result.errors)")
            #expect(names(locked).isEmpty)
        }
        #expect(names(data) == ["peach.sqlite"])
    }

    @Test(
        "restore refuses an empty file, a text file, SQLite files without Peach's tables, a cut-short backup and the database's own files"
    )
    func restoreRefusesWhatIsNoHistory() throws {
        let empty = folder.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let text = folder.appendingPathComponent("notes.sqlite").path
        try Data("Restore me\n".utf8).write(to: URL(fileURLWithPath: text))
        // SQLite, no tables at all (an application_id of 0 and an empty schema, as a new file).
        let bare = folder.appendingPathComponent("bare.sqlite").path
        let bareQueue = try DatabaseQueue(path: bare)
        try bareQueue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 7") }
        try bareQueue.close()
        // Another program's database.
        let other = folder.appendingPathComponent("other.sqlite").path
        let otherQueue = try DatabaseQueue(path: other)
        try otherQueue.write { db in try db.execute(sql: "CREATE TABLE note (text TEXT)") }
        try otherQueue.close()
        // Peach's application_id, but its tables never made (a first start stopped at once).
        let unmade = folder.appendingPathComponent("unmade.sqlite").path
        let unmadeQueue = try DatabaseQueue(path: unmade)
        try unmadeQueue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
            try db.execute(sql: "CREATE TABLE padding (x)")
            try db.execute(sql: "DROP TABLE padding")
        }
        try unmadeQueue.close()
        // A good backup, cut to half its length.
        let cut = folder.appendingPathComponent("cut.sqlite").path
        #expect(try run(["backup", cut, "--data", database]).status == 0)
        let whole = try contents(of: cut)
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))

        let bytes = try contents(of: database)
        let expected: [(String, String)] = [
            (empty, "it is empty"), (text, "it is not an SQLite database file"),
            (bare, "it is an SQLite database without Peach's tables"),
            (other, "it is an SQLite database, but not one written by Peach"),
            (unmade, "it is an SQLite database without Peach's tables"), (cut, "it is damaged (the file ends after"),
            (database, "it is the database itself"),
        ]
        let before = names(folder)
        for (source, reason) in expected {
            let refused = try run(["restore", source, "--yes", "--data", database])
            #expect(refused.status != 0, "\(source)")
            #expect(refused.errors.contains("\(source) is not a Peach backup: \(reason)"), "\(refused.errors)")
            #expect(refused.errors.contains("Nothing was changed"), "\(refused.errors)")
            #expect(try contents(of: database) == bytes, "\(source)")
            #expect(names(data) == ["peach.sqlite"], "\(source) \(names(data))")
            #expect(names(folder) == before, "\(source)")
        }
        // The -wal beside the database, while it exists, is not a backup either.
        let open = try AppDatabase.open(path: database)
        try open.store(comparison(at: 1_780_000_000))
        let refused = try run(["restore", database + "-wal", "--yes", "--data", database])
        #expect(refused.status != 0 && refused.errors.contains("(-wal), not a backup"), "\(refused.errors)")
        try open.writer.close()
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 31)
        // None of the files read was changed either (an older or empty file was not upgraded).
        #expect(try contents(of: empty).isEmpty)
        #expect(try DatabaseQueue(path: bare).read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == 7)
    }

    @Test("a restore onto the -wal, -shm or -journal of a database, served or not, is refused and changes nothing")
    func restoreRefusesADatabasesOwnFiles() throws {
        let backup = folder.appendingPathComponent("backup.sqlite").path
        #expect(try run(["backup", backup, "--data", database]).status == 0)
        // Closed: no -wal, -shm or -journal; a database written there would be read as the
        // database's own.
        for kind in DatabaseFileSet.Kind.allCases where kind != .database {
            let refused = try run(["restore", backup, "--yes", "--data", database + kind.rawValue])
            #expect(refused.status != 0, "\(kind)")
            #expect(
                refused.errors.contains("\(database + kind.rawValue) \(Self.roles[kind]!) of \(database))"),
                "\(refused.errors)")
            #expect(names(data) == ["peach.sqlite"], "\(kind) \(names(data))")
        }
        // Served: renamed over the server's -wal, the restore lost every answer it had not yet
        // copied into the file once the server stopped without a checkpoint.
        let server = try AppDatabase.open(path: database)
        try server.store(comparison(at: 1_780_000_000))
        let wal = try contents(of: database + "-wal")
        let refused = try run(["restore", backup, "--yes", "--data", database + "-wal"])
        #expect(refused.status != 0 && refused.errors.contains("writing there would lose answers"), "\(refused.errors)")
        #expect(try contents(of: database + "-wal") == wal)
        try server.writer.close()
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 31)
    }

    @Test("a backup of an earlier Peach is restored upgraded, and the backup itself is left as it was")
    func restoreReadsTheBackupOnly() throws {
        let earlier = folder.appendingPathComponent("earlier.sqlite").path
        let queue = try DatabaseQueue(path: earlier)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA application_id = \(AppDatabase.applicationID)")
        }
        try AppDatabase.migrator.migrate(queue, upTo: "v6: settings changed at, no pending exercises")
        try queue.write { db in
            try db.execute(
                sql:
                    "INSERT INTO pitchMatchingRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, initialCentOffset, userCentError) VALUES (?, 1772368496000, 60, 60, 'P1', 'up', 'equalTemperament', 40, -3.5)",
                arguments: [UUID().uuidString])
        }
        try queue.close()
        let bytes = try contents(of: earlier)
        let restored = try run(["restore", earlier, "--yes", "--data", database])
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(restored.output.hasPrefix("Restored 1 record,"), "\(restored.output)")
        #expect(try contents(of: earlier) == bytes)
        #expect(names(folder).filter { $0.hasPrefix("earlier") } == ["earlier.sqlite"])
        #expect(try run(["check", "--data", database]).status == 0)
    }

    @Test("a restore through a symbolic link replaces the file it leads to and keeps the link")
    func restoreThroughALink() throws {
        let backup = folder.appendingPathComponent("backup.sqlite").path
        #expect(try run(["backup", backup, "--data", database]).status == 0)
        let server = try AppDatabase.open(path: database, access: .writing)
        try server.store(comparison(at: 1_780_000_000))
        try server.writer.close()
        let link = folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: database)
        let restored = try run(["restore", backup, "--yes", "--data", link])
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == database)
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 30)
        #expect(names(data) == ["peach.sqlite"])
    }

    @Test("backups, exports and restores, successful, refused or failing halfway, leave nothing beside the files")
    func nothingLeftBehind() throws {
        let backups = folder.appendingPathComponent("backups")
        try FileManager.default.createDirectory(at: backups, withIntermediateDirectories: true)
        let backup = backups.appendingPathComponent("peach-backup.sqlite").path
        let csv = backups.appendingPathComponent("peach.csv").path
        let empty = backups.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        // A backup larger than the file-size limit below, so that a restore of it fails halfway.
        let large = backups.appendingPathComponent("large.sqlite").path
        let largeDatabase = try AppDatabase.open(path: large, access: .writing)
        for record in sampleRecords(count: 2_000, seed: 2) { try largeDatabase.store(record) }
        try largeDatabase.writer.close()
        let small = backups.appendingPathComponent("small.sqlite").path
        #expect(try run(["backup", small, "--data", database]).status == 0)
        let shell = URL(fileURLWithPath: "/bin/sh")
        for round in 0..<4 {
            #expect(try run(["backup", backup, "--data", database]).status == 0, "\(round)")
            #expect(try run(["export", "--output", csv, "--data", database]).status == 0, "\(round)")
            let restored = try run(["restore", small, "--yes", "--data", database])
            #expect(restored.status == 0, "\(restored.errors)")
            #expect(restored.output.hasPrefix("Restored 30 records"), "\(restored.output)")
            // A larger history: its whole-file check is still reading the copy when the restore ends.
            let restoredLarge = try run(["restore", large, "--yes", "--data", database])
            #expect(restoredLarge.output.hasPrefix("Restored 2000 records"), "\(restoredLarge.errors)")
            #expect(names(data) == ["peach.sqlite"], "round \(round) \(names(data))")
            #expect(try run(["restore", empty, "--yes", "--data", database]).status != 0)
            // No file can grow past 64 KiB (the -shm of the backup read is 32 KiB): the copy fails while
            // it is being written.
            let halfway = try runProcess(
                shell,
                [
                    "-c", #"trap '' XFSZ; ulimit -f 128; exec "$0" restore "$1" --yes --data "$2""#, peach.path, large,
                    database,
                ])
            #expect(halfway.status != 0, "\(halfway.output)")
            #expect(halfway.errors == "Error: The database reported an error: 778 (disk I/O error).\n")
            #expect(names(data) == ["peach.sqlite"], "round \(round) \(names(backups)) \(names(data))")
            #expect(
                names(backups) == ["empty.sqlite", "large.sqlite", "peach-backup.sqlite", "peach.csv", "small.sqlite"],
                "round \(round) \(names(backups)) \(names(data))")
        }
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 2000)
        let check = try run(["check", "--data", database])
        #expect(check.status == 0, "\(check.errors)")
        // A restore that fails halfway onto a database that did not exist leaves none.
        let new = folder.appendingPathComponent("new")
        try FileManager.default.createDirectory(at: new, withIntermediateDirectories: true)
        let failed = try runProcess(
            shell,
            [
                "-c", #"trap '' XFSZ; ulimit -f 128; exec "$0" restore "$1" --yes --data "$2""#, peach.path, large,
                new.appendingPathComponent("peach.sqlite").path,
            ])
        #expect(failed.status != 0)
        #expect(names(new).isEmpty, "\(names(new))")
    }

    @Test("peach serve with its sounds folder on the database's folder (through a link) prepares nothing there")
    func serveSoundsFolder() throws {
        let link = folder.appendingPathComponent("sounds-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: data.path)
        let server = try RunningServer(peach, data: database, arguments: ["--sounds-folder", link])
        let port = try #require(server.waitForPort())
        // The sounds answer once their preparation has given up.
        #expect(RunningServer.request(port: port, "GET", "/sounds/index.json")?.status == 503)
        server.stop()
        #expect(
            server.allErrors.contains("The folder \(link) holds the Peach database \(database)"), "\(server.allErrors)")
        // Nothing but the database (and the -wal and -shm a server may leave).
        #expect(names(data).allSatisfy { ["peach.sqlite", "peach.sqlite-wal", "peach.sqlite-shm"].contains($0) })
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 30)
    }

    @Test("restores in this process leave nothing beside the database, and no check still reading the copy")
    func restoresInProcess() throws {
        let backups = folder.appendingPathComponent("backups")
        let large = backups.appendingPathComponent("large.sqlite").path
        let largeDatabase = try AppDatabase.open(path: large, access: .writing)
        _ = try largeDatabase.saveSyncedRecords(
            sampleRecords(count: 20_000, seed: 3).map {
                AppDatabase.SyncedRecord(id: RecordID(UUID().uuidString)!, record: $0)
            })
        try largeDatabase.writer.close()
        for _ in 0..<10 {
            #expect(try AppDatabase.restore(from: large, to: database).total == 20_000)
            #expect(names(data) == ["peach.sqlite"], "\(names(data))")
            // Nothing of the restore still has a file there open (a check of the copy running on
            // would leave its `-wal` and `-shm`, or make the copy's name again when it opens it).
            let open = names(URL(fileURLWithPath: "/proc/self/fd")).compactMap { descriptor in
                try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + descriptor)
            }
            #expect(!open.contains { $0.hasPrefix(data.path) }, "\(open)")
        }
        #expect(names(backups) == ["large.sqlite"])
    }
}
