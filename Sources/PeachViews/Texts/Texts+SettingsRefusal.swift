import PeachCore

extension Texts {
    /// Why a setting was refused, in this language: the setting's name, the value and what is
    /// allowed. The same words on the device (the wasm core's settings) and from the server's
    /// settings API.
    public func refusal(_ error: SettingsError) -> String {
        switch error {
        case .unknownSetting(let name):
            refusals.errorUnknownSetting(name.shownInMessage)
        case .noIntervals:
            // Unticking the last interval on the Settings page: say what to do, not the codes.
            refusals.errorNoIntervals
        case .noGapPositions:
            refusals.errorNoGapPositions
        case .noteRangeTooNarrow(let lower, let upper):
            refusals.errorSettingValue(
                refusals.noteRangeName, noteRange(lower, upper), refusals.noteRangeSpan(NoteRange.minimumSpan))
        case .outOfRange(let setting, let value, _), .malformed(let setting, let value, _):
            refusals.errorSettingValue(
                refusals.settingName(setting), value.shownInMessage, allowed(setting))
        }
    }

    /// What `setting` allows, from the bounds and choices `TrainingSettings` checks, so that the
    /// message can never say other than the rule: "0.3 to 3.0 seconds in steps of 0.1".
    public func allowed(_ setting: TrainingSettings.Key) -> String {
        func range(_ bounds: ClosedRange<Double>, digits: Int = 0) -> String {
            refusals.allowedRange(
                format(bounds.lowerBound, minimumFractionDigits: digits),
                format(bounds.upperBound, minimumFractionDigits: digits))
        }
        switch setting {
        case .noteRangeLower, .noteRangeUpper:
            let bounds = TrainingSettings.noteBounds
            let names = [bounds.lowerBound, bounds.upperBound].map { (try? MIDINote($0)).map(name(of:)) ?? "" }
            return refusals.allowedRange(names[0], names[1]) + " (MIDI " + String(bounds.lowerBound) + "–"
                + String(bounds.upperBound) + ")"
        case .noteDuration:
            return refusals.allowedSeconds(
                range(TrainingSettings.noteDurationBounds, digits: 1),
                format(TrainingSettings.noteDurationStep))
        case .referencePitch: return range(TrainingSettings.referencePitchBounds) + " " + settingsPage.hertzUnit
        case .loudnessVariation: return range(TrainingSettings.loudnessVariationBounds)
        case .soundSource: return refusals.allowedChoices(SoundSource.allCases.map { $0.rawValue })
        case .intervals:
            let codes = DirectedInterval.all.map { $0.code }
            let examples = [DirectedInterval(.perfectFifth, .up), DirectedInterval(.minorThird, .down)]
            return refusals.allowedIntervals(
                codes.first ?? "", codes.last ?? "", refusals.allowedChoices(examples.map { $0.code }))
        case .tuningSystem: return refusals.allowedChoices(TuningSystem.allCases.map { $0.rawValue })
        case .language: return refusals.allowedLanguage(refusals.allowedChoices(Language.allCases.map { $0.rawValue }))
        case .wrongAnswerSound: return refusals.allowedChoices(["true", "false"])
        case .tempo:
            let bounds = TrainingSettings.tempoBounds
            return refusals.allowedRange(String(bounds.lowerBound), String(bounds.upperBound)) + " BPM"
        case .gapPositions:
            let bounds = TrainingSettings.gapPositionBounds
            return refusals.allowedGapPositions(
                refusals.allowedRange(String(bounds.lowerBound), String(bounds.upperBound)))
        }
    }

    /// A refused note range as a musician reads it and as it was sent (MIDI numbers):
    /// "C7–C6 (MIDI 96–84)".
    private func noteRange(_ lower: Int, _ upper: Int) -> String {
        let numbers = String(lower) + "–" + String(upper)
        guard let low = try? MIDINote(lower), let high = try? MIDINote(upper) else { return numbers }
        return name(of: low) + "–" + name(of: high) + " (MIDI " + numbers + ")"
    }
}
