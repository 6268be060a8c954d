/// The span of reference notes training draws from: at least an octave wide, so that every
/// interval up to an octave fits (default C2–C6; the settings allow 21–108).
public struct NoteRange: Hashable, Sendable, CustomStringConvertible {
    public let lower: MIDINote
    public let upper: MIDINote

    /// The minimum distance between the bounds, in semitones.
    public static let minimumSpan = 12
    /// C2–C6, the default of the settings.
    public static let standard = NoteRange(uncheckedLower: 36, upper: 84)

    public init(lower: MIDINote, upper: MIDINote) throws(MusicValueError) {
        guard lower < upper else { throw .noteRangeInverted(lower: lower, upper: upper) }
        guard upper.rawValue - lower.rawValue >= Self.minimumSpan else {
            throw .noteRangeTooNarrow(lower: lower, upper: upper)
        }
        self.lower = lower
        self.upper = upper
    }

    init(uncheckedLower lower: Int, upper: Int) {
        self.lower = MIDINote(uncheckedRawValue: lower)
        self.upper = MIDINote(uncheckedRawValue: upper)
    }

    public func contains(_ note: MIDINote) -> Bool {
        lower <= note && note <= upper
    }

    /// Every note of the range, lowest first.
    public var notes: [MIDINote] {
        (lower.rawValue...upper.rawValue).map { MIDINote(uncheckedRawValue: $0) }
    }

    /// The reference notes for which the reference *and* the target (the reference moved by
    /// `interval`) lie in this range. Never empty, because the range spans at least an octave.
    public func referenceNotes(for interval: DirectedInterval) -> ClosedRange<Int> {
        let shift = interval.semitones
        return max(lower.rawValue, lower.rawValue - shift)...min(upper.rawValue, upper.rawValue - shift)
    }

    public var description: String { "\(lower.name)–\(upper.name)" }
}
