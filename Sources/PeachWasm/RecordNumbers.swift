import PeachCore

/// Training records as numbers, the form in which they cross between JavaScript and the wasm
/// core (a `Float64Array`; IndexedDB keeps the same numbers): one number per `Field`, in the
/// order of its cases. The browser reads them by name through `RecordField` of
/// `Client/core/peach-fields.js`, which `FieldTable` writes from `Field`. The interval follows
/// from the two notes. A field a kind of record does not have is 0, and is never read for it:
/// fields are only ever added at the end, so the numbers a device stored before one was added
/// (fewer, read as 0 after them) describe their record as they did.
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
        /// 1 for correct, 0 for wrong (comparison, Compare Timing), the cent error (pitch
        /// matching), or the counted taps (Fill the Gap; NaN when not known).
        case outcome
        /// Rhythm: the tempo in BPM.
        case tempoBPM
        /// Rhythm: the offset (Compare Timing) or the mean offset (Fill the Gap) in ms.
        case offsetMs
        /// Fill the Gap: the mean offset at gap position 1–4 in ms, NaN for none.
        case position0, position1, position2, position3
    }

    /// What the `kind` field holds.
    public enum Kind: Int, CaseIterable {
        case comparison
        case pitchMatching
        case rhythmOffsetDetection
        case continuousRhythmMatching
    }

    public static let stride = Field.allCases.count

    /// When the record of `numbers` (one record's, perhaps stored before the last fields were
    /// added) was made, in milliseconds since 1970; `nil` if they are not one record's numbers.
    public static func millisecondsSince1970(of numbers: UnsafeBufferPointer<Double>) -> Double? {
        (Field.outcome.rawValue + 1...stride).contains(numbers.count) ? numbers[Field.timestamp.rawValue] : nil
    }

    public static func append(_ record: TrainingRecord, to numbers: inout [Double]) {
        for field in Field.allCases { numbers.append(value(of: field, in: record)) }
    }

    /// The number `field` of `record` holds (0 for a field its kind does not have).
    public static func value(of field: Field, in record: TrainingRecord) -> Double {
        switch record {
        case .comparison(let r):
            switch field {
            case .kind: Double(Kind.comparison.rawValue)
            case .centOffset: r.centOffset.value
            case .outcome: r.isCorrect ? 1 : 0
            default: value(of: field, r.timestamp, r.context)
            }
        case .pitchMatching(let r):
            switch field {
            case .kind: Double(Kind.pitchMatching.rawValue)
            case .centOffset: r.initialCentOffset.value
            case .outcome: r.userCentError.value
            default: value(of: field, r.timestamp, r.context)
            }
        case .rhythmOffsetDetection(let r):
            switch field {
            case .kind: Double(Kind.rhythmOffsetDetection.rawValue)
            case .timestamp: Double(r.timestamp.millisecondsSince1970)
            case .tempoBPM: Double(r.tempo.value)
            case .offsetMs: r.offsetMs
            case .outcome: r.isCorrect ? 1 : 0
            default: 0
            }
        case .continuousRhythmMatching(let r):
            switch field {
            case .kind: Double(Kind.continuousRhythmMatching.rawValue)
            case .timestamp: Double(r.timestamp.millisecondsSince1970)
            case .tempoBPM: Double(r.tempo.value)
            case .offsetMs: r.meanOffsetMs
            case .outcome: r.hitCount.map(Double.init) ?? .nan
            case .position0: r.positionMeanOffsetsMs[0] ?? .nan
            case .position1: r.positionMeanOffsetsMs[1] ?? .nan
            case .position2: r.positionMeanOffsetsMs[2] ?? .nan
            case .position3: r.positionMeanOffsetsMs[3] ?? .nan
            default: 0
            }
        }
    }

    /// A pitch record's fields of its time and context; 0 for the others.
    private static func value(of field: Field, _ timestamp: Timestamp, _ context: ExerciseContext) -> Double {
        switch field {
        case .timestamp: Double(timestamp.millisecondsSince1970)
        case .referenceNote: Double(context.referenceNote.rawValue)
        case .targetNote: Double(context.targetNote.rawValue)
        case .tuningSystem: tuningIndex(context.tuningSystem)
        default: 0
        }
    }

    /// The record in `numbers[start..<start + stride]`; `nil` if the numbers do not describe one
    /// (an unknown kind or tuning, a correctness other than 1 or 0, a value that is not a whole
    /// number where one is needed) or describe one that breaks a rule of every record
    /// (`InvalidRecord`: notes more than an octave apart, a cent value out of range, …).
    public static func record(_ numbers: UnsafeBufferPointer<Double>, at start: Int) -> TrainingRecord? {
        let fields = numbers[start..<start + stride]
        func field(_ field: Field) -> Double { fields[start + field.rawValue] }
        guard let milliseconds = integer(field(.timestamp)) else { return nil }
        let timestamp = Timestamp(millisecondsSince1970: milliseconds)
        switch field(.kind) {
        case Double(Kind.rhythmOffsetDetection.rawValue):
            guard let tempo = integer(field(.tempoBPM)), abs(tempo) < 1 << 16,
                field(.outcome) == 0 || field(.outcome) == 1
            else { return nil }
            return try? .rhythmOffsetDetection(
                RhythmOffsetDetectionRecord(
                    timestamp: timestamp, tempoBPM: Int(tempo), offsetMs: field(.offsetMs),
                    isCorrect: field(.outcome) == 1))
        case Double(Kind.continuousRhythmMatching.rawValue):
            guard let tempo = integer(field(.tempoBPM)), abs(tempo) < 1 << 16 else { return nil }
            let hits = field(.outcome)
            guard hits.isNaN || (integer(hits).map { abs($0) < 1 << 16 } ?? false) else { return nil }
            let positions = [Field.position0, .position1, .position2, .position3].map {
                field($0).isNaN ? nil : field($0)
            }
            return try? .continuousRhythmMatching(
                ContinuousRhythmMatchingRecord(
                    timestamp: timestamp, tempoBPM: Int(tempo), meanOffsetMs: field(.offsetMs),
                    positionMeanOffsetsMs: positions, hitCount: hits.isNaN ? nil : Int(hits)))
        default:
            break
        }
        guard let reference = note(field(.referenceNote)), let target = note(field(.targetNote)),
            let tuningIndex = integer(field(.tuningSystem)),
            (0..<Int64(TuningSystem.allCases.count)).contains(tuningIndex)
        else { return nil }
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
