extension PitchMatchingRecord {
    /// The largest |initial cent offset|: where an exercise's tunable note may start.
    public static let initialCentOffsetBound = PitchMatchingExercise.maximumInitialOffset
    /// The largest |user cent error|: the slider moves the note at most its span from where it
    /// started, so no answer can be further off.
    public static let userCentErrorBound = initialCentOffsetBound + PitchMatchingExercise.sliderCentSpan

    /// A pitch matching from values that come from outside the core (an answer's time, a
    /// device's upload, a CSV row), checked by the rules every record follows (`InvalidRecord`);
    /// the interval is the one from the reference to the target note.
    public init(
        timestamp: Timestamp, referenceNote: MIDINote, targetNote: MIDINote, tuningSystem: TuningSystem,
        initialCentOffset: Cents, userCentError: Cents
    ) throws(InvalidRecord) {
        let context = try TrainingRecord.checkedContext(
            timestamp: timestamp, referenceNote: referenceNote, targetNote: targetNote, tuningSystem: tuningSystem)
        // Written so that NaN fails too.
        guard initialCentOffset.magnitude <= Self.initialCentOffsetBound else {
            throw .initialCentOffsetOutOfRange(initialCentOffset)
        }
        guard userCentError.magnitude <= Self.userCentErrorBound else { throw .userCentErrorOutOfRange(userCentError) }
        self.init(
            timestamp: timestamp, context: context, initialCentOffset: initialCentOffset, userCentError: userCentError)
    }
}
