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
        case rhythmOffsetDetection(RhythmOffsetDetectionExercise)
        /// A Fill the Gap trial under way: its gaps and the taps counted so far.
        case continuousRhythmMatching(ContinuousRhythmMatchingTaps)

        /// The notes of a pitch exercise; `nil` for a rhythm exercise, which plays none.
        var context: ExerciseContext? {
            switch self {
            case .comparison(let exercise): exercise.context
            case .pitchMatching(let matching, _): matching.context
            case .rhythmOffsetDetection, .continuousRhythmMatching: nil
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

    /// Chooses the next exercise of a pitch mode, continuing the mode's chain from the profile,
    /// and returns what the browser plays: see `ExerciseNumbers`; `nil` for a rhythm mode, whose
    /// exercise is played on the audio clock (`nextRhythmExercise`).
    public mutating func nextExercise(_ mode: TrainingMode) -> ExerciseNumbers? {
        let pitch = settings.referencePitch
        switch mode.kind {
        case .rhythmOffsetDetection, .continuousRhythmMatching:
            return nil
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

    /// Chooses the next exercise of a rhythm mode at the tempo setting and schedules it from
    /// `start` on the audio clock of `sampleRate` (`RhythmSchedule`): Compare Timing's next
    /// offset from its tracks (`RhythmOffsetDetectionExercise.next`), or a Fill the Gap trial's
    /// gaps drawn from the gap positions setting. `nil` for a pitch mode, or a start or rate a
    /// clock cannot have.
    public mutating func nextRhythmExercise(
        _ mode: TrainingMode, start: Double, sampleRate: Double
    ) -> RhythmExerciseNumbers? {
        // A day of audio clock at most: beyond it a schedule's samples would lose whole units.
        guard start.isFinite, start >= 0, start < 86_400, sampleRate.isFinite, sampleRate >= 8000,
            sampleRate <= 384_000
        else { return nil }
        switch mode.kind {
        case .comparison, .pitchMatching:
            return nil
        case .rhythmOffsetDetection:
            let exercise = RhythmOffsetDetectionExercise.next(
                tempo: settings.tempo, statistics: profile.rhythmOffsetDetection, using: &random)
            current = (mode, .rhythmOffsetDetection(exercise))
            return RhythmExerciseNumbers(
                exercise, onsets: RhythmSchedule.onsets(of: exercise, start: start, sampleRate: sampleRate))
        case .continuousRhythmMatching:
            let trial = ContinuousRhythmMatchingTrial(
                tempo: settings.tempo, positions: settings.gapSteps, using: &random)
            let onsets = RhythmSchedule.onsets(of: trial, start: start, sampleRate: sampleRate)
            current = (
                mode, .continuousRhythmMatching(ContinuousRhythmMatchingTaps(tempo: trial.tempo, onsets: onsets))
            )
            return RhythmExerciseNumbers(trial, onsets: onsets)
        }
    }

    /// A Fill the Gap tap at `seconds` on the audio clock (already corrected for the device's
    /// latency), if it counts (`ContinuousRhythmMatchingTaps.tap`): the gap it counted for, and
    /// its colour (`AnswerFeedback.band(roundedPercent:)`, the bands of a trial's mean, so that a
    /// tap and the trial read alike); `nil` if it is ignored or no trial is under way.
    public mutating func tap(at seconds: Double) -> (band: String, gap: RhythmSchedule.Onset)? {
        guard seconds.isFinite, case .continuousRhythmMatching(var taps)? = current?.exercise else { return nil }
        let before = taps.offsetsMs
        guard let offset = taps.tap(at: seconds),
            let index = taps.offsetsMs.indices.first(where: { before[$0] == nil && taps.offsetsMs[$0] != nil })
        else { return nil }
        current?.exercise = .continuousRhythmMatching(taps)
        let percent = Int(taps.tempo.percentOfSixteenth(offset).rounded())
        return (AnswerFeedback.band(roundedPercent: abs(percent)), taps.gaps[index])
    }

    /// `tap(at:)` as the wasm export writes it: one line per `TapLine`; `nil` for an ignored tap.
    public mutating func tapLines(at seconds: Double) -> String? {
        tap(at: seconds).map { counted in
            TapLine.allCases.map {
                switch $0 {
                case .band: counted.band
                case .cycle: String(counted.gap.cycle)
                case .step: String(counted.gap.step)
                }
            }.joined(separator: "\n")
        }
    }

    /// Ends the Fill the Gap trial under way: its record, added to the profile, or `nil` if no
    /// tap counted (such a trial says nothing about timing), its record breaks a rule (a time
    /// from a wrong clock), or there is no trial. The trial is over either way.
    public mutating func finishTrial(at timestamp: Timestamp) -> TrainingRecord? {
        guard case .continuousRhythmMatching(let taps)? = current?.exercise else { return nil }
        current = nil
        guard let trial = try? taps.record(at: timestamp) else { return nil }
        let record = TrainingRecord.continuousRhythmMatching(trial)
        answered = record
        profile.add(record)
        return record
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
        case (.rhythmOffsetDetection(let exercise), .early(let early)):
            guard let judged = try? exercise.record(answeredEarly: early, at: timestamp) else { return nil }
            record = .rhythmOffsetDetection(judged)
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
        guard let interval = current?.exercise.context?.interval else { return nil }
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

/// A counted Fill the Gap tap as lines of text, in this order (`allCases`, each at its
/// `rawValue`): `peach-core.js` reads them by name through `TapLine` of
/// `Client/core/peach-fields.js` (`FieldTable`).
public enum TapLine: Int, CaseIterable {
    /// Its colour: `center`, `green`, `yellow` or `red`.
    case band
    /// The cycle and step of the gap it counted for, from 0.
    case cycle
    case step
}

/// An answer as the browser gives it.
public enum SessionAnswer {
    case higher(Bool)
    case slider(Double)
    /// Compare Timing: the fourth click came early (`true`) or late.
    case early(Bool)
}
