import Foundation
import PeachCore
import PeachStore

/// One record of `POST /api/sync/records` as the device sent it (docs/api.md), and its check
/// by the core's rules before anything is stored.
///
/// Decoding never fails on a field: a field of the wrong type, or one this endpoint does not
/// know, is kept as a problem and refuses this record alone (`invalidRecord`, naming the
/// field), so that one bad record never blocks the others of its batch. Only an element that
/// is not an object fails the whole request, as it has no id to name in the reply.
struct UploadedRecord: Decodable {
    /// The device's id as sent, if it is a string.
    var id: String?
    var trainingType: String?
    var timestamp: Int64?
    var referenceNote: Int?
    var targetNote: Int?
    var tuningSystem: String?
    var centOffset: Double?
    var isCorrect: Bool?
    var initialCentOffset: Double?
    var userCentError: Double?
    var tempoBPM: Int?
    var offsetMs: Double?
    var meanOffsetMs: Double?
    /// Fill the Gap's `meanOffsetMsPosition0`–`3`: absent or null where the position has none.
    var positionMeanOffsetsMs: [Double?] = [nil, nil, nil, nil]
    var hitCount: Int?
    /// Fields that are of the wrong type or unknown, in the order of `Field`, then by name.
    var problems: [SyncRefusal] = []

    enum Field: String, CaseIterable {
        case id, trainingType, timestamp, referenceNote, targetNote, tuningSystem, centOffset, isCorrect
        case initialCentOffset, userCentError, tempoBPM, offsetMs, meanOffsetMs
        case meanOffsetMsPosition0, meanOffsetMsPosition1, meanOffsetMsPosition2, meanOffsetMsPosition3, hitCount

        static let positions: [Field] = [
            .meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2, .meanOffsetMsPosition3,
        ]

        /// What the field's value must be.
        var expected: SyncRefusal.Expectation {
            switch self {
            case .id: .uuid
            case .trainingType: .trainingType
            case .timestamp: .milliseconds
            case .referenceNote, .targetNote: .midiNote
            case .tuningSystem: .tuningSystem
            case .centOffset, .initialCentOffset, .userCentError: .cents
            case .isCorrect: .boolean
            case .tempoBPM: .tempo
            case .offsetMs, .meanOffsetMs, .meanOffsetMsPosition0, .meanOffsetMsPosition1, .meanOffsetMsPosition2,
                .meanOffsetMsPosition3:
                .offset
            case .hitCount: .count
            }
        }
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func value<T: Decodable>(_ field: Field, _ type: T.Type) -> T? {
            let key = Key(stringValue: field.rawValue)
            guard container.contains(key) else { return nil }
            guard let value = try? container.decode(T.self, forKey: key) else {
                problems.append(.wrongType(field: field.rawValue, expected: field.expected))
                return nil
            }
            return value
        }
        id = value(.id, String.self)
        trainingType = value(.trainingType, String.self)
        // Read as a `Decimal`, which keeps the digits as sent, and cut to the millisecond it
        // falls in, toward the past, as a CSV import does (`Timestamp`, "Fractions of a
        // millisecond"). As an `Int64`, JSONDecoder went through a `Double`: it took
        // `….9999999` as the next millisecond and refused `….5`.
        timestamp = value(.timestamp, Decimal.self).flatMap { milliseconds in
            guard let whole = Self.wholeMilliseconds(milliseconds) else {
                problems.append(.wrongType(field: Field.timestamp.rawValue, expected: Field.timestamp.expected))
                return nil
            }
            return whole
        }
        referenceNote = value(.referenceNote, Int.self)
        targetNote = value(.targetNote, Int.self)
        tuningSystem = value(.tuningSystem, String.self)
        centOffset = value(.centOffset, Double.self)
        isCorrect = value(.isCorrect, Bool.self)
        initialCentOffset = value(.initialCentOffset, Double.self)
        userCentError = value(.userCentError, Double.self)
        tempoBPM = value(.tempoBPM, Int.self)
        offsetMs = value(.offsetMs, Double.self)
        meanOffsetMs = value(.meanOffsetMs, Double.self)
        for (index, field) in Field.positions.enumerated() {
            positionMeanOffsetsMs[index] = value(field, Double?.self) ?? nil
        }
        hitCount = value(.hitCount, Int.self)
        let known = Set(Field.allCases.map(\.rawValue))
        for key in container.allKeys.map(\.stringValue).sorted() where !known.contains(key) {
            problems.append(.unknownField(key.shownInMessage))
        }
    }

    /// The millisecond `milliseconds` falls in (its fraction dropped, toward the past); `nil`
    /// beyond what an `Int64` holds.
    static func wholeMilliseconds(_ milliseconds: Decimal) -> Int64? {
        var value = milliseconds
        var whole = Decimal()
        NSDecimalRound(&whole, &value, 0, .down)
        return Int64(whole.description)
    }

    /// The device's id as the store keeps it, if `id` is a UUID in its canonical form.
    var storedID: RecordID? {
        id.flatMap(RecordID.init)
    }

    /// 2000-01-01T00:00:00Z: Peach did not exist before; an earlier time is a wrong clock.
    static let earliest = Timestamp(millisecondsSince1970: 946_684_800_000)

    /// The record the device made, checked by the rules of every record (the core's validating
    /// initialisers, which the CSV import and the wasm core use too and the store's CHECKs
    /// mirror), and by the server's clock `now`: no earlier than 2000, no later than now and a
    /// few minutes.
    func validated(now: Timestamp) throws(SyncRefusal) -> TrainingRecord {
        if let problem = problems.first { throw problem }
        func required<T>(_ value: T?, _ field: Field) throws(SyncRefusal) -> T {
            guard let value else { throw .missingField(field.rawValue) }
            return value
        }
        let type = try required(trainingType, .trainingType)
        let pitchFields: [Field] = [
            .referenceNote, .targetNote, .tuningSystem, .centOffset, .initialCentOffset, .userCentError,
        ]
        let (fields, isCorrect): ([Field], Bool?)
        switch type {
        case CSVFormat.comparisonType:
            (fields, isCorrect) = (
                [.referenceNote, .targetNote, .tuningSystem, .centOffset, .isCorrect], self.isCorrect
            )
        case CSVFormat.pitchMatchingType:
            (fields, isCorrect) = (
                [.referenceNote, .targetNote, .tuningSystem, .initialCentOffset, .userCentError], nil
            )
        case CSVFormat.rhythmOffsetDetectionType:
            (fields, isCorrect) = ([.tempoBPM, .offsetMs, .isCorrect], self.isCorrect)
        case CSVFormat.continuousRhythmMatchingType:
            (fields, isCorrect) = ([.tempoBPM, .meanOffsetMs, .hitCount] + Field.positions, nil)
        default:
            throw .unknownTrainingType(type.shownInMessage)
        }
        // A field of another training type is refused, not ignored: the device meant something by it.
        for field in pitchFields + [.isCorrect, .tempoBPM, .offsetMs, .meanOffsetMs, .hitCount] + Field.positions
        where !fields.contains(field) && isPresent(field) {
            throw .foreignField(field.rawValue, trainingType: type)
        }
        let milliseconds = try required(timestamp, .timestamp)
        let time = Timestamp(millisecondsSince1970: milliseconds)
        guard time >= Self.earliest else { throw .beforeEarliest(milliseconds: milliseconds, earliest: Self.earliest) }
        let tolerance = SyncController.clockTolerance
        guard milliseconds <= now.millisecondsSince1970 + tolerance else {
            throw .future(time, now: now, toleranceMinutes: Int(tolerance / 60_000))
        }
        switch type {
        case CSVFormat.rhythmOffsetDetectionType:
            let (tempo, offset) = (try required(tempoBPM, .tempoBPM), try required(offsetMs, .offsetMs))
            let correct = try required(isCorrect, .isCorrect)
            do {
                return .rhythmOffsetDetection(
                    try RhythmOffsetDetectionRecord(
                        timestamp: time, tempoBPM: tempo, offsetMs: offset, isCorrect: correct))
            } catch {
                throw .invalid(error)
            }
        case CSVFormat.continuousRhythmMatchingType:
            let (tempo, mean) = (try required(tempoBPM, .tempoBPM), try required(meanOffsetMs, .meanOffsetMs))
            do {
                return .continuousRhythmMatching(
                    try ContinuousRhythmMatchingRecord(
                        timestamp: time, tempoBPM: tempo, meanOffsetMs: mean,
                        positionMeanOffsetsMs: positionMeanOffsetsMs,
                        hitCount: hitCount))
            } catch {
                throw .invalid(error)
            }
        default:
            break
        }
        let reference = try note(try required(referenceNote, .referenceNote), .referenceNote)
        let target = try note(try required(targetNote, .targetNote), .targetNote)
        let systemName = try required(tuningSystem, .tuningSystem)
        guard let system = TuningSystem(rawValue: systemName) else {
            throw .unknownTuningSystem(systemName.shownInMessage)
        }
        if type == CSVFormat.comparisonType {
            let offset = try required(centOffset, .centOffset)
            let correct = try required(isCorrect, .isCorrect)
            do {
                return .comparison(
                    try ComparisonRecord(
                        timestamp: time, referenceNote: reference, targetNote: target, tuningSystem: system,
                        centOffset: Cents(offset), isCorrect: correct))
            } catch {
                throw .invalid(error)
            }
        }
        let initial = try required(initialCentOffset, .initialCentOffset)
        let userError = try required(userCentError, .userCentError)
        do {
            return .pitchMatching(
                try PitchMatchingRecord(
                    timestamp: time, referenceNote: reference, targetNote: target, tuningSystem: system,
                    initialCentOffset: Cents(initial), userCentError: Cents(userError)))
        } catch {
            throw .invalid(error)
        }
    }

    /// Whether the device sent `field` with a value (a position's null is no value).
    private func isPresent(_ field: Field) -> Bool {
        switch field {
        case .id, .trainingType, .timestamp: true
        case .referenceNote: referenceNote != nil
        case .targetNote: targetNote != nil
        case .tuningSystem: tuningSystem != nil
        case .centOffset: centOffset != nil
        case .isCorrect: isCorrect != nil
        case .initialCentOffset: initialCentOffset != nil
        case .userCentError: userCentError != nil
        case .tempoBPM: tempoBPM != nil
        case .offsetMs: offsetMs != nil
        case .meanOffsetMs: meanOffsetMs != nil
        case .meanOffsetMsPosition0: positionMeanOffsetsMs[0] != nil
        case .meanOffsetMsPosition1: positionMeanOffsetsMs[1] != nil
        case .meanOffsetMsPosition2: positionMeanOffsetsMs[2] != nil
        case .meanOffsetMsPosition3: positionMeanOffsetsMs[3] != nil
        case .hitCount: hitCount != nil
        }
    }

    private func note(_ value: Int, _ field: Field) throws(SyncRefusal) -> MIDINote {
        guard let note = MIDINote(rawValue: value) else { throw .noteOutOfRange(field: field.rawValue, value: value) }
        return note
    }
}
