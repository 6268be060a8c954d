import CSQLiteConfig
import Dispatch
import Foundation
import GRDB
import Synchronization

/// The whole-file check of a database that Peach will write to, run beside the start instead of
/// before it.
///
/// `PRAGMA quick_check` reads every page and evaluates every row's CHECK constraints: about 2 s
/// for a million records, 90 % of it the CHECKs, and it grows with the history. Opening checks
/// only what is cheap (`DatabaseIdentity.check`: the header, the length, the identity, the
/// schema), so a server answers at once; this check runs on a thread of its own meanwhile, and
/// **every write transaction waits for it** (`AppDatabase.write`): a damaged file is still
/// refused before Peach writes anything to it. Reads do not wait; a damaged page they meet is
/// an SQLite error of its own.
///
/// The one change before the verdict is GRDB's: a `DatabasePool` opened without a `-wal` makes
/// one by creating and dropping an empty table (page 1, in the `-wal` only). Until the check has
/// passed, the pool's writing connection would not copy its `-wal` into the file when it closes
/// (`SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE`, `holdWAL`), so a damaged file stays as it was, also when
/// a read meets the damage first and the server stops before the verdict.
final class IntegrityCheck: Sendable {
    private let finished = DispatchGroup()
    private let problem = Mutex<StoreError?>(nil)

    /// A check with nothing to do: a new file, or one checked before it was opened.
    static var passed: IntegrityCheck { IntegrityCheck() }

    private init() {}

    /// Starts checking the file at `path` on a thread of its own. `walExisted`: whether a
    /// `-wal` was beside the file before Peach opened it (damage found only with it applied,
    /// while the file alone is sound, is a `-wal` of another file).
    static func start(path: String, walExisted: Bool) -> IntegrityCheck {
        let check = IntegrityCheck()
        check.finished.enter()
        Thread.detachNewThread {
            let found: StoreError?
            do {
                try DatabaseIdentity.verify(path: path, walExisted: walExisted)
                found = nil
            } catch let error as StoreError {
                found = error
            } catch {
                found = .database(detail: "\(error)")
            }
            check.problem.withLock { $0 = found }
            check.finished.leave()
        }
        return check
    }

    /// Waits until the check is over, blocking the thread; throws what it found.
    func waitForVerdict() throws(StoreError) {
        finished.wait()
        try rethrowFound()
    }

    /// Waits until the check is over without holding a thread of Swift's cooperative pool;
    /// throws what it found.
    func verdict() async throws(StoreError) {
        await withCheckedContinuation { continuation in
            finished.notify(queue: .global()) { continuation.resume() }
        }
        try rethrowFound()
    }

    private func rethrowFound() throws(StoreError) {
        if let found = problem.withLock({ $0 }) { throw found }
    }

    /// Before a write transaction on `db`, the writing connection: waits for the verdict, and
    /// when the file is damaged keeps what GRDB wrote to the `-wal` out of the file.
    func admitWrite(on db: Database) throws(StoreError) {
        do {
            try waitForVerdict()
        } catch {
            Self.holdWAL(db, true)
            throw error
        }
        Self.holdWAL(db, false)
    }

    /// Whether the writing connection `db` leaves its `-wal` out of the file when it closes.
    static func holdWAL(_ db: Database, _ held: Bool) {
        _ = peach_sqlite_no_checkpoint_on_close(db.sqliteConnection, held ? 1 : 0)
    }
}
