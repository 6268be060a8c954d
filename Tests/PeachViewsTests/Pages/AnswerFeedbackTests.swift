import PeachCore
import PeachViews
import Testing

@Suite("The feedback after an answer")
struct AnswerFeedbackTests {
    @Test("pitch matching says sharp or flat in words, as a tuner does, in English and German")
    func pitchMatchingSaysSharpOrFlat() throws {
        let english = Texts.of(.english)
        let german = Texts.of(.german)
        let sharp = AnswerFeedback(.pitchMatching(try matching(19.2)), texts: english)
        #expect(sharp.text == "19 cents sharp")
        #expect(sharp.announcement == "19 cents sharp")
        #expect(sharp.direction == "sharp")
        let flat = AnswerFeedback(.pitchMatching(try matching(-1)), texts: english)
        #expect(flat.text == "1 cent flat")
        #expect(flat.direction == "flat")
        #expect(AnswerFeedback(.pitchMatching(try matching(19)), texts: german).text == "19 Cent zu hoch")
        #expect(AnswerFeedback(.pitchMatching(try matching(-27)), texts: german).text == "27 Cent zu tief")
        let centre = AnswerFeedback(.pitchMatching(try matching(0.3)), texts: english)
        #expect(centre.text == "0 cents" && centre.announcement == "Dead center" && centre.direction == "center")
        for feedback in [sharp, flat] {
            #expect(!feedback.text.contains("+") && !feedback.text.contains("\u{2212}"))
        }
    }

    private func matching(_ error: Double) throws -> PitchMatchingRecord {
        PitchMatchingRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_772_000_000_000),
            context: try ExerciseContext(
                referenceNote: MIDINote(60), interval: .prime, tuningSystem: .equalTemperament),
            initialCentOffset: 50, userCentError: Cents(error))
    }
}
