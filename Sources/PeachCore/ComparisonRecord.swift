/// An answered comparison, with the full context needed to rebuild every statistic.
public struct ComparisonRecord: Hashable, Sendable {
    public var timestamp: Timestamp
    public var context: ExerciseContext
    /// Signed deviation of the target from the true interval pitch, in cents.
    public var centOffset: Cents
    public var isCorrect: Bool

    /// A record from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`ComparisonRecord+Rules.swift`), which checks them and derives the interval.
    public init(timestamp: Timestamp, context: ExerciseContext, centOffset: Cents, isCorrect: Bool) {
        self.timestamp = timestamp
        self.context = context
        self.centOffset = centOffset
        self.isCorrect = isCorrect
    }

    public var mode: TrainingMode { .of(kind: .comparison, interval: context.interval) }
}
