import PeachCore

/// What an answered exercise meant, before it is put into words.
public enum Feedback: Hashable, Sendable {
    case comparison(isCorrect: Bool)
    /// The tunable note's offset from the target at release; positive = sharp.
    case pitchMatching(userCentError: Double)

    init(_ record: TrainingRecord) {
        switch record {
        case .comparison(let record): self = .comparison(isCorrect: record.isCorrect)
        case .pitchMatching(let record): self = .pitchMatching(userCentError: record.userCentError)
        }
    }
}
