extension TrainingRecord {
    /// The times a record may have: the years 0000–9999 (`InvalidRecord.timestampOutOfRange`).
    public static let timestamps = Timestamp.year0000...Timestamp.year9999End

    /// The context of a record from outside the core, after checking what every record shares:
    /// its time (`timestamps`) and its notes (`ExerciseContext.init(referenceNote:targetNote:tuningSystem:)`).
    static func checkedContext(
        timestamp: Timestamp, referenceNote: MIDINote, targetNote: MIDINote, tuningSystem: TuningSystem
    ) throws(InvalidRecord) -> ExerciseContext {
        guard timestamps.contains(timestamp) else { throw .timestampOutOfRange(timestamp) }
        return try ExerciseContext(referenceNote: referenceNote, targetNote: targetNote, tuningSystem: tuningSystem)
    }
}
