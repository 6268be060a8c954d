/// A MIDI note plus a deviation in cents: any frequency, named musically.
public struct Pitch: Hashable, Sendable {
    public var note: MIDINote
    public var cents: Cents

    public init(note: MIDINote, cents: Cents = .zero) {
        self.note = note
        self.cents = cents
    }

    /// `f = ref · 2^((n − 69 + c/100) / 12)`, with `ref` the frequency of A4.
    public func frequency(referencePitch: Frequency) -> Frequency {
        let semitonesFromA4 = Double(note.rawValue - MIDINote.a4.rawValue) + cents.value / 100
        return Frequency(uncheckedHertz: referencePitch.hertz * Math.exp2(semitonesFromA4 / 12))
    }

    /// The exact inverse of `frequency(referencePitch:)`: the nearest MIDI note and the cents
    /// from it (−50 ≤ cents < 50), clamped to the MIDI range at its ends (where |cents| may exceed 50).
    public init(frequency: Frequency, referencePitch: Frequency) {
        let semitonesFromA4 = 12 * Math.log2(frequency.hertz / referencePitch.hertz)
        // floor(x + ½) rounds halves up, so cents are always in −50 ..< 50.
        let nearest = (semitonesFromA4 + Double(MIDINote.a4.rawValue) + 0.5).rounded(.down)
        let clamped = min(max(Int(nearest), MIDINote.validRange.lowerBound), MIDINote.validRange.upperBound)
        note = MIDINote(uncheckedRawValue: clamped)
        cents = Cents((semitonesFromA4 - Double(clamped - MIDINote.a4.rawValue)) * 100)
    }
}
