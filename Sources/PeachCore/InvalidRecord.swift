/// Why values do not make a training record: the rule a value breaks.
///
/// The rules are the validating initialisers of `ComparisonRecord`, `PitchMatchingRecord`,
/// `RhythmOffsetDetectionRecord` and `ContinuousRhythmMatchingRecord`, and every way a record enters Peach goes through them: a device's own answer (the wasm core),
/// the records the browser's store gives back to the wasm core, a sync upload, a CSV row. The
/// database's CHECKs hold the same bounds. Within them no statistic can overflow: the largest
/// square summed is 200², so a history of any length keeps every mean and deviation finite.
public enum InvalidRecord: Error, Equatable, Sendable, CustomStringConvertible {
    /// Outside the years 0000–9999: the times an ISO 8601 timestamp with a four-digit year can
    /// write, so that every record can be exported.
    case timestampOutOfRange(Timestamp)
    /// The target note is more than an octave from the reference note.
    case notesTooFarApart(reference: MIDINote, target: MIDINote)
    /// A comparison's cent offset is zero (neither higher nor lower), beyond ±100 cents or not
    /// a number.
    case centOffsetOutOfRange(Cents)
    /// A pitch matching's initial offset is beyond ±100 cents or not a number.
    case initialCentOffsetOutOfRange(Cents)
    /// A pitch matching's cent error is beyond ±200 cents or not a number.
    case userCentErrorOutOfRange(Cents)
    /// A rhythm record's tempo is outside 40–200 BPM (`TempoBPM.recordable`).
    case tempoOutOfRange(Int)
    /// A Compare Timing offset is zero (neither early nor late), beyond half a sixteenth at its
    /// tempo or not a number.
    case offsetMsOutOfRange(Double, tempo: TempoBPM)
    /// A Fill the Gap mean offset is beyond half a sixteenth at its tempo or not a number: the
    /// trial's (`position` nil) or a gap position's (0–3).
    case meanOffsetMsOutOfRange(Double, tempo: TempoBPM, position: Int?)
    /// A Fill the Gap record does not have one mean per step of the cycle (four).
    case positionCount(Int)
    /// A Fill the Gap record's counted taps are not 1–16.
    case hitCountOutOfRange(Int)

    /// The English sentence, naming the field as the sync API and the CSV format name it.
    public var description: String {
        switch self {
        case .timestampOutOfRange(let timestamp):
            "The timestamp \(timestamp.millisecondsSince1970) is out of range; it must lie in the years \(Timestamp.year0000.isoText.prefix(4)) to \(Timestamp.year9999End.isoText.prefix(4))."
        case .notesTooFarApart(let reference, let target):
            "The targetNote \(target.rawValue) is \(abs(target.rawValue - reference.rawValue)) semitones from the referenceNote \(reference.rawValue); they may be at most an octave (\(Interval.octave.semitones)) apart."
        case .centOffsetOutOfRange(let offset):
            "The centOffset \(offset.value) is out of range; it must be non-zero, from -\(Int(ComparisonRecord.centOffsetBound.value)) to \(Int(ComparisonRecord.centOffsetBound.value)) cents."
        case .initialCentOffsetOutOfRange(let offset):
            "The initialCentOffset \(offset.value) is out of range; it must be from -\(Int(PitchMatchingRecord.initialCentOffsetBound.value)) to \(Int(PitchMatchingRecord.initialCentOffsetBound.value)) cents."
        case .userCentErrorOutOfRange(let error):
            "The userCentError \(error.value) is out of range; it must be from -\(Int(PitchMatchingRecord.userCentErrorBound.value)) to \(Int(PitchMatchingRecord.userCentErrorBound.value)) cents."
        case .tempoOutOfRange(let tempo):
            "The tempoBPM \(tempo) is out of range; it must be from \(TempoBPM.recordable.lowerBound) to \(TempoBPM.recordable.upperBound)."
        case .offsetMsOutOfRange(let offset, let tempo):
            "The offsetMs \(offset) is out of range; at \(tempo) it must be non-zero, from -\(DecimalText.shortest(tempo.offsetBoundMs)) to \(DecimalText.shortest(tempo.offsetBoundMs)) ms (half a sixteenth)."
        case .meanOffsetMsOutOfRange(let offset, let tempo, let position):
            "The meanOffsetMs\(position.map { "Position\($0)" } ?? "") \(offset) is out of range; at \(tempo) it must be from -\(DecimalText.shortest(tempo.offsetBoundMs)) to \(DecimalText.shortest(tempo.offsetBoundMs)) ms (half a sixteenth)."
        case .positionCount(let count):
            "There are \(count) meanOffsetMsPosition values; there must be \(ContinuousRhythmMatchingRecord.stepsPerCycle), one per step (null where none)."
        case .hitCountOutOfRange(let count):
            "The hitCount \(count) is out of range; it must be from 1 to \(ContinuousRhythmMatchingRecord.cyclesPerTrial)."
        }
    }
}
