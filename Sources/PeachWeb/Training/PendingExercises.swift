import Foundation
import PeachCore

/// The exercises issued and not yet answered, bounded so that abandoned pages cannot fill
/// memory and one client cannot crowd out another: at most `capacityPerMode` per client and mode
/// (that client's oldest of the mode is dropped first), at most `totalCapacity` in all (the
/// oldest of all is dropped first), and none older than `lifetime`.
///
/// A client is whatever the server tells apart: a paired device, or `""` for the local browser.
/// A browser holds one pending exercise per open training page, so a small cap is plenty.
/// `TrainingService` keeps the same set in the store, so that a restart loses none.
/// - Complexity: O(1) lookup; O(capacityPerMode) insertion and removal, amortised O(1) for the
///   total bound.
struct PendingExercises: Sendable {
    /// Who an exercise was issued to, and for which mode.
    struct Owner: Hashable, Sendable {
        let client: String
        let mode: TrainingMode
    }

    let capacityPerMode: Int
    let totalCapacity: Int
    let lifetime: TimeInterval
    private var exercises: [UUID: (exercise: IssuedExercise, owner: Owner)] = [:]
    /// Ids per owner, oldest first.
    private var order: [Owner: [UUID]] = [:]
    /// Every id in the order issued, answered ones included until the next compaction.
    private var arrivals: [UUID] = []
    private var firstArrival = 0

    init(capacityPerMode: Int = 32, totalCapacity: Int = 2048, lifetime: TimeInterval = 6 * 3600) {
        self.capacityPerMode = capacityPerMode
        self.totalCapacity = totalCapacity
        self.lifetime = lifetime
    }

    var count: Int { exercises.count }

    /// Adds an exercise; returns the ids of those it dropped to stay within the bounds.
    @discardableResult
    mutating func insert(_ exercise: IssuedExercise, client: String = "") -> [UUID] {
        let owner = Owner(client: client, mode: exercise.mode)
        exercises[exercise.id] = (exercise, owner)
        order[owner, default: []].append(exercise.id)
        arrivals.append(exercise.id)
        var dropped: [UUID] = []
        while let ids = order[owner], ids.count > capacityPerMode {
            dropped.append(ids[0])
            remove(id: ids[0])
        }
        while exercises.count > totalCapacity, firstArrival < arrivals.count {
            if remove(id: arrivals[firstArrival]) { dropped.append(arrivals[firstArrival]) }
            firstArrival += 1
        }
        // Forget answered and dropped ids now and then, so `arrivals` stays O(totalCapacity).
        if arrivals.count - firstArrival > 2 * totalCapacity {
            arrivals = arrivals[firstArrival...].filter { exercises[$0] != nil }
            firstArrival = 0
        }
        return dropped
    }

    /// The pending exercise with this id, if it has not expired at `now`.
    func exercise(id: UUID, at now: Date) -> IssuedExercise? {
        owned(id: id, at: now)?.exercise
    }

    /// The pending exercise with this id and whom it was issued to, if it has not expired.
    func owned(id: UUID, at now: Date) -> (exercise: IssuedExercise, owner: Owner)? {
        guard let entry = exercises[id], now.timeIntervalSince(entry.exercise.issuedAt) <= lifetime else { return nil }
        return entry
    }

    /// Removes an exercise; returns whether it was pending.
    @discardableResult
    mutating func remove(id: UUID) -> Bool {
        guard let entry = exercises.removeValue(forKey: id) else { return false }
        order[entry.owner]?.removeAll { $0 == id }
        if order[entry.owner]?.isEmpty == true { order[entry.owner] = nil }
        return true
    }

    mutating func removeAll() {
        exercises.removeAll()
        order.removeAll()
        arrivals.removeAll()
        firstArrival = 0
    }
}
