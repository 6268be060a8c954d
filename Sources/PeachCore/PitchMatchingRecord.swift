/// A completed pitch-matching attempt, with the full context needed to rebuild every statistic.
public struct PitchMatchingRecord: Hashable, Sendable {
    public var timestamp: Timestamp
    public var context: ExerciseContext
    public var initialCentOffset: Cents
    /// The tunable note's offset from the target at release, in cents; positive = sharp.
    public var userCentError: Cents

    /// A record from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`PitchMatchingRecord+Rules.swift`), which checks them and derives the interval.
    public init(timestamp: Timestamp, context: ExerciseContext, initialCentOffset: Cents, userCentError: Cents) {
        self.timestamp = timestamp
        self.context = context
        self.initialCentOffset = initialCentOffset
        self.userCentError = userCentError
    }

    public var mode: TrainingMode { .of(kind: .pitchMatching, interval: context.interval) }
}
