import Foundation
import PeachCore

/// The exercises issued and not yet answered, bounded so that abandoned pages cannot fill
/// memory: at most `capacityPerMode` per mode (the oldest is dropped first) and none older than
/// `lifetime`.
///
/// A browser holds one pending exercise per open training page, so a small cap is plenty.
/// - Complexity: O(1) lookup; O(capacityPerMode) insertion and removal.
struct PendingExercises: Sendable {
    let capacityPerMode: Int
    let lifetime: TimeInterval
    private var exercises: [UUID: IssuedExercise] = [:]
    /// Ids per mode, oldest first.
    private var order: [TrainingMode: [UUID]] = [:]

    init(capacityPerMode: Int = 32, lifetime: TimeInterval = 6 * 3600) {
        self.capacityPerMode = capacityPerMode
        self.lifetime = lifetime
    }

    var count: Int { exercises.count }

    mutating func insert(_ exercise: IssuedExercise) {
        exercises[exercise.id] = exercise
        order[exercise.mode, default: []].append(exercise.id)
        while let ids = order[exercise.mode], ids.count > capacityPerMode {
            exercises[ids[0]] = nil
            order[exercise.mode]!.removeFirst()
        }
    }

    /// The pending exercise with this id, if it has not expired at `now`.
    func exercise(id: UUID, at now: Date) -> IssuedExercise? {
        guard let exercise = exercises[id], now.timeIntervalSince(exercise.issuedAt) <= lifetime else { return nil }
        return exercise
    }

    mutating func remove(id: UUID) {
        guard let exercise = exercises.removeValue(forKey: id) else { return }
        order[exercise.mode]?.removeAll { $0 == id }
    }

    mutating func removeAll() {
        exercises.removeAll()
        order.removeAll()
    }
}
