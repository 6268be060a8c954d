/// Any recorded exercise: what the store streams into the profile and the CSV exchanges.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(ComparisonRecord)
    case pitchMatching(PitchMatchingRecord)
    case rhythmOffsetDetection(RhythmOffsetDetectionRecord)
    case continuousRhythmMatching(ContinuousRhythmMatchingRecord)
}

extension TrainingRecord {
    /// When the exercise was answered.
    public var timestamp: Timestamp {
        switch self {
        case .comparison(let record): record.timestamp
        case .pitchMatching(let record): record.timestamp
        case .rhythmOffsetDetection(let record): record.timestamp
        case .continuousRhythmMatching(let record): record.timestamp
        }
    }
}
