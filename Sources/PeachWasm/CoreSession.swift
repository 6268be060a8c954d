import PeachCore
import PeachViews

/// Everything a device needs to train on its own: the settings, the perceptual profile (and with
/// it every mode's adaptive chain), a seeded random source and the exercise now being answered.
/// The browser drives it through the wasm exports (`Exports.swift`); the native build runs the
/// same code in the differential test, so both decide the same exercises from the same inputs.
public struct CoreSession {
    public private(set) var settings = TrainingSettings()
    /// Whether this device can vibrate (the browser has `navigator.vibrate`): where it cannot, a
    /// wrong answer plays the short sound until the user chooses (`TrainingSettings.wrongAnswerSound`).
    public var deviceVibrates = true
    public private(set) var profile = PerceptualProfile()
    private var random: SeededRandomNumberGenerator
    private var current: (mode: TrainingMode, exercise: Exercise)?
    /// The record of the last answer: what its feedback says.
    private var answered: TrainingRecord?

    enum Exercise {
        case comparison(ComparisonExercise)
        /// With the reference pitch its notes were chosen at: a setting adopted while the user
        /// tunes does not move the note under the slider.
        case pitchMatching(PitchMatchingExercise, referencePitch: Frequency)

        var context: ExerciseContext {
            switch self {
            case .comparison(let exercise): exercise.context
            case .pitchMatching(let matching, _): matching.context
            }
        }
    }

    public init(seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed)
    }

    /// Changes one setting from its text form (as the settings API and table hold it); why it
    /// was refused, if it was (the settings stay as they were).
    public mutating func setSetting(_ key: String, _ value: String) -> SettingsError? {
        do {
            try settings.apply([(key: key, value: value)])
            return nil
        } catch {
            return error
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
                profileThreshold: profile.startingThreshold(for: mode), using: &random)
            current = (mode, .comparison(exercise))
            return ExerciseNumbers(
                referenceNote: exercise.context.referenceNote, targetNote: exercise.context.targetNote,
                referenceHertz: exercise.context.referenceFrequency(referencePitch: pitch).hertz,
                targetHertz: exercise.targetFrequency(referencePitch: pitch).hertz, startHertz: nil,
                highestHertz: nil, loudnessOffset: exercise.loudnessOffset,
                noteDuration: settings.noteDuration)
        case .pitchMatching:
            let matching = ExerciseGenerator.pitchMatching(mode: mode, settings: settings, using: &random)
            current = (mode, .pitchMatching(matching, referencePitch: pitch))
            return ExerciseNumbers(
                referenceNote: matching.context.referenceNote, targetNote: matching.context.targetNote,
                referenceHertz: matching.context.referenceFrequency(referencePitch: pitch).hertz,
                targetHertz: matching.context.targetFrequency(referencePitch: pitch).hertz,
                startHertz: matching.startFrequency(referencePitch: pitch).hertz,
                highestHertz: matching.highestFrequency(referencePitch: pitch).hertz,
                loudnessOffset: .zero, noteDuration: settings.noteDuration)
        }
    }

    /// Evaluates the answer to the current exercise, adds its record to the profile and returns
    /// it; `nil` if there is no exercise of that kind to answer, the slider value is out of range
    /// or the record breaks a rule of every record (a time outside the years 0000–9999, from a
    /// wrong clock). Only an answer that makes a record answers the exercise.
    public mutating func answer(_ answer: SessionAnswer, at timestamp: Timestamp) -> TrainingRecord? {
        guard let (_, exercise) = current else { return nil }
        let record: TrainingRecord
        switch (exercise, answer) {
        case (.comparison(let comparison), .higher(let higher)):
            guard let answered = try? comparison.record(answeredHigher: higher, at: timestamp) else { return nil }
            record = .comparison(answered)
        case (.pitchMatching(let matching, _), .slider(let value)):
            guard let matched = try? matching.record(sliderValue: value, at: timestamp) else { return nil }
            record = .pitchMatching(matched)
        default:
            return nil
        }
        current = nil
        answered = record
        profile.add(record)
        return record
    }

    /// The frequency of the current pitch-matching exercise's tunable note with the slider at
    /// `value` (`PitchMatchingExercise.tunableFrequency`); `nil` without one.
    public func tunableFrequency(sliderValue value: Double) -> Frequency? {
        guard case .pitchMatching(let matching, let pitch)? = current?.exercise else { return nil }
        return matching.tunableFrequency(sliderValue: value, referencePitch: pitch)
    }

    /// The note the Settings page plays to preview a sound (`SoundSource.previewNote`) and its
    /// frequency at the reference pitch setting.
    public var soundPreview: (note: MIDINote, frequency: Frequency) {
        (
            SoundSource.previewNote,
            Pitch(note: SoundSource.previewNote).frequency(referencePitch: settings.referencePitch)
        )
    }

    /// `soundPreview` as the wasm export writes it: one number per `SoundPreviewField`.
    public var soundPreviewNumbers: [Double] {
        let preview = soundPreview
        return SoundPreviewField.allCases.map {
            switch $0 {
            case .note: Double(preview.note.rawValue)
            case .frequency: preview.frequency.hertz
            }
        }
    }

    /// The current exercise's interval: its code (`P5+`… as `DirectedInterval.code`) and its name
    /// in `language`, which an interval page shows; `nil` without a current exercise.
    public func currentInterval(language: Language) -> (code: String, name: String)? {
        guard let (_, exercise) = current else { return nil }
        let interval = exercise.context.interval
        return (interval.code, Texts.of(language).name(of: interval))
    }

    /// `currentInterval` as the wasm export writes it: one line per `IntervalLine`; `nil`
    /// without a current exercise.
    public func currentIntervalLines(language: Language) -> String? {
        currentInterval(language: language).map { interval in
            IntervalLine.allCases.map {
                switch $0 {
                case .code: interval.code
                case .name: interval.name
                }
            }.joined(separator: "\n")
        }
    }

    /// The feedback for the last answer in `language`; `nil` before the first answer.
    public func feedback(language: Language) -> AnswerFeedback? {
        answered.map {
            AnswerFeedback(
                $0, texts: Texts.of(language),
                wrongAnswerSound: settings.playsWrongAnswerSound(deviceVibrates: deviceVibrates))
        }
    }

    /// Every setting in its text form, `key=value` a line, in `TrainingSettings.Key` order.
    public var settingsText: String {
        TrainingSettings.Key.allCases.map { $0.rawValue + "=" + settings.value(for: $0) }.joined(separator: "\n")
    }

    /// Replaces the profile with the server's summary (`nil`: none) and the records beyond it,
    /// in any order (the device's store keeps them by id); the settings and the exercise under
    /// way stay. Returns false, changing nothing, if the summary cannot be read.
    public mutating func replaceProfile(
        summary: UnsafeBufferPointer<Double>?, records: some Sequence<TrainingRecord>
    ) -> Bool {
        var replaced = PerceptualProfile()
        if let summary, !summary.isEmpty {
            guard let decoded = PerceptualProfile(snapshot: Array(summary)) else { return false }
            replaced = decoded
        }
        // The profile is the same in any order, but oldest first is its fast path (each answer
        // goes at the end of its week and of the latest answers); the device's store gives
        // its records by id.
        for record in records.sorted(by: { $0.timestamp < $1.timestamp }) { replaced.add(record) }
        profile = replaced
        return true
    }

    /// A page as the server renders it, from this session's profile and settings; `nil` for a
    /// page only the server renders (`PageRoute.rendersOnDevice` is false).
    public func render(_ page: PageRoute, language: Language) -> String? {
        let texts = Texts.of(language)
        switch page {
        case .profile: return ProfilePage(texts: texts, profile: profile, range: settings.noteRange).render()
        case .start: return StartPage(texts: texts, profile: profile, range: settings.noteRange).render()
        case .settings: return SettingsPage(texts: texts, settings: settings, deviceVibrates: deviceVibrates).render()
        case .info: return InfoPage(texts: texts).render()
        case .training(let mode): return TrainingPage(texts: texts, mode: mode, settings: settings).render()
        case .settingsReset, .settingsImport, .settingsImportConfirm, .pair, .certificateAuthority: return nil
        }
    }
}

/// The Settings page's sound preview as numbers, in this order (`allCases`, each at its
/// `rawValue`): `peach-core.js` reads them by name through `SoundPreviewField` of
/// `Client/core/peach-fields.js` (`FieldTable`).
public enum SoundPreviewField: Int, CaseIterable {
    /// The MIDI note.
    case note
    /// Its frequency in hertz at the reference pitch setting.
    case frequency
}

/// The current exercise's interval as lines of text, in this order (`allCases`, each at its
/// `rawValue`): `peach-core.js` reads them by name through `IntervalLine` of
/// `Client/core/peach-fields.js` (`FieldTable`).
public enum IntervalLine: Int, CaseIterable {
    /// `DirectedInterval.code`: `P5+`, …
    case code
    /// Its name in the language asked for.
    case name
}

/// An answer as the browser gives it.
public enum SessionAnswer {
    case higher(Bool)
    case slider(Double)
}
