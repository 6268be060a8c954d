import PeachCore
import Testing

@Suite("MIDI notes")
struct MIDINoteTests {
    @Test("every value 0–127 makes a note that keeps its value")
    func acceptsTheMIDIRange() throws {
        for value in 0...127 {
            #expect(try MIDINote(value).rawValue == value)
            #expect(MIDINote(rawValue: value)?.rawValue == value)
        }
    }

    @Test(
        "values outside 0–127 are rejected with a message that names the value and the range",
        arguments: [-1, 128, 200])
    func rejectsValuesOutsideTheRange(value: Int) {
        #expect(throws: MusicValueError.midiNoteOutOfRange(value)) { try MIDINote(value) }
        #expect(MIDINote(rawValue: value) == nil)
        let message = MusicValueError.midiNoteOutOfRange(value).description
        #expect(message.contains("\(value)"))
        #expect(message.contains("0 to 127"))
    }

    @Test(
        "notes are named with sharps and octave, both ways",
        arguments: [
            (0, "C-1"), (1, "C#-1"), (11, "B-1"), (12, "C0"), (21, "A0"), (60, "C4"), (61, "C#4"), (69, "A4"),
            (108, "C8"), (127, "G9"),
        ])
    func namesBothWays(value: Int, name: String) throws {
        #expect(try MIDINote(value).name == name)
        #expect(try MIDINote(value).description == name)
        #expect(try MIDINote(name: name).rawValue == value)
    }

    @Test("every note's name reads back as the same note")
    func nameRoundTrip() throws {
        for value in 0...127 {
            let note = try MIDINote(value)
            #expect(try MIDINote(name: note.name) == note)
        }
    }

    @Test(
        "malformed or out-of-range names are rejected with a message quoting them",
        arguments: [
            "", "A", "4", "H4", "c4", "Db4", "Cb4", "E#4", "A 4", " A4", "A4 ", "C10", "C-2", "G#9", "A9", "B9",
            "A#-2", "A4.5", "A+4", "C--1",
        ])
    func rejectsBadNames(name: String) {
        #expect(throws: MusicValueError.unknownNoteName(name)) { try MIDINote(name: name) }
        #expect(MusicValueError.unknownNoteName(name).description.contains("\"\(name)\""))
    }

    @Test("A4 is 69 and notes order by pitch")
    func a4AndOrder() throws {
        #expect(MIDINote.a4.rawValue == 69)
        #expect(try MIDINote(60) < MIDINote(61))
        #expect(try !(MIDINote(61) < MIDINote(61)))
    }

    @Test("transposition moves by the interval's semitones and cannot leave 0–127")
    func transposition() throws {
        #expect(try MIDINote(60).transposed(by: .perfectFifthUp).rawValue == 67)
        #expect(try MIDINote(60).transposed(by: DirectedInterval(.minorThird, .down)).rawValue == 57)
        #expect(try MIDINote(115).transposed(by: DirectedInterval(.octave, .up)).rawValue == 127)
        #expect(try MIDINote(12).transposed(by: DirectedInterval(.octave, .down)).rawValue == 0)
        let high = try MIDINote(116)
        let octaveUp = DirectedInterval(.octave, .up)
        #expect(throws: MusicValueError.transpositionOutOfRange(note: high, interval: octaveUp)) {
            try high.transposed(by: octaveUp)
        }
        let low = try MIDINote(11)
        let octaveDown = DirectedInterval(.octave, .down)
        #expect(throws: MusicValueError.transpositionOutOfRange(note: low, interval: octaveDown)) {
            try low.transposed(by: octaveDown)
        }
        #expect(
            MusicValueError.transpositionOutOfRange(note: low, interval: octaveDown).description
                == "B-1 transposed by P8down leaves the MIDI range 0–127.")
    }
}
