/// What every exercise and every record holds besides its answer: the reference note, the
/// target note, the directed interval between them and the tuning system the target is tuned
/// in. A comparison and a pitch matching share it, as exercise and as record, so the notes'
/// rules and the frequencies they sound at are written here once.
public struct ExerciseContext: Hashable, Sendable {
    public let referenceNote: MIDINote
    public let targetNote: MIDINote
    public let interval: DirectedInterval
    public let tuningSystem: TuningSystem

    /// A context from values that already follow the rules (a stored row, which the database's
    /// CHECKs hold to them); values from outside go through the validating initialiser
    /// (`init(referenceNote:targetNote:tuningSystem:)`), which derives the interval.
    public init(referenceNote: MIDINote, targetNote: MIDINote, interval: DirectedInterval, tuningSystem: TuningSystem) {
        self.referenceNote = referenceNote
        self.targetNote = targetNote
        self.interval = interval
        self.tuningSystem = tuningSystem
    }

    /// The context of a new exercise: the target is the reference moved by the interval.
    public init(referenceNote: MIDINote, interval: DirectedInterval, tuningSystem: TuningSystem) throws(MusicValueError)
    {
        self.init(
            referenceNote: referenceNote, targetNote: try referenceNote.transposed(by: interval), interval: interval,
            tuningSystem: tuningSystem)
    }

    /// The context of a record from outside the core (an answer, a device's upload, a CSV row):
    /// the two notes at most an octave apart (`InvalidRecord.notesTooFarApart`), the interval
    /// the one from the reference to the target (down when the target is lower).
    public init(referenceNote: MIDINote, targetNote: MIDINote, tuningSystem: TuningSystem) throws(InvalidRecord) {
        let distance = targetNote.rawValue - referenceNote.rawValue
        guard let interval = Interval(rawValue: abs(distance)) else {
            throw .notesTooFarApart(reference: referenceNote, target: targetNote)
        }
        self.init(
            referenceNote: referenceNote, targetNote: targetNote,
            interval: DirectedInterval(interval, distance < 0 ? .down : .up),
            tuningSystem: tuningSystem)
    }

    /// The reference note's 12-TET frequency.
    public func referenceFrequency(referencePitch: Frequency) -> Frequency {
        Pitch(note: referenceNote).frequency(referencePitch: referencePitch)
    }

    /// The true interval pitch (the reference moved by the interval's size in the tuning
    /// system), moved further by `offset` (a comparison's offset) in the same shift.
    public func targetFrequency(referencePitch: Frequency, offsetBy offset: Cents = .zero) -> Frequency {
        referenceFrequency(referencePitch: referencePitch).shifted(
            by: tuningSystem.cents(for: interval) + offset)
    }
}
