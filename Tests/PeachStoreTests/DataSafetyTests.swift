import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

/// What keeps one history whole around a running server, with the real `peach serve` and the
/// real command line on real files (docs/cli.md): one server per file; `peach import` and
/// `peach reset` beside it reach what it serves; a file moved, deleted or replaced under it
/// stops it from acknowledging; `peach backup` while it writes, `peach restore` after it stops;
/// files only their owner can read.
@Suite("Data safety: one server per file, the command line beside it, a file moved, backup and restore")
final class DataSafetyTests {
    let peach: URL
    let folder: URL
    let database: String

    init() throws {
        peach = try builtExecutable("peach")
        folder = try makeTemporaryDirectory()
        database = folder.appendingPathComponent("data/peach.sqlite").path
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: String...) throws -> ProcessResult {
        try runProcess(peach, arguments, timeLimit: 60)
    }

    /// Uploads `count` new comparisons as a device does; the reply's status and accepted ids.
    func upload(_ port: Int, count: Int = 5) -> (status: Int, accepted: [String], body: String) {
        // Stamped now: a record made before the history's last reset (as one a second ago would be,
        // right after a reset) is discarded, not stored.
        let now = Int64(Date().timeIntervalSince1970 * 1000)
        let records = (0..<count).map { index in
            #"{"id": "\#(UUID().uuidString.lowercased())", "trainingType": "pitchDiscrimination", "timestamp": \#(now + Int64(index)), "referenceNote": 60, "targetNote": 60, "tuningSystem": "equalTemperament", "centOffset": 12.5, "isCorrect": true}"#
        }
        guard
            let reply = RunningServer.request(
                port: port, "POST", "/api/sync/records", json: #"{"records": [\#(records.joined(separator: ","))]}"#)
        else { return (0, [], "") }
        let json = try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any]
        return (reply.status, json?["accepted"] as? [String] ?? [], String(decoding: reply.body, as: UTF8.self))
    }

    /// The comparisons and pitch matchings in the profile every device downloads.
    func downloadedCounts(_ port: Int) throws -> (comparisons: Int, matchings: Int) {
        let reply = try #require(RunningServer.request(port: port, "GET", "/api/sync/profile"))
        #expect(reply.status == 200)
        let numbers = stride(from: 0, to: reply.body.count, by: 8).map { offset in
            Double(bitPattern: reply.body[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) })
        }
        let profile = try #require(PerceptualProfile(snapshot: numbers))
        return (profile.comparisonCount, profile.pitchMatchingCount)
    }

    func storedIDs(_ path: String) throws -> Set<String> {
        let database = try AppDatabase.open(path: path, access: .reading)
        return try database.writer.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            return Set(
                try String.fetchAll(
                    db,
                    sql: "SELECT exerciseID FROM comparisonRecord UNION ALL SELECT exerciseID FROM pitchMatchingRecord")
            )
        }
    }

    @Test("a second peach serve on the file, also through a link, is refused with a message; so is a restore")
    func oneServerPerFile() throws {
        let first = try RunningServer(peach, data: database)
        let port = try #require(first.waitForPort())
        #expect(upload(port).accepted.count == 5)
        #expect(try run("backup", folder.appendingPathComponent("backup.sqlite").path, "--data", database).status == 0)
        let link = folder.appendingPathComponent("link.sqlite").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: database)
        for path in [database, link] {
            let second = try run("serve", "--port", "0", "--data", path, "--soundfont", "/nonexistent/none.sf2")
            #expect(!second.timedOut && second.status != 0, "a second server started on \(path)")
            #expect(second.errors.contains("A Peach server is serving \(path)"), "\(second.errors)")
            #expect(second.errors.contains("one server per file"))
        }
        let restore = try run(
            "restore", folder.appendingPathComponent("backup.sqlite").path, "--yes", "--data", database)
        #expect(restore.status != 0)
        #expect(restore.errors.contains("A Peach server is serving"), "\(restore.errors)")
        // The first server serves on, undisturbed.
        #expect(upload(port).accepted.count == 5)
        first.stop()
        #expect(try storedIDs(database).count == 10)
        let next = try RunningServer(peach, data: database)
        #expect(next.waitForPort() != nil, "\(next.errors)")
        next.stop()
    }

    @Test(
        "a file left by a Peach stopped while creating it: a reading command says what to do, the server starts on it")
    func interruptedCreation() throws {
        // What a Peach killed while switching a new file to WAL leaves (as the crash-safety test
        // found): the file's first page written, and the rollback journal that undoes it, whose
        // header (https://www.sqlite.org/fileformat2.html#the_rollback_journal) says the file was
        // empty before: magic, no page records, a nonce, 0 pages, 512-byte sectors, 4 KB pages.
        try FileManager.default.createDirectory(
            atPath: (database as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: database)
        try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA user_version = 1") }
        try queue.close()
        var journal: [UInt8] = [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7, 0, 0, 0, 0, 0x8d, 0x2b, 0xaf, 0x9e]
        journal += [0, 0, 0, 0, 0, 0, 0x02, 0, 0, 0, 0x10, 0]
        journal += [UInt8](repeating: 0, count: 512 - journal.count)
        try Data(journal).write(to: URL(fileURLWithPath: database + "-journal"))
        let paths = [database, database + "-journal"]
        let files = { paths.map { FileManager.default.contents(atPath: $0) } }
        let left = files()

        let stats = try run("stats", "--data", database)
        #expect(stats.status != 0)
        #expect(stats.errors.contains("The last change to \(database) was cut off"), "\(stats.errors)")
        #expect(stats.errors.contains("start peach serve once"))
        #expect(files() == left, "a reading command changed the files")

        let server = try RunningServer(peach, data: database)
        let port = try #require(server.waitForPort(), "\(server.errors)")
        #expect(upload(port, count: 3).accepted.count == 3)
        server.stop()
        #expect(!FileManager.default.fileExists(atPath: database + "-journal"))
        #expect(try storedIDs(database).count == 3)
    }

    @Test("peach import and peach reset --yes beside a running server reach its profile download at the next request")
    func commandLineBesideServer() throws {
        let server = try RunningServer(peach, data: database)
        defer { server.stop() }
        let port = try #require(server.waitForPort())
        #expect(upload(port, count: 4).accepted.count == 4)
        #expect(try downloadedCounts(port) == (4, 0))
        let csv = folder.appendingPathComponent("matchings.csv")
        try Data(
            (CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
                + (1...3).map {
                    "pitchMatching,2026-03-01T12:34:5\($0)Z,60,C4,60,C4,P1,equalTemperament,,,10.0,-3.5,,,,,,,\n"
                }
                .joined()).utf8
        ).write(to: csv)
        let imported = try run("import", csv.path, "--data", database)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(try downloadedCounts(port) == (4, 3))
        let reset = try run("reset", "--yes", "--data", database)
        #expect(reset.status == 0, "\(reset.errors)")
        #expect(try downloadedCounts(port) == (0, 0))
        let page = try #require(RunningServer.request(port: port, "GET", "/profile"))
        #expect(String(decoding: page.body, as: UTF8.self).contains("Start training to build your profile."))
        // And the server's own writes go on from there.
        #expect(upload(port, count: 2).accepted.count == 2)
        #expect(try downloadedCounts(port) == (2, 0))
    }

    @Test(
        "the file moved, deleted or replaced under a running server: nothing acknowledged after, nothing acknowledged lost",
        arguments: ["moved", "deleted", "replaced"])
    func fileMovedWhileServing(how: String) throws {
        let server = try RunningServer(peach, data: database)
        let port = try #require(server.waitForPort())
        let before = upload(port)
        #expect(before.accepted.count == 5)
        let moved = folder.appendingPathComponent("moved.sqlite").path
        let backup = folder.appendingPathComponent("backup.sqlite").path
        var acknowledged = Set(before.accepted)
        switch how {
        case "moved": #expect(rename(database, moved) == 0)
        case "deleted": #expect(unlink(database) == 0)
        default:
            // A backup of this very database put in its place with mv.
            #expect(try run("backup", backup, "--data", database).status == 0)
            let after = upload(port)
            #expect(after.accepted.count == 5)
            acknowledged.formUnion(after.accepted)
            #expect(rename(backup, database) == 0)
        }
        for _ in 0..<2 {
            let refused = upload(port)
            #expect(refused.status == 503, "\(refused.body)")
            #expect(refused.accepted.isEmpty)
            #expect(refused.body.contains(#""code":"databaseMoved""#))
            #expect(refused.body.contains("deleted, moved or replaced while Peach was running"))
        }
        // What the server had acknowledged is kept beside the path, once, and the reply names it.
        let displaced = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("data").path)
            .filter { $0.hasPrefix("peach.sqlite.displaced-") }
        #expect(displaced.count == 1, "\(displaced)")
        let kept = folder.appendingPathComponent("data").appendingPathComponent(displaced.first ?? "none").path
        #expect(try storedIDs(kept).isSuperset(of: acknowledged))
        #expect(upload(port).body.contains("peach restore \(kept) --yes"))
        // Pages are still served, from what the server holds.
        #expect(RunningServer.request(port: port, "GET", "/profile")?.status == 200)
        server.stop()
        #expect(server.errors.contains("was deleted, moved or replaced while Peach had it open"))
        #expect(server.errors.contains("Everything Peach had stored is kept in \(kept)"))
        if how == "moved" { #expect(try storedIDs(moved).isSuperset(of: before.accepted)) }
        // The next start opens the file now at the path (the -wal the server left is empty, not
        // another file's history) and takes what the devices send again.
        let next = try RunningServer(peach, data: database)
        defer { next.stop() }
        let nextPort = try #require(next.waitForPort(), "\(next.errors)")
        let again = upload(nextPort)
        #expect(again.accepted.count == 5)
        let stored = try storedIDs(database)
        #expect(stored.isSuperset(of: again.accepted))
        if how == "replaced" { #expect(stored.isSuperset(of: before.accepted)) }
    }

    @Test(
        "a file copied over the open database in place: not one upload acknowledged after it, the copy left whole",
        arguments: ["a backup", "an earlier copy of the file"])
    func fileOverwrittenWhileServing(copy: String) throws {
        let server = try RunningServer(peach, data: database)
        let port = try #require(server.waitForPort())
        #expect(upload(port).accepted.count == 5)
        let backup = folder.appendingPathComponent("backup.sqlite").path
        #expect(try run("backup", backup, "--data", database).status == 0)
        let source = folder.appendingPathComponent("copy.sqlite").path
        if copy == "a backup" {
            #expect(try run("backup", source, "--data", database).status == 0)
        } else {
            // The file's own bytes as they are now (its identity, in WAL mode), as cp makes them.
            try contents(of: database).write(to: URL(fileURLWithPath: source))
        }
        #expect(upload(port).accepted.count == 5)
        // cp: the same inode, truncated and written again.
        let bytes = try contents(of: source)
        let handle = try #require(FileHandle(forWritingAtPath: database))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: bytes)
        try handle.close()
        for _ in 0..<3 {
            let refused = upload(port)
            #expect(refused.status == 503, "\(refused.body)")
            #expect(refused.accepted.isEmpty)
            #expect(refused.body.contains(#""code":"databaseOverwritten""#))
        }
        server.stop()
        #expect(server.errors.contains("was overwritten while Peach had it open"))
        // The server's -wal stayed out of the copy: the file is the copy, byte for byte.
        #expect(try contents(of: database) == bytes)
        // The way back that the message names: a restore, after which the devices send again.
        let restored = try run("restore", backup, "--yes", "--data", database)
        #expect(restored.status == 0, "\(restored.errors)")
        let next = try RunningServer(peach, data: database)
        defer { next.stop() }
        let nextPort = try #require(next.waitForPort(), "\(next.errors)")
        #expect(upload(nextPort).accepted.count == 5)
    }

    @Test("peach backup while devices sync: each backup is whole and holds every record acknowledged before it")
    func backupWhileSyncing() throws {
        let server = try RunningServer(peach, data: database)
        let port = try #require(server.waitForPort())
        let acknowledged = Acknowledged()
        let stop = Acknowledged.Stop()
        let devices = DispatchGroup()
        for seed in 0..<2 {
            DispatchQueue.global().async(group: devices) {
                CrashSafetyTests.sync(port: port, seed: UInt64(seed), into: acknowledged, until: stop)
            }
        }
        var backups: [(path: String, before: Set<String>)] = []
        for index in 0..<3 {
            acknowledged.waitForBatch(after: acknowledged.batches)
            let before = acknowledged.ids
            let path = folder.appendingPathComponent("backup-\(index).sqlite").path
            let result = try run("backup", path, "--data", database)
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.output.hasPrefix("Backed up "))
            backups.append((path, before))
        }
        stop.set()
        devices.wait()
        server.stop()
        for (path, before) in backups {
            #expect(try storedIDs(path).isSuperset(of: before))
            // One file, its owner's only.
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
            #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o600)
        }
        // Restore: refused without --yes, then the database is the first backup.
        let first = try storedIDs(backups[0].path)
        let asked = try run("restore", backups[0].path, "--data", database)
        #expect(asked.status != 0)
        #expect(asked.errors.contains("Restoring replaces everything in \(database)"), "\(asked.errors)")
        #expect(try storedIDs(database).count == acknowledged.ids.count)
        let restored = try run("restore", backups[0].path, "--yes", "--data", database)
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(
            restored.output
                == "Restored \(first.count) records, the settings and paired devices from \(backups[0].path).\n")
        #expect(try storedIDs(database) == first)
        let next = try RunningServer(peach, data: database)
        defer { next.stop() }
        let nextPort = try #require(next.waitForPort(), "\(next.errors)")
        #expect(try downloadedCounts(nextPort).comparisons + downloadedCounts(nextPort).matchings == first.count)
    }

    @Test("a restore replaces a damaged database, and refuses a backup that is not a sound Peach database")
    func restoreChecksTheBackup() throws {
        let good = folder.appendingPathComponent("good.sqlite").path
        let source = try AppDatabase.open(path: good)
        for record in sampleRecords(count: 30) { try source.store(record) }
        try source.writer.close()
        // The database is damaged: its first page overwritten.
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: database).deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x55, count: 8192).write(to: URL(fileURLWithPath: database))
        let notPeach = folder.appendingPathComponent("notes.txt")
        try Data("not a database".utf8).write(to: notPeach)
        let damaged = try contents(of: database)
        for bad in [notPeach.path, folder.appendingPathComponent("missing.sqlite").path] {
            let refused = try run("restore", bad, "--yes", "--data", database)
            #expect(refused.status != 0)
            #expect(try contents(of: database) == damaged)
        }
        let restored = try run("restore", good, "--yes", "--data", database)
        #expect(restored.status == 0, "\(restored.errors)")
        #expect(try AppDatabase.open(path: database).recordCounts().total == 30)
    }

    @Test(
        "a new database, its -wal and -shm are their owner's only (0600), its new folders too (0700); an older 0644 file is made private"
    )
    func privateFiles() throws {
        let path = folder.appendingPathComponent("new/deeper/peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        try database.store(comparison(at: 1_780_000_000))
        func mode(_ path: String) throws -> Int {
            try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as! Int
        }
        for file in [path, path + "-wal", path + "-shm"] { #expect(try mode(file) == 0o600, "\(file)") }
        for created in ["new", "new/deeper"] {
            #expect(try mode(folder.appendingPathComponent(created).path) == 0o700, "\(created)")
        }
        try database.writer.close()
        #expect(chmod(path, 0o644) == 0)
        _ = try AppDatabase.open(path: path, access: .writing)
        #expect(try mode(path) == 0o600)
        // Also through the command line, which opens it for writing: peach import.
        #expect(chmod(path, 0o664) == 0)
        let csv = folder.appendingPathComponent("empty.csv")
        try Data((CSVFormat.formatLine + "\n" + CSVFormat.header + "\n").utf8).write(to: csv)
        #expect(try run("import", csv.path, "--data", path).status == 0)
        #expect(try mode(path) == 0o600)
    }
}
