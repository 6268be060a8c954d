/// Why a music value could not be made: each case says what was wrong and what is allowed.
public enum MusicValueError: Error, Equatable, Sendable, CustomStringConvertible {
    case midiNoteOutOfRange(Int)
    case unknownNoteName(String)
    case frequencyNotPositive(Double)
    case noteRangeInverted(lower: MIDINote, upper: MIDINote)
    case noteRangeTooNarrow(lower: MIDINote, upper: MIDINote)
    case transpositionOutOfRange(note: MIDINote, interval: DirectedInterval)
    case unknownInterval(String)

    public var description: String {
        switch self {
        case .midiNoteOutOfRange(let value):
            "MIDI note \(value) is out of range; a MIDI note is a whole number from \(MIDINote.validRange.lowerBound) to \(MIDINote.validRange.upperBound)."
        case .unknownNoteName(let name):
            "\"\(name)\" is not a note name; use a letter, an optional #, and an octave, like C#4 or A4 (C-1 … G9)."
        case .frequencyNotPositive(let hertz):
            "A frequency must be a positive, finite number of hertz, not \(hertz)."
        case .noteRangeInverted(let lower, let upper):
            "The note range \(lower.name)–\(upper.name) is inverted; the lower note must be below the upper note."
        case .noteRangeTooNarrow(let lower, let upper):
            "The note range \(lower.name)–\(upper.name) spans \(upper.rawValue - lower.rawValue) semitones; it must span at least \(NoteRange.minimumSpan) so that every interval up to an octave fits."
        case .transpositionOutOfRange(let note, let interval):
            "\(note.name) transposed by \(interval.code) leaves the MIDI range 0–127."
        case .unknownInterval(let text):
            "\"\(text)\" is not an interval; use one of \(Interval.allCases.map { $0.abbreviation }.joined(separator: " ")), optionally followed by \"up\" or \"down\" (P5up)."
        }
    }
}
