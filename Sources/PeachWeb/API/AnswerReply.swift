/// The server's reply to an answer: its feedback and the next exercise of the same mode.
public struct AnswerReply: Hashable, Sendable {
    public let feedback: Feedback
    public let next: IssuedExercise
}
