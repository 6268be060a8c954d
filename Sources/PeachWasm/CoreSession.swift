import PeachCore
import PeachViews

/// Everything a device needs to train on its own: the settings, the perceptual profile (and with
/// it every mode's adaptive chain), a seeded random source and the exercise now being answered.
/// The browser drives it through the wasm exports (`Exports.swift`); the native build runs the
/// same code in the differential test, so both decide the same exercises from the same inputs.
public struct CoreSession {
    public private(set) var settings = TrainingSettings()
    public private(set) var profile = PerceptualProfile()
    private var random: SeededRandomNumberGenerator
    private var current: (mode: TrainingMode, exercise: Exercise)?

    enum Exercise {
        case comparison(ComparisonExercise)
        case pitchMatching(PitchMatchingChallenge)
    }

    public init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// Changes one setting from its text form (as the settings API and table hold it); the
    /// English message if the value is refused (the settings stay as they were).
    public mutating func setSetting(_ key: String, _ value: String) -> String? {
        do {
            try settings.apply([key: value])
            return nil
        } catch {
            return error.description
        }
    }

    /// Chooses the next exercise of `mode`, continuing the mode's chain from the profile, and
    /// returns what the browser plays: see `ExerciseNumbers`.
    public mutating func nextExercise(_ mode: TrainingMode) -> ExerciseNumbers {
        let pitch = settings.referencePitch
        switch mode.kind {
        case .comparison:
            let exercise = ExerciseGenerator.comparison(
                mode: mode, settings: settings, previous: profile.comparisonByMode[mode]?.latest,
                profileMean: profile.meanThreshold(for: mode), using: &random)
            current = (mode, .comparison(exercise))
            return ExerciseNumbers(
                referenceNote: exercise.referenceNote, targetNote: exercise.targetNote,
                referenceHertz: exercise.referenceFrequency(referencePitch: pitch).hertz,
                targetHertz: exercise.targetFrequency(referencePitch: pitch).hertz, startHertz: nil,
                centOffset: exercise.centOffset, loudnessOffset: exercise.loudnessOffset,
                noteDuration: settings.noteDuration)
        case .pitchMatching:
            let challenge = ExerciseGenerator.pitchMatching(mode: mode, settings: settings, using: &random)
            current = (mode, .pitchMatching(challenge))
            return ExerciseNumbers(
                referenceNote: challenge.referenceNote, targetNote: challenge.targetNote,
                referenceHertz: challenge.referenceFrequency(referencePitch: pitch).hertz,
                targetHertz: challenge.targetFrequency(referencePitch: pitch).hertz,
                startHertz: challenge.startFrequency(referencePitch: pitch).hertz,
                centOffset: challenge.initialCentOffset, loudnessOffset: 0, noteDuration: settings.noteDuration)
        }
    }

    /// Evaluates the answer to the current exercise, adds its record to the profile and returns
    /// it; `nil` if there is no exercise of that kind to answer or the slider value is out of
    /// range. Either way the exercise is answered only once.
    public mutating func answer(_ answer: SessionAnswer, at timestamp: Timestamp) -> TrainingRecord? {
        guard let (_, exercise) = current else { return nil }
        let record: TrainingRecord
        switch (exercise, answer) {
        case (.comparison(let comparison), .higher(let higher)):
            record = .comparison(comparison.record(answeredHigher: higher, at: timestamp))
        case (.pitchMatching(let challenge), .slider(let value)):
            guard let matched = try? challenge.record(sliderValue: value, at: timestamp) else { return nil }
            record = .pitchMatching(matched)
        default:
            return nil
        }
        current = nil
        profile.add(record)
        return record
    }

    /// Adds records answered earlier (on this device or synced from another) to the profile.
    public mutating func add(_ records: some Sequence<TrainingRecord>) {
        for record in records { profile.add(record) }
    }

    /// A page as the server renders it, from this session's profile and settings.
    public func render(_ page: RenderedPage, language: Language) -> String {
        let texts = Texts.of(language)
        switch page {
        case .profile: return ProfilePage(texts: texts, profile: profile, range: settings.noteRange).render()
        case .start: return StartPage(texts: texts, profile: profile, range: settings.noteRange).render()
        case .timeline:
            let chart = TimelineChart(profile: profile, language: language)
            return chart.summary + "\n" + chart.svg + "\n" + chart.recentDaysTable
        }
    }
}

/// An answer as the browser gives it.
public enum SessionAnswer {
    case higher(Bool)
    case slider(Double)
}

/// The pages the core renders in the browser exactly as the server does.
public enum RenderedPage: String {
    case profile, start, timeline
}
