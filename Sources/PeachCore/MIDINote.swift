/// A note of the MIDI scale, 0–127, where 69 is A4.
///
/// The initialiser rejects values outside 0–127, so a `MIDINote` in hand is always valid.
public struct MIDINote: RawRepresentable, Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int

    public static let validRange = 0...127
    /// A4, the note the reference pitch is defined for.
    public static let a4 = MIDINote(uncheckedRawValue: 69)

    /// Returns `nil` for values outside 0–127 (the failable form `RawRepresentable` requires).
    public init?(rawValue: Int) {
        guard Self.validRange.contains(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Makes a note, or says why it can't be one.
    public init(_ value: Int) throws(MusicValueError) {
        guard let note = MIDINote(rawValue: value) else { throw .midiNoteOutOfRange(value) }
        self = note
    }

    init(uncheckedRawValue: Int) {
        rawValue = uncheckedRawValue
    }

    private static let pitchClassNames = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]

    /// Scientific pitch notation with sharps: `C-1` for 0, `A4` for 69, `G9` for 127.
    public var name: String {
        let octave = rawValue / 12 - 1
        return Self.pitchClassNames[rawValue % 12] + String(octave)
    }

    /// Parses a name as written by `name` (flats are not accepted: Peach writes sharps only).
    public init(name: String) throws(MusicValueError) {
        let pitchClassPart = name.prefix { !("0"..."9").contains($0) && $0 != "-" }
        guard let pitchClass = Self.pitchClassNames.firstIndex(of: String(pitchClassPart)),
            let octave = Int(name.dropFirst(pitchClassPart.count)),
            (-1...9).contains(octave),
            let note = MIDINote(rawValue: (octave + 1) * 12 + pitchClass)
        else { throw .unknownNoteName(name) }
        self = note
    }

    public var description: String { name }

    public static func < (lhs: MIDINote, rhs: MIDINote) -> Bool { lhs.rawValue < rhs.rawValue }

    /// This note moved by a directed interval, or an error if that would leave 0–127.
    public func transposed(by interval: DirectedInterval) throws(MusicValueError) -> MIDINote {
        guard let note = MIDINote(rawValue: rawValue + interval.semitones) else {
            throw .transpositionOutOfRange(note: self, interval: interval)
        }
        return note
    }
}
