/// Any recorded exercise: what the store streams into the profile and the CSV exchanges.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(ComparisonRecord)
    case pitchMatching(PitchMatchingRecord)
}

extension TrainingRecord {
    /// When the exercise was answered.
    public var timestamp: Timestamp {
        switch self {
        case .comparison(let record): record.timestamp
        case .pitchMatching(let record): record.timestamp
        }
    }

    /// The notes, interval and tuning system of the exercise.
    public var context: ExerciseContext {
        switch self {
        case .comparison(let record): record.context
        case .pitchMatching(let record): record.context
        }
    }
}
