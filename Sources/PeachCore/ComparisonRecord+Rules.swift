extension ComparisonRecord {
    /// The largest |cent offset| of a comparison: the adaptive chain's widest step.
    public static let centOffsetBound = KazezChain.maximumMagnitude

    /// A comparison from values that come from outside the core (an answer's time, a device's
    /// upload, a CSV row), checked by the rules every record follows (`InvalidRecord`); the
    /// interval is the one from the reference to the target note.
    public init(
        timestamp: Timestamp, referenceNote: MIDINote, targetNote: MIDINote, tuningSystem: TuningSystem,
        centOffset: Cents, isCorrect: Bool
    ) throws(InvalidRecord) {
        let context = try TrainingRecord.checkedContext(
            timestamp: timestamp, referenceNote: referenceNote, targetNote: targetNote, tuningSystem: tuningSystem)
        // Written so that NaN fails too.
        guard centOffset != .zero, centOffset.magnitude <= Self.centOffsetBound else {
            throw .centOffsetOutOfRange(centOffset)
        }
        self.init(timestamp: timestamp, context: context, centOffset: centOffset, isCorrect: isCorrect)
    }
}
