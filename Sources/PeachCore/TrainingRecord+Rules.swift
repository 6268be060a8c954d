extension TrainingRecord {
    /// The times a record may have: the years 0000–9999 (`InvalidRecord.timestampOutOfRange`).
    public static let timestamps = Timestamp.year0000...Timestamp.year9999End

    /// The interval from `reference` to `target` (down when the target is lower), after checking
    /// the context every record shares: its time and its two notes at most an octave apart.
    static func interval(
        timestamp: Timestamp, from reference: MIDINote, to target: MIDINote
    ) throws(InvalidRecord) -> DirectedInterval {
        guard timestamps.contains(timestamp) else { throw .timestampOutOfRange(timestamp) }
        let distance = target.rawValue - reference.rawValue
        guard let interval = Interval(rawValue: abs(distance)) else {
            throw .notesTooFarApart(reference: reference, target: target)
        }
        return DirectedInterval(interval, distance < 0 ? .down : .up)
    }
}
