import HTTPTypes
import PeachCore
import PeachViews
import Testing

@testable import PeachWeb

/// A refused setting reaches the API and the Settings page by its typed key, so each language
/// names it in its own words without reading PeachCore's English back.
@Suite("Refused settings in the request's language")
struct SettingsErrorMessageTests {
    @Test(
        "every refused setting is named, with its allowed values, in both languages",
        arguments: TrainingSettings.Key.allCases, [Texts.english, Texts.german])
    func namedInLanguage(key: TrainingSettings.Key, texts: Texts) throws {
        for error in [
            SettingsError.malformed(setting: key, value: "x", expected: "English"),
            .outOfRange(setting: key, value: "x", allowed: "English"),
        ] {
            let refusal = APIError(error, texts)
            #expect(refusal.status == .unprocessableContent)
            #expect(refusal.code == "outOfRange")
            let name = texts.refusals.settingName(key)
            #expect(refusal.message == texts.refusals.errorSettingValue(name, "x", texts.allowed(key)))
        }
    }

    @Test("a note range too narrow names the pair and its notes, MIDI numbers beside them")
    func narrowNoteRange() {
        let refusal = APIError(SettingsError.noteRangeTooNarrow(lower: 60, upper: 71), .german)
        #expect(
            refusal.message
                == Texts.german.refusals.errorSettingValue(
                    "Tonumfang", "C4–H4 (MIDI 60–71)", "mindestens 12 Halbtöne zwischen tiefstem und höchstem Ton"))
    }

    /// What each setting allows is written from `TrainingSettings`' bounds and choices, in each
    /// language's words: the messages read as a musician writes them.
    @Test("what a setting allows, from the settings' own bounds, in both languages")
    func allowedFromBounds() {
        let expected: [TrainingSettings.Key: (english: String, german: String)] = [
            .noteRangeLower: ("A0 to C8 (MIDI 21–108)", "A0 bis C8 (MIDI 21–108)"),
            .noteRangeUpper: ("A0 to C8 (MIDI 21–108)", "A0 bis C8 (MIDI 21–108)"),
            .noteDuration: ("0.3 to 3.0 seconds in steps of 0.1", "0,3 bis 3,0 Sekunden in Schritten von 0,1"),
            .referencePitch: ("380 to 500 Hz", "380 bis 500 Hz"),
            .soundSource: (
                "sine, piano, violin, cello, flute, clarinet, oboe, trumpet or choir",
                "sine, piano, violin, cello, flute, clarinet, oboe, trumpet oder choir"
            ),
            .loudnessVariation: ("0 to 1", "0 bis 1"),
            .intervals: (
                "at least one of the interval codes P1up … P8down, such as P5up or m3down",
                "mindestens einer der Intervallcodes P1up … P8down, etwa P5up oder m3down"
            ),
            .tuningSystem: (
                "equalTemperament, justIntonation or pythagorean", "equalTemperament, justIntonation oder pythagorean"
            ),
            .language: ("empty (the browser's language), en or de", "leer (Sprache des Browsers), en oder de"),
            .wrongAnswerSound: ("true or false", "true oder false"),
            .tempo: ("60 to 200 BPM", "60 bis 200 BPM"),
            .gapPositions: ("at least one of the positions 1 to 4", "mindestens eine der Positionen 1 bis 4"),
        ]
        for key in TrainingSettings.Key.allCases {
            #expect(Texts.english.allowed(key) == expected[key]?.english, "\(key)")
            #expect(Texts.german.allowed(key) == expected[key]?.german, "\(key)")
        }
    }

    @Test("no interval left says what to do")
    func noIntervals() {
        #expect(APIError(SettingsError.noIntervals, .english).message == Texts.english.refusals.errorNoIntervals)
    }
}
