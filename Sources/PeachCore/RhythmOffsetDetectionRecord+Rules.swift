extension RhythmOffsetDetectionRecord {
    /// A Compare Timing answer from values that come from outside the core (an answer, a
    /// device's upload, a CSV row), checked by the rules every record follows (`InvalidRecord`):
    /// a recordable tempo, and an offset that is early or late (not zero) by at most half a
    /// sixteenth.
    public init(timestamp: Timestamp, tempoBPM: Int, offsetMs: Double, isCorrect: Bool) throws(InvalidRecord) {
        guard TrainingRecord.timestamps.contains(timestamp) else { throw .timestampOutOfRange(timestamp) }
        guard let tempo = TempoBPM(tempoBPM) else { throw .tempoOutOfRange(tempoBPM) }
        // Written so that NaN fails too.
        guard offsetMs != 0, offsetMs.magnitude <= tempo.offsetBoundMs else {
            throw .offsetMsOutOfRange(offsetMs, tempo: tempo)
        }
        self.init(timestamp: timestamp, tempo: tempo, offsetMs: offsetMs, isCorrect: isCorrect)
    }
}
