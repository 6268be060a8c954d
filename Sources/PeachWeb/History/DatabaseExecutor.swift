import Dispatch

/// A serial executor on a dispatch thread of its own, for an actor whose methods block on the
/// database: `ServerHistory` commits each synced batch, an import or a reset synchronously
/// with fsync (`synchronous=FULL`), which takes milliseconds or more. On Swift's cooperative
/// pool, which has one thread per core (two on the machines Peach runs on), two such commits at
/// once left no thread for any other request; on this executor they wait on a thread of their
/// own and the pool goes on serving (docs/benchmarks.md, "Blocking writes off the cooperative
/// pool").
///
/// An executor rather than GRDB's async access inside the actor: an `await` between a commit
/// and the update of the in-memory profile (`saveSyncedRecords`, `importCSV`,
/// `deleteAllTrainingData`) would let another request run in between and see, or change, a
/// profile that disagrees with the file. On its own serial queue the actor keeps running each
/// method whole.
/// - Complexity: a call into the actor costs a hop to this thread and back (microseconds).
final class DatabaseExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
