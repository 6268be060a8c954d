extension ContinuousRhythmMatchingRecord {
    /// A Fill the Gap trial from values that come from outside the core (a trial's taps, a
    /// device's upload, a CSV row), checked by the rules every record follows (`InvalidRecord`):
    /// a recordable tempo; means of taps that counted, so each within half a sixteenth (a tap
    /// further from its gap does not count); four positions; 1–16 counted taps when known (a
    /// trial without any has no mean and is no record).
    public init(
        timestamp: Timestamp, tempoBPM: Int, meanOffsetMs: Double, positionMeanOffsetsMs: [Double?], hitCount: Int?
    ) throws(InvalidRecord) {
        guard TrainingRecord.timestamps.contains(timestamp) else { throw .timestampOutOfRange(timestamp) }
        guard let tempo = TempoBPM(tempoBPM) else { throw .tempoOutOfRange(tempoBPM) }
        // Written so that NaN fails too.
        guard meanOffsetMs.magnitude <= tempo.offsetBoundMs else {
            throw .meanOffsetMsOutOfRange(meanOffsetMs, tempo: tempo, position: nil)
        }
        guard positionMeanOffsetsMs.count == Self.stepsPerCycle else {
            throw .positionCount(positionMeanOffsetsMs.count)
        }
        for (position, offset) in positionMeanOffsetsMs.enumerated() {
            if let offset, !(offset.magnitude <= tempo.offsetBoundMs) {
                throw .meanOffsetMsOutOfRange(offset, tempo: tempo, position: position)
            }
        }
        if let hitCount, !(1...Self.cyclesPerTrial).contains(hitCount) { throw .hitCountOutOfRange(hitCount) }
        self.init(
            timestamp: timestamp, tempo: tempo, meanOffsetMs: meanOffsetMs,
            positionMeanOffsetsMs: positionMeanOffsetsMs,
            hitCount: hitCount)
    }
}
