import Foundation
import PeachCore
import PeachStore
import PeachViews

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
            return .comparison(exercise.record(answeredHigher: answer == .higher, at: Timestamp(timestamp)))
        case (.pitchMatching(let challenge), .slider(let value)):
            do {
                return .pitchMatching(try challenge.record(sliderValue: value, at: Timestamp(timestamp)))
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
