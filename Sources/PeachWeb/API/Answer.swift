import PeachCore

/// What the user answered: higher or lower for a comparison, the slider at release for pitch
/// matching.
public enum Answer: Hashable, Sendable {
    case higher
    case lower
    /// The slider value in −1 … 1 at release.
    case slider(Double)

    /// The answer that produced a stored record: how a retry after a restart is told apart from
    /// a different answer.
    init(reproducing record: TrainingRecord) {
        switch record {
        case .comparison(let record):
            self = record.isCorrect == (record.centOffset > 0) ? .higher : .lower
        case .pitchMatching(let record):
            self = .slider((record.userCentError - record.initialCentOffset) / PitchMatchingChallenge.sliderCentSpan)
        }
    }

    /// Whether this is the kind of answer an exercise of `kind` takes.
    func fits(_ kind: TrainingMode.Kind) -> Bool {
        switch self {
        case .higher, .lower: kind == .comparison
        case .slider: kind == .pitchMatching
        }
    }

    /// Whether two answers are the same, allowing for the rounding of a slider value rebuilt
    /// from a stored record.
    func matches(_ other: Answer) -> Bool {
        switch (self, other) {
        case (.slider(let a), .slider(let b)): abs(a - b) < 1e-9
        default: self == other
        }
    }
}
