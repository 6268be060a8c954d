import Foundation
import PeachCore

/// The exercises issued and not yet answered, bounded so that abandoned pages cannot fill
/// memory: at most `capacityPerMode` per mode and client (the oldest is dropped first) and none
/// older than `lifetime`. A client is a paired device, or this machine (`nil`): one busy phone
/// cannot push another device's open exercise out (issue 6).
///
/// A browser holds one pending exercise per open training page, so a small cap is plenty.
/// - Complexity: O(1) lookup; O(capacityPerMode) insertion and removal.
struct PendingExercises: Sendable {
    let capacityPerMode: Int
    let lifetime: TimeInterval
    private var exercises: [UUID: IssuedExercise] = [:]
    /// Whose exercise of which mode: a paired device's id, or nil for this machine.
    struct Slot: Hashable, Sendable {
        var deviceID: Int64?
        var mode: TrainingMode
    }
    /// Ids per slot, oldest first.
    private var order: [Slot: [UUID]] = [:]
    private var slots: [UUID: Slot] = [:]

    init(capacityPerMode: Int = 32, lifetime: TimeInterval = 6 * 3600) {
        self.capacityPerMode = capacityPerMode
        self.lifetime = lifetime
    }

    var count: Int { exercises.count }

    mutating func insert(_ exercise: IssuedExercise, deviceID: Int64? = nil) {
        let slot = Slot(deviceID: deviceID, mode: exercise.mode)
        exercises[exercise.id] = exercise
        slots[exercise.id] = slot
        order[slot, default: []].append(exercise.id)
        while let ids = order[slot], ids.count > capacityPerMode {
            exercises[ids[0]] = nil
            slots[ids[0]] = nil
            order[slot]!.removeFirst()
        }
    }

    /// The device an exercise was issued to (nil: this machine).
    func deviceID(of id: UUID) -> Int64? {
        slots[id]?.deviceID
    }

    /// The pending exercise with this id, if it has not expired at `now`.
    func exercise(id: UUID, at now: Date) -> IssuedExercise? {
        guard let exercise = exercises[id], now.timeIntervalSince(exercise.issuedAt) <= lifetime else { return nil }
        return exercise
    }

    mutating func remove(id: UUID) {
        guard exercises.removeValue(forKey: id) != nil, let slot = slots.removeValue(forKey: id) else { return }
        order[slot]?.removeAll { $0 == id }
        if order[slot]?.isEmpty == true { order[slot] = nil }
    }

    mutating func removeAll() {
        exercises.removeAll()
        order.removeAll()
        slots.removeAll()
    }
}
