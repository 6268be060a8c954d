import PeachCore

extension TrainingMode.Kind {
    /// The kind's name in the browser: a training page's `data-kind` and an answer's feedback
    /// (`AnswerFeedback.kind`), which the scripts go by.
    var name: String {
        switch self {
        case .comparison: "comparison"
        case .pitchMatching: "pitchMatching"
        case .rhythmOffsetDetection: "rhythmOffsetDetection"
        case .continuousRhythmMatching: "continuousRhythmMatching"
        }
    }
}
