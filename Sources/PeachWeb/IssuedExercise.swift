import Foundation
import PeachCore

/// An exercise handed to a browser: the domain exercise with its id, its mode and the settings
/// it was made with (so that a settings change never alters an exercise already playing).
public struct IssuedExercise: Hashable, Sendable {
    /// What is played: a comparison or a pitch-matching challenge.
    public enum Content: Hashable, Sendable {
        case comparison(ComparisonExercise)
        case pitchMatching(PitchMatchingChallenge)
    }

    public let id: UUID
    public let mode: TrainingMode
    public let content: Content
    public let referencePitch: Frequency
    /// Seconds the reference (and a comparison's target) plays.
    public let noteDuration: Double
    public let issuedAt: Date

    public init(
        id: UUID, mode: TrainingMode, content: Content, referencePitch: Frequency, noteDuration: Double, issuedAt: Date
    ) {
        self.id = id
        self.mode = mode
        self.content = content
        self.referencePitch = referencePitch
        self.noteDuration = noteDuration
        self.issuedAt = issuedAt
    }

    public var interval: DirectedInterval {
        switch content {
        case .comparison(let exercise): exercise.interval
        case .pitchMatching(let challenge): challenge.interval
        }
    }

    /// The record of this exercise answered with `answer` at `timestamp`.
    func record(for answer: Answer, at timestamp: Date) throws(TrainingError) -> TrainingRecord {
        switch (content, answer) {
        case (.comparison(let exercise), .higher), (.comparison(let exercise), .lower):
            return .comparison(exercise.record(answeredHigher: answer == .higher, at: timestamp))
        case (.pitchMatching(let challenge), .slider(let value)):
            do {
                return .pitchMatching(try challenge.record(sliderValue: value, at: timestamp))
            } catch {
                throw .sliderOutOfRange(value)
            }
        case (.comparison, .slider):
            throw .wrongAnswerKind(expected: .comparison)
        case (.pitchMatching, _):
            throw .wrongAnswerKind(expected: .pitchMatching)
        }
    }
}

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

/// The server's reply to an answer: its feedback and the next exercise of the same mode.
public struct AnswerReply: Hashable, Sendable {
    public let feedback: Feedback
    public let next: IssuedExercise
}

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
