import Foundation
import PeachCore

/// Why an answer is refused. Nothing is stored for any of them.
public enum TrainingError: Error, Hashable, Sendable {
    /// Never issued, expired, or issued before a restart and never answered.
    case unknownExercise(UUID)
    /// Answered before with a different answer.
    case alreadyAnswered(UUID)
    /// A slider value for a comparison or higher/lower for pitch matching.
    case wrongAnswerKind(expected: TrainingMode.Kind)
    case sliderOutOfRange(Double)
}
