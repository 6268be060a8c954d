import Foundation
import GRDB

/// Decides, before anything writes to an existing file, whether it is an undamaged Peach database.
///
/// Opening a `DatabasePool` writes (it switches the file to WAL and makes sure the WAL exists),
/// so a foreign or damaged file must be recognised first, with reads only: the first 16 bytes
/// must be SQLite's magic string, and a read-only connection must find Peach's
/// `application_id` — or an empty schema, which is a new database (a crash can leave one
/// between creating the file and the first migration). Reading through SQLite rather than the
/// raw header matters: the page that carries `application_id` may still be in the WAL.
enum DatabaseIdentity {
    static let sqliteMagic = Array("SQLite format 3\0".utf8)

    static func check(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            if FileManager.default.fileExists(atPath: path) {
                throw StoreError.cannotOpen(path: path, detail: "the file cannot be read")
            }
            return  // A new database.
        }
        let prefix = (try? handle.read(upToCount: 100)) ?? Data()
        try? handle.close()
        if prefix.isEmpty { return }  // An empty file is an empty SQLite database.
        guard prefix.count == 100, Array(prefix.prefix(16)) == sqliteMagic else {
            throw StoreError.notADatabase(path: path)
        }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(AppDatabase.busyTimeout)
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            let (applicationID, objects, problems, superseded) = try queue.read { db in
                let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
                let objects = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_schema") ?? 0
                let superseded =
                    try applicationID == AppDatabase.applicationID
                    && AppDatabase.migrator.hasBeenSuperseded(db)
                // quick_check reads every page (O(file size)); a damaged page found now is
                // refused before a DatabasePool, which writes, is opened on it.
                let problems =
                    applicationID == AppDatabase.applicationID
                    ? try String.fetchAll(db, sql: "PRAGMA quick_check").filter { $0 != "ok" } : []
                return (applicationID, objects, problems, superseded)
            }
            try queue.close()
            guard applicationID == AppDatabase.applicationID || (applicationID == 0 && objects == 0) else {
                throw StoreError.notAPeachDatabase(path: path)
            }
            if superseded { throw StoreError.newerSchema(path: path) }
            if let problem = problems.first {
                throw StoreError.corrupt(
                    path: path,
                    detail: problems.count > 1 ? "\(problem); and \(problems.count - 1) more problems" : problem)
            }
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }
}
