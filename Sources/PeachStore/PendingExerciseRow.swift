import Foundation

/// An exercise the server issued and has not had answered, as the store keeps it so that an
/// answer still arriving after a restart is recorded (issue 6: no answered exercise is lost).
///
/// The store does not read the exercise: `exercise` is the server's own encoding of it.
public struct PendingExerciseRow: Sendable, Equatable {
    public let exerciseID: UUID
    /// Whom it was issued to (a paired device, or `""` for the local browser).
    public let client: String
    public let issuedAt: Date
    public let exercise: Data

    public init(exerciseID: UUID, client: String, issuedAt: Date, exercise: Data) {
        self.exerciseID = exerciseID
        self.client = client
        self.issuedAt = issuedAt
        self.exercise = exercise
    }
}

/// What one transaction changes among the stored pending exercises.
public struct PendingChange: Sendable, Equatable {
    /// The exercise issued now, if any.
    public var issued: PendingExerciseRow?
    /// Exercises that are no longer pending: answered, expired, or dropped by a bound.
    public var retired: [UUID]

    public init(issued: PendingExerciseRow? = nil, retired: [UUID] = []) {
        self.issued = issued
        self.retired = retired
    }
}
