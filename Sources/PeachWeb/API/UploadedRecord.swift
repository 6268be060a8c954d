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
    /// Fields that are of the wrong type or unknown, in the order of `Field`, then by name.
    var problems: [String] = []

    enum Field: String, CaseIterable {
        case id, trainingType, timestamp, referenceNote, targetNote, tuningSystem, centOffset, isCorrect
        case initialCentOffset, userCentError
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func value<T: Decodable>(_ field: Field, _ type: T.Type, expected: String) -> T? {
            let key = Key(stringValue: field.rawValue)
            guard container.contains(key) else { return nil }
            guard let value = try? container.decode(T.self, forKey: key) else {
                problems.append("The field \(field.rawValue) must be \(expected).")
                return nil
            }
            return value
        }
        id = value(.id, String.self, expected: "a UUID")
        trainingType = value(.trainingType, String.self, expected: "\"pitchDiscrimination\" or \"pitchMatching\"")
        timestamp = value(.timestamp, Int64.self, expected: "whole milliseconds since 1970")
        referenceNote = value(.referenceNote, Int.self, expected: "a MIDI note number from 0 to 127")
        targetNote = value(.targetNote, Int.self, expected: "a MIDI note number from 0 to 127")
        tuningSystem = value(.tuningSystem, String.self, expected: Self.tuningSystems)
        centOffset = value(.centOffset, Double.self, expected: "a number of cents")
        isCorrect = value(.isCorrect, Bool.self, expected: "true or false")
        initialCentOffset = value(.initialCentOffset, Double.self, expected: "a number of cents")
        userCentError = value(.userCentError, Double.self, expected: "a number of cents")
        let known = Set(Field.allCases.map(\.rawValue))
        for key in container.allKeys.map(\.stringValue).sorted() where !known.contains(key) {
            problems.append("The field \(key.shownInMessage) is not a field of a record.")
        }
    }

    /// The device's id as the store keeps it, if `id` is a UUID in its canonical form.
    var storedID: RecordID? {
        id.flatMap(RecordID.init)
    }

    /// Why a record is refused: the reply's `code` and an English sentence naming the field.
    struct Refusal: Error, Equatable {
        enum Code: String { case invalidRecord, futureTimestamp }
        var code: Code
        var message: String

        static func invalid(_ message: String) -> Refusal { Refusal(code: .invalidRecord, message: message) }
    }

    /// 2000-01-01T00:00:00Z: Peach did not exist before; an earlier time is a wrong clock.
    static let earliest = Timestamp(millisecondsSince1970: 946_684_800_000)
    static let tuningSystems = "one of " + TuningSystem.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")

    /// The record the device made, checked by the rules of every record (the core's validating
    /// initialisers, which the CSV import and the wasm core use too and the store's CHECKs
    /// mirror), and by the server's clock `now`: no earlier than 2000, no later than now and a
    /// few minutes.
    func validated(now: Timestamp) throws(Refusal) -> TrainingRecord {
        if let problem = problems.first { throw .invalid(problem) }
        func required<T>(_ value: T?, _ field: Field) throws(Refusal) -> T {
            guard let value else { throw .invalid("The field \(field.rawValue) is missing.") }
            return value
        }
        func absent(_ value: (some Any)?, _ field: Field, kind: String) throws(Refusal) {
            if value != nil { throw .invalid("The field \(field.rawValue) does not belong to a \(kind) record.") }
        }
        let type = try required(trainingType, .trainingType)
        guard type == CSVFormat.comparisonType || type == CSVFormat.pitchMatchingType else {
            throw .invalid(
                "The trainingType \"\(type.shownInMessage)\" is not known; expected \"\(CSVFormat.comparisonType)\" or \"\(CSVFormat.pitchMatchingType)\"."
            )
        }
        let milliseconds = try required(timestamp, .timestamp)
        let time = Timestamp(millisecondsSince1970: milliseconds)
        guard time >= Self.earliest else {
            throw .invalid("The timestamp \(milliseconds) is before 2000-01-01; the device's clock is wrong.")
        }
        guard milliseconds <= now.millisecondsSince1970 + SyncController.clockTolerance else {
            throw Refusal(
                code: .futureTimestamp,
                message:
                    "The timestamp \(time) is more than 5 minutes after the server's time (\(now)); check the device's clock."
            )
        }
        let reference = try note(try required(referenceNote, .referenceNote), .referenceNote)
        let target = try note(try required(targetNote, .targetNote), .targetNote)
        let systemName = try required(tuningSystem, .tuningSystem)
        guard let system = TuningSystem(rawValue: systemName) else {
            throw .invalid(
                "The tuningSystem \"\(systemName.shownInMessage)\" is not known; expected \(Self.tuningSystems).")
        }
        if type == CSVFormat.comparisonType {
            try absent(initialCentOffset, .initialCentOffset, kind: type)
            try absent(userCentError, .userCentError, kind: type)
            let offset = try required(centOffset, .centOffset)
            let correct = try required(isCorrect, .isCorrect)
            do {
                return .comparison(
                    try ComparisonRecord(
                        timestamp: time, referenceNote: reference, targetNote: target, tuningSystem: system,
                        centOffset: Cents(offset), isCorrect: correct))
            } catch {
                throw .invalid(error.description)
            }
        }
        try absent(centOffset, .centOffset, kind: type)
        try absent(isCorrect, .isCorrect, kind: type)
        let initial = try required(initialCentOffset, .initialCentOffset)
        let userError = try required(userCentError, .userCentError)
        do {
            return .pitchMatching(
                try PitchMatchingRecord(
                    timestamp: time, referenceNote: reference, targetNote: target, tuningSystem: system,
                    initialCentOffset: Cents(initial), userCentError: Cents(userError)))
        } catch {
            throw .invalid(error.description)
        }
    }

    private func note(_ value: Int, _ field: Field) throws(Refusal) -> MIDINote {
        guard let note = MIDINote(rawValue: value) else {
            throw .invalid("The \(field.rawValue) \(value) is out of range; a MIDI note is from 0 to 127.")
        }
        return note
    }
}
