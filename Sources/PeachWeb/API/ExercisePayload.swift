import Foundation
import PeachCore
import PeachViews

/// The JSON form of an issued exercise (docs/api.md): everything the browser needs to play it,
/// every frequency computed here.
struct ExercisePayload: Encodable, Equatable {
    struct IntervalPayload: Encodable, Equatable {
        let code: String
        let name: String
    }
    struct Reference: Encodable, Equatable {
        let frequency: Double
    }
    struct Target: Encodable, Equatable {
        let frequency: Double
        let gainDecibels: Double
    }
    struct Tunable: Encodable, Equatable {
        let startFrequency: Double
        let centSpan: Double
    }

    let id: String
    let mode: String
    let kind: String
    let noteDuration: Double
    let interval: IntervalPayload
    let reference: Reference
    let target: Target?
    let tunable: Tunable?

    init(_ exercise: IssuedExercise, texts: Texts) {
        id = exercise.id.uuidString
        mode = exercise.mode.rawValue
        noteDuration = exercise.noteDuration
        interval = IntervalPayload(code: exercise.interval.code, name: texts.name(of: exercise.interval))
        let pitch = exercise.referencePitch
        switch exercise.content {
        case .comparison(let comparison):
            kind = "comparison"
            reference = Reference(frequency: comparison.referenceFrequency(referencePitch: pitch).hertz)
            target = Target(
                frequency: comparison.targetFrequency(referencePitch: pitch).hertz,
                gainDecibels: comparison.loudnessOffset)
            tunable = nil
        case .pitchMatching(let challenge):
            kind = "pitchMatching"
            reference = Reference(frequency: challenge.referenceFrequency(referencePitch: pitch).hertz)
            target = nil
            tunable = Tunable(
                startFrequency: challenge.startFrequency(referencePitch: pitch).hertz,
                centSpan: PitchMatchingChallenge.sliderCentSpan)
        }
    }
}

/// The JSON form of feedback: what the browser shows for 400 ms and announces.
struct FeedbackPayload: Encodable, Equatable {
    let kind: String
    let announcement: String
    let isCorrect: Bool?
    let userCentError: Double?
    let roundedCents: Int?
    let band: String?
    let direction: String?
    let text: String?

    init(_ feedback: Feedback, texts: Texts) {
        switch feedback {
        case .comparison(let isCorrect):
            kind = "comparison"
            self.isCorrect = isCorrect
            announcement = isCorrect ? texts.correct : texts.incorrect
            userCentError = nil
            roundedCents = nil
            band = nil
            direction = nil
            text = nil
        case .pitchMatching(let error):
            kind = "pitchMatching"
            isCorrect = nil
            let rounded = Int(error.rounded())
            userCentError = error
            roundedCents = rounded
            band = Self.band(roundedMagnitude: abs(rounded))
            direction = rounded > 0 ? "sharp" : rounded < 0 ? "flat" : "center"
            text = texts.centsText(rounded)
            announcement =
                rounded > 0 ? texts.centsSharp(rounded) : rounded < 0 ? texts.centsFlat(-rounded) : texts.deadCenter
        }
    }

    /// DESIGN.md §4: 0 → center, < 10 → green, 10–30 → yellow, > 30 → red.
    static func band(roundedMagnitude cents: Int) -> String {
        switch cents {
        case 0: "center"
        case 1..<10: "green"
        case 10...30: "yellow"
        default: "red"
        }
    }
}
