import Foundation
import PeachCore
import Testing

@Suite("Training settings")
struct TrainingSettingsTests {
    @Test("the defaults: C2–C6, 1 s, 440 Hz, sine, no loudness variation, a fifth up, 12-TET, …")
    func defaults() {
        let settings = TrainingSettings()
        #expect(settings.noteRange.lower.rawValue == 36 && settings.noteRange.upper.rawValue == 84)
        #expect(settings.noteRange.description == "C2–C6")
        #expect(settings.noteDuration == 1.0)
        #expect(settings.referencePitch.hertz == 440)
        #expect(settings.soundSource == .sine)
        #expect(settings.loudnessVariation == 0)
        #expect(settings.intervals == [.perfectFifthUp])
        #expect(settings.tuningSystem == .equalTemperament)
        #expect(settings.language == nil)
        #expect(settings.wrongAnswerSound == nil, "not chosen: each device decides")
        #expect(
            settings.values == [
                "noteRangeLower": "36", "noteRangeUpper": "84", "noteDuration": "1", "referencePitch": "440",
                "soundSource": "sine", "loudnessVariation": "0", "intervals": "P5up",
                "tuningSystem": "equalTemperament",
                "language": "", "wrongAnswerSound": "auto", "tempo": "80", "gapPositions": "1,2,3,4",
            ])
        #expect(settings.tempo.value == 80 && settings.gapSteps == [0, 1, 2, 3])
    }

    @Test(
        "every bound is accepted at its edge",
        arguments: [
            (TrainingSettings.Key.noteRangeLower, "21"), (.noteRangeUpper, "108"), (.noteDuration, "0.3"),
            (.noteDuration, "3.0"),
            (.noteDuration, "3"), (.referencePitch, "380"), (.referencePitch, "500"), (.referencePitch, "442.5"),
            (.loudnessVariation, "0"), (.loudnessVariation, "1"), (.loudnessVariation, "0.5"),
            (.tempo, "60"), (.tempo, "200"),
        ])
    func edgesAccepted(key: TrainingSettings.Key, text: String) throws {
        var settings = TrainingSettings()
        try settings.setValue(text, for: key)
        #expect(Double(settings.value(for: key)) == Double(text))
    }

    @Test(
        "just beyond every bound is rejected with an error naming the setting, the value and the allowed range",
        arguments: [
            (TrainingSettings.Key.noteRangeLower, "20", "lowest note", "20", "21–108 (A0–C8)"),
            (.noteRangeUpper, "109", "highest note", "109", "21–108 (A0–C8)"),
            (.noteDuration, "0.2", "note duration", "0.2 s", "0.3–3 s"),
            (.noteDuration, "0.29", "note duration", "0.29 s", "0.3–3 s"),
            (.noteDuration, "3.1", "note duration", "3.1 s", "0.3–3 s"),
            (.referencePitch, "379.9", "reference pitch", "379.9 Hz", "380–500 Hz"),
            (.referencePitch, "500.1", "reference pitch", "500.1 Hz", "380–500 Hz"),
            (.loudnessVariation, "-0.01", "loudness variation", "-0.01", "0–1"),
            (.loudnessVariation, "1.01", "loudness variation", "1.01", "0–1"),
            (.tempo, "59", "tempo", "59 BPM", "60–200 BPM"), (.tempo, "201", "tempo", "201 BPM", "60–200 BPM"),
            (.tempo, "40", "tempo", "40 BPM", "60–200 BPM"),
        ])
    func beyondRejected(key: TrainingSettings.Key, text: String, setting: String, value: String, allowed: String) {
        var settings = TrainingSettings()
        let expected = SettingsError.outOfRange(setting: key, value: value, allowed: allowed)
        #expect(throws: expected) { try settings.setValue(text, for: key) }
        #expect(throws: expected) { try TrainingSettings(values: [key.rawValue: text]) }
        #expect(settings == TrainingSettings())
        let message = expected.description
        #expect(message.contains(setting) && message.contains(value) && message.contains(allowed))
    }

    @Test(
        "malformed text is rejected with an error naming the setting and the value",
        arguments: [
            (TrainingSettings.Key.referencePitch, "abc", "reference pitch"), (.referencePitch, "", "reference pitch"),
            (.loudnessVariation, "NaN", "loudness variation"), (.referencePitch, "inf", "reference pitch"),
            (.noteDuration, "0.35", "note duration"), (.noteDuration, "one", "note duration"),
            (.noteRangeLower, "C2", "lowest note"), (.noteRangeUpper, "60.5", "highest note"),
            (.intervals, "P9up", "intervals"), (.intervals, "P5up,fifth", "intervals"),
            (.tuningSystem, "meantone", "tuning system"), (.tuningSystem, "", "tuning system"),
            (.soundSource, "harpsichord", "sound"), (.language, "fr", "language"),
            (.referencePitch, "0x1B9", "reference pitch"), (.referencePitch, "441\u{0}garbage", "reference pitch"),
            (.loudnessVariation, "0x0.1p0", "loudness variation"),
            (.wrongAnswerSound, "yes", "sound on a wrong answer"), (.wrongAnswerSound, "1", "sound on a wrong answer"),
            (.wrongAnswerSound, "", "sound on a wrong answer"),
            (.tempo, "80.5", "tempo"), (.tempo, "fast", "tempo"), (.tempo, "", "tempo"),
            (.gapPositions, "0", "gap positions"), (.gapPositions, "5", "gap positions"),
            (.gapPositions, "1,x", "gap positions"), (.gapPositions, "1.5", "gap positions"),
        ])
    func malformedRejected(key: TrainingSettings.Key, text: String, setting: String) {
        var settings = TrainingSettings()
        do {
            try settings.setValue(text, for: key)
            Issue.record("\(key) accepted \"\(text)\"")
        } catch {
            guard case .malformed(let named, _, _) = error else {
                Issue.record("expected a malformed-value error, got \(error)")
                return
            }
            #expect(named == key)
            #expect(error.description.contains(setting))
        }
        #expect(settings == TrainingSettings())
    }

    @Test("the wrong-answer sound is heard by default where the device cannot vibrate, until the user chooses")
    func wrongAnswerSound() throws {
        var settings = TrainingSettings()
        #expect(settings.value(for: .wrongAnswerSound) == "auto")
        #expect(settings.playsWrongAnswerSound(deviceVibrates: false), "an iPhone: heard")
        #expect(!settings.playsWrongAnswerSound(deviceVibrates: true), "a phone that vibrates: felt")
        try settings.setValue("true", for: .wrongAnswerSound)
        #expect(settings.wrongAnswerSound == true && settings.value(for: .wrongAnswerSound) == "true")
        #expect(settings.playsWrongAnswerSound(deviceVibrates: true))
        #expect(try TrainingSettings(values: settings.values) == settings)
        try settings.setValue(" false ", for: .wrongAnswerSound)
        #expect(settings.wrongAnswerSound == false && !settings.playsWrongAnswerSound(deviceVibrates: false))
        #expect(try TrainingSettings(values: settings.values) == settings)
        try settings.setValue("auto", for: .wrongAnswerSound)
        #expect(settings == TrainingSettings())
    }

    @Test("an empty interval list is rejected: at least one interval", arguments: ["", " ", ",", " , "])
    func emptyIntervals(text: String) {
        var settings = TrainingSettings()
        #expect(throws: SettingsError.noIntervals) { try settings.setValue(text, for: .intervals) }
    }

    @Test("the gap positions: any non-empty set of 1–4, in any order, as the steps 0–3 a trial draws from")
    func gapPositions() throws {
        var settings = TrainingSettings()
        try settings.setValue(" 4, 2,4 ", for: .gapPositions)
        #expect(settings.gapPositions == [2, 4] && settings.gapSteps == [1, 3])
        #expect(settings.value(for: .gapPositions) == "2,4")
        for empty in ["", " ", ","] {
            #expect(throws: SettingsError.noGapPositions) { try settings.setValue(empty, for: .gapPositions) }
        }
        #expect(settings.gapPositions == [2, 4], "a refused change changes nothing")
    }

    @Test("unknown setting names are rejected, listing the known ones")
    func unknownSetting() {
        #expect(throws: SettingsError.unknownSetting("volume")) { try TrainingSettings(values: ["volume": "3"]) }
        #expect(SettingsError.unknownSetting("volume").description.contains("referencePitch"))
    }

    @Test("a note range spanning fewer than 12 semitones is rejected; exactly 12 is accepted")
    func noteRangeSpan() throws {
        var settings = TrainingSettings()
        #expect(throws: SettingsError.noteRangeTooNarrow(lower: 60, upper: 71)) {
            try settings.apply(["noteRangeLower": "60", "noteRangeUpper": "71"])
        }
        #expect(throws: SettingsError.self) { try settings.apply(["noteRangeLower": "72", "noteRangeUpper": "60"]) }
        do {
            try settings.apply(["noteRangeLower": "60", "noteRangeUpper": "71"])
        } catch {
            #expect(
                error.description.contains("note range") && error.description.contains("60–71")
                    && error.description.contains("12"))
        }
        // Moving one bound alone is checked against the other.
        #expect(throws: SettingsError.self) { try settings.setValue("80", for: .noteRangeLower) }
        #expect(settings == TrainingSettings())
        try settings.apply(["noteRangeLower": "60", "noteRangeUpper": "72"])
        #expect(settings.noteRange.lower.rawValue == 60 && settings.noteRange.upper.rawValue == 72)
        // Both bounds in one change, in either order, may pass through a narrow state.
        try settings.apply(["noteRangeUpper": "100", "noteRangeLower": "88"])
        #expect(settings.noteRange.lower.rawValue == 88 && settings.noteRange.upper.rawValue == 100)
    }

    @Test("values → init(values:) gives back the same settings")
    func roundTrip() throws {
        var settings = TrainingSettings()
        try settings.apply([
            "noteRangeLower": "40", "noteRangeUpper": "70", "noteDuration": "0.7", "referencePitch": "442.5",
            "loudnessVariation": "0.35", "intervals": "P5up, m3down,P1down,P8", "tuningSystem": "justIntonation",
            "language": "de",
        ])
        #expect(
            settings.intervals == [
                .perfectFifthUp, DirectedInterval(.minorThird, .down), .prime, DirectedInterval(.octave, .up),
            ])
        #expect(settings.noteDuration == 0.7 && settings.referencePitch.hertz == 442.5 && settings.language == .german)
        #expect(try TrainingSettings(values: settings.values) == settings)
        #expect(try TrainingSettings(values: TrainingSettings().values) == TrainingSettings())
        // An awkward loudness value survives the text form exactly.
        try settings.setValue(String(1.0 / 3), for: .loudnessVariation)
        #expect(try TrainingSettings(values: settings.values).loudnessVariation == 1.0 / 3)
        // The language can be set back to the browser's.
        try settings.setValue("", for: .language)
        #expect(settings.language == nil)
    }

    @Test("apply is all or nothing: one bad value leaves every setting unchanged")
    func applyAllOrNothing() throws {
        var settings = TrainingSettings()
        try settings.setValue("just" + "Intonation", for: .tuningSystem)
        let before = settings
        #expect(throws: SettingsError.self) {
            try settings.apply(["referencePitch": "442", "noteDuration": "9", "tuningSystem": "pythagorean"])
        }
        #expect(settings == before)
        #expect(throws: SettingsError.self) {
            try settings.apply(["referencePitch": "442", "noteRangeLower": "30", "noteRangeUpper": "35"])
        }
        #expect(settings == before)
        #expect(throws: SettingsError.self) { try settings.apply(["referencePitch": "442", "colour": "red"]) }
        #expect(settings == before)
        try settings.apply(["referencePitch": "442", "tuningSystem": "pythagorean"])
        #expect(settings.referencePitch.hertz == 442 && settings.tuningSystem == .pythagorean)
    }
}
