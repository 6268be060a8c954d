import PeachCore

/// Training records as numbers, the form in which they cross between JavaScript and the wasm
/// core (a `Float64Array`; IndexedDB keeps the same numbers): one number per `Field`, in the
/// order of its cases. The browser reads them by name through `RecordField` of
/// `Client/core/peach-fields.js`, which `FieldTable` writes from `Field`. The interval follows
/// from the two notes.
public enum RecordNumbers {
    /// A record's numbers, in this order (`Field.allCases`, each at its `rawValue`).
    public enum Field: Int, CaseIterable {
        /// `Kind.rawValue`.
        case kind
        /// Milliseconds since 1970.
        case timestamp
        case referenceNote
        case targetNote
        /// The tuning system's index in `TuningSystem.allCases`.
        case tuningSystem
        /// The cent offset (comparison) or the initial cent offset (pitch matching).
        case centOffset
        /// 1 for correct, 0 for wrong (comparison), or the cent error (pitch matching).
        case outcome
    }

    /// What the `kind` field holds.
    public enum Kind: Int, CaseIterable {
        case comparison
        case pitchMatching
    }

    public static let stride = Field.allCases.count

    /// When the record of `numbers` (one record's) was made, in milliseconds since 1970; `nil`
    /// if they are not one record's numbers.
    public static func millisecondsSince1970(of numbers: UnsafeBufferPointer<Double>) -> Double? {
        numbers.count == stride ? numbers[Field.timestamp.rawValue] : nil
    }

    public static func append(_ record: TrainingRecord, to numbers: inout [Double]) {
        for field in Field.allCases { numbers.append(value(of: field, in: record)) }
    }

    /// The number `field` of `record` holds.
    public static func value(of field: Field, in record: TrainingRecord) -> Double {
        let context = record.context
        switch (field, record) {
        case (.kind, .comparison): return Double(Kind.comparison.rawValue)
        case (.kind, .pitchMatching): return Double(Kind.pitchMatching.rawValue)
        case (.timestamp, _): return Double(record.timestamp.millisecondsSince1970)
        case (.referenceNote, _): return Double(context.referenceNote.rawValue)
        case (.targetNote, _): return Double(context.targetNote.rawValue)
        case (.tuningSystem, _): return tuningIndex(context.tuningSystem)
        case (.centOffset, .comparison(let r)): return r.centOffset.value
        case (.centOffset, .pitchMatching(let r)): return r.initialCentOffset.value
        case (.outcome, .comparison(let r)): return r.isCorrect ? 1 : 0
        case (.outcome, .pitchMatching(let r)): return r.userCentError.value
        }
    }

    /// The record in `numbers[start..<start + stride]`; `nil` if the numbers do not describe one
    /// (an unknown kind or tuning, a correctness other than 1 or 0, a value that is not a whole
    /// number where one is needed) or describe one that breaks a rule of every record
    /// (`InvalidRecord`: notes more than an octave apart, a cent value out of range, …).
    public static func record(_ numbers: UnsafeBufferPointer<Double>, at start: Int) -> TrainingRecord? {
        let fields = numbers[start..<start + stride]
        func field(_ field: Field) -> Double { fields[start + field.rawValue] }
        guard let reference = note(field(.referenceNote)), let target = note(field(.targetNote)),
            let tuningIndex = integer(field(.tuningSystem)),
            (0..<Int64(TuningSystem.allCases.count)).contains(tuningIndex),
            let milliseconds = integer(field(.timestamp))
        else { return nil }
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        let tuning = TuningSystem.allCases[Int(tuningIndex)]
        switch field(.kind) {
        case Double(Kind.comparison.rawValue):
            guard field(.outcome) == 0 || field(.outcome) == 1 else { return nil }
            return try? .comparison(
                ComparisonRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, tuningSystem: tuning,
                    centOffset: Cents(field(.centOffset)), isCorrect: field(.outcome) == 1))
        case Double(Kind.pitchMatching.rawValue):
            return try? .pitchMatching(
                PitchMatchingRecord(
                    timestamp: timestamp, referenceNote: reference, targetNote: target, tuningSystem: tuning,
                    initialCentOffset: Cents(field(.centOffset)), userCentError: Cents(field(.outcome))))
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
