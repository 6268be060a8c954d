import PeachCore

/// Training records as seven numbers each, the form in which they cross between JavaScript and
/// the wasm core (a `Float64Array`; IndexedDB keeps the same fields):
/// kind (0 comparison, 1 pitch matching), milliseconds since 1970, reference note, target note,
/// tuning system (its index in `TuningSystem.allCases`), then the cent offset and 1/0 for
/// correct (comparison) or the initial cent offset and the cent error (pitch matching). The
/// interval follows from the two notes.
public enum RecordNumbers {
    public static let stride = 7

    /// When the record of `numbers` (one record's) was made, in milliseconds since 1970; `nil`
    /// if they are not one record's numbers.
    public static func millisecondsSince1970(of numbers: UnsafeBufferPointer<Double>) -> Double? {
        numbers.count == stride ? numbers[1] : nil
    }

    public static func append(_ record: TrainingRecord, to numbers: inout [Double]) {
        let (kind, answer): (Double, (Double, Double)) =
            switch record {
            case .comparison(let r): (0, (r.centOffset.value, r.isCorrect ? 1 : 0))
            case .pitchMatching(let r): (1, (r.initialCentOffset.value, r.userCentError.value))
            }
        let context = record.context
        numbers += [
            kind, Double(record.timestamp.millisecondsSince1970), Double(context.referenceNote.rawValue),
            Double(context.targetNote.rawValue), tuningIndex(context.tuningSystem), answer.0, answer.1,
        ]
    }

    /// The record in `numbers[start..<start + stride]`; `nil` if the numbers do not describe one
    /// (an unknown kind or tuning, a correctness other than 1 or 0, a value that is not a whole
    /// number where one is needed) or describe one that breaks a rule of every record
    /// (`InvalidRecord`: notes more than an octave apart, a cent value out of range, …).
    public static func record(_ numbers: UnsafeBufferPointer<Double>, at start: Int) -> TrainingRecord? {
        let fields = numbers[start..<start + stride]
        guard let reference = note(fields[start + 2]), let target = note(fields[start + 3]),
            let tuningIndex = integer(fields[start + 4]),
            (0..<Int64(TuningSystem.allCases.count)).contains(tuningIndex),
            let milliseconds = integer(fields[start + 1])
        else { return nil }
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        let tuning = TuningSystem.allCases[Int(tuningIndex)]
        switch fields[start] {
        case 0:
            guard fields[start + 6] == 0 || fields[start + 6] == 1 else { return nil }
            return try? .comparison(
                ComparisonRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, tuningSystem: tuning,
                    centOffset: Cents(fields[start + 5]), isCorrect: fields[start + 6] == 1))
        case 1:
            return try? .pitchMatching(
                PitchMatchingRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, tuningSystem: tuning,
                    initialCentOffset: Cents(fields[start + 5]), userCentError: Cents(fields[start + 6])))
        default:
            return nil
        }
    }

    private static func tuningIndex(_ tuning: TuningSystem) -> Double {
        Double(TuningSystem.allCases.firstIndex(of: tuning)!)
    }

    /// A whole number that a double holds exactly. Int64, not Int: in WebAssembly `Int` has 32
    /// bits, too few for milliseconds since 1970.
    private static func integer(_ value: Double) -> Int64? {
        guard value.rounded() == value, abs(value) < 9e15 else { return nil }
        return Int64(value)
    }

    private static func note(_ value: Double) -> MIDINote? {
        integer(value).flatMap { abs($0) < 1 << 16 ? MIDINote(rawValue: Int($0)) : nil }
    }
}
