/// Any recorded exercise: what the store streams into the profile and the CSV exchanges.
public enum TrainingRecord: Hashable, Sendable {
    case comparison(ComparisonRecord)
    case pitchMatching(PitchMatchingRecord)
}
