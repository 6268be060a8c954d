import Dispatch

/// A serial executor on a dispatch thread of its own, for an actor whose methods block on the
/// database: `TrainingService` commits each answer synchronously with fsync (`synchronous=FULL`),
/// which takes milliseconds. On Swift's cooperative pool, which has one thread per core (two on
/// the machines Peach runs on), two such commits at once left no thread for any other request
/// (issue 13, item 16); on this executor they wait on a thread of their own and the pool goes
/// on serving.
///
/// An executor rather than GRDB's async access inside the actor: an `await` in the middle of
/// `answer` would let another request run between reading the pending exercises and replacing
/// them, and one of the two changes would be lost. On its own serial queue the actor keeps
/// running each method whole.
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
