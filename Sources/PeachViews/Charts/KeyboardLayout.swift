import PeachCore

/// Where each key of a piano keyboard over a note range lies horizontally.
///
/// Positions are counted in white-key widths from C-1: a white key's left edge is the number of
/// white keys below it; a black key is centred on the border of its two white neighbours and is
/// `blackKeyWidth` wide (a common simplification of a real keyboard, where black keys sit
/// slightly off-centre). A range that begins or ends on a black key begins or ends at that
/// key's edge. Those units are then scaled to `left…right` in `viewBox` coordinates.
struct KeyboardLayout {
    /// The width of a black key, in white-key widths.
    static let blackKeyWidth = 0.6
    /// Index of each pitch class among the white keys of its octave; black keys share the
    /// index of the white key above them.
    private static let whiteIndexInOctave = [0, 1, 1, 2, 2, 3, 4, 4, 5, 5, 6, 6]

    let range: NoteRange
    private let start: Double
    private let left: Double
    /// `viewBox` units per white-key width.
    let whiteKeyWidth: Double

    init(range: NoteRange, left: Double, right: Double) {
        self.range = range
        self.left = left
        start = Self.leftEdge(of: range.lower)
        let end = Self.leftEdge(of: range.upper) + Self.width(of: range.upper)
        whiteKeyWidth = (right - left) / (end - start)
    }

    static func isBlack(_ note: MIDINote) -> Bool {
        [1, 3, 6, 8, 10].contains(note.rawValue % 12)
    }

    var blackKeyWidth: Double { Self.blackKeyWidth * whiteKeyWidth }

    /// The left edge of a key.
    func x(of note: MIDINote) -> Double {
        left + (Self.leftEdge(of: note) - start) * whiteKeyWidth
    }

    /// The width of a key.
    func width(of note: MIDINote) -> Double {
        Self.width(of: note) * whiteKeyWidth
    }

    /// The horizontal centre of a key: where the band's value for that note is drawn.
    func centre(of note: MIDINote) -> Double {
        x(of: note) + width(of: note) / 2
    }

    private static func whiteKeysBelow(_ note: MIDINote) -> Double {
        Double(note.rawValue / 12 * 7 + whiteIndexInOctave[note.rawValue % 12])
    }

    private static func leftEdge(of note: MIDINote) -> Double {
        isBlack(note) ? whiteKeysBelow(note) - blackKeyWidth / 2 : whiteKeysBelow(note)
    }

    private static func width(of note: MIDINote) -> Double {
        isBlack(note) ? blackKeyWidth : 1
    }
}
