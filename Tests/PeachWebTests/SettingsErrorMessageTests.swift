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
            let name = try #require(texts.settingNames[key])
            let allowed = try #require(texts.allowedValues[key])
            #expect(refusal.message == texts.errorSettingValue(name, "x", allowed))
        }
    }

    @Test("a note range too narrow names the pair and its notes, MIDI numbers beside them")
    func narrowNoteRange() {
        let refusal = APIError(SettingsError.noteRangeTooNarrow(lower: 60, upper: 71), .german)
        #expect(
            refusal.message
                == Texts.german.errorSettingValue("Tonumfang", "C4–H4 (MIDI 60–71)", Texts.german.noteRangeSpan))
    }

    @Test("no interval left says what to do")
    func noIntervals() {
        #expect(APIError(SettingsError.noIntervals, .english).message == Texts.english.errorNoIntervals)
    }
}
