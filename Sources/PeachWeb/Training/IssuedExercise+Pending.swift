import Foundation
import PeachCore
import PeachStore

extension IssuedExercise {
    /// The JSON a pending exercise is stored as: what the exercise was made of, so that after a
    /// restart it is rebuilt exactly (every frequency follows from these values) and decoded
    /// through the same validating initialisers as a new one.
    private struct Stored: Codable {
        let mode: TrainingMode
        let referencePitch: Double
        let noteDuration: Double
        let referenceNote: MIDINote
        let interval: DirectedInterval
        let tuningSystem: TuningSystem
        /// A comparison's target offset and level; nil for a pitch-matching challenge.
        let centOffset: Double?
        let loudnessOffset: Double?
        /// A pitch-matching challenge's start offset; nil for a comparison.
        let initialCentOffset: Double?
    }

    /// The row that keeps this exercise pending in the store.
    func pendingRow(client: String) -> PendingExerciseRow {
        let stored: Stored
        switch content {
        case .comparison(let exercise):
            stored = Stored(
                mode: mode, referencePitch: referencePitch.hertz, noteDuration: noteDuration,
                referenceNote: exercise.referenceNote, interval: exercise.interval, tuningSystem: exercise.tuningSystem,
                centOffset: exercise.centOffset, loudnessOffset: exercise.loudnessOffset, initialCentOffset: nil)
        case .pitchMatching(let challenge):
            stored = Stored(
                mode: mode, referencePitch: referencePitch.hertz, noteDuration: noteDuration,
                referenceNote: challenge.referenceNote, interval: challenge.interval,
                tuningSystem: challenge.tuningSystem, centOffset: nil, loudnessOffset: nil,
                initialCentOffset: challenge.initialCentOffset)
        }
        // Encoding plain numbers, strings and enums cannot fail.
        let json = try! JSONEncoder().encode(stored)
        return PendingExerciseRow(exerciseID: id, client: client, issuedAt: issuedAt, exercise: json)
    }

    /// The exercise a stored row holds; throws if the row is not one this server wrote.
    init(_ row: PendingExerciseRow) throws {
        let stored = try JSONDecoder().decode(Stored.self, from: row.exercise)
        let content: Content
        switch (stored.mode.kind, stored.centOffset, stored.loudnessOffset, stored.initialCentOffset) {
        case (.comparison, let centOffset?, let loudnessOffset?, nil):
            content = .comparison(
                try ComparisonExercise(
                    referenceNote: stored.referenceNote, interval: stored.interval, tuningSystem: stored.tuningSystem,
                    centOffset: centOffset, loudnessOffset: loudnessOffset))
        case (.pitchMatching, nil, nil, let initialCentOffset?):
            content = .pitchMatching(
                try PitchMatchingChallenge(
                    referenceNote: stored.referenceNote, interval: stored.interval, tuningSystem: stored.tuningSystem,
                    initialCentOffset: initialCentOffset))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "values do not fit the mode"))
        }
        self.init(
            id: row.exerciseID, mode: stored.mode, content: content,
            referencePitch: try Frequency(hertz: stored.referencePitch), noteDuration: stored.noteDuration,
            issuedAt: row.issuedAt)
    }
}
