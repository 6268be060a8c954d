import PeachCore

/// Why a sync upload (`POST /api/sync/records`, docs/api.md) refuses a record or the whole batch,
/// as data: each language words it (`ServerTexts.syncRefusal`), so that the reason a device
/// shows in its status line is in its user's language. Fields are named as the API names them.
public enum SyncRefusal: Error, Equatable, Sendable {
    /// The batch holds more records than one upload may.
    case tooManyRecords(count: Int, limit: Int)
    /// The record at `index` (from 0) has no id.
    case missingID(index: Int)
    /// The record at `index` has an id that is not a UUID in its canonical form.
    case malformedID(index: Int)
    /// A record with this id is already stored with other content.
    case conflict(id: String)
    /// A field of the wrong JSON type, and what it must be.
    case wrongType(field: String, expected: Expectation)
    /// A field no record has.
    case unknownField(String)
    case missingField(String)
    /// A field of the other training type.
    case foreignField(String, trainingType: String)
    case unknownTrainingType(String)
    /// A time before Peach existed: the device's clock is wrong.
    case beforeEarliest(milliseconds: Int64, earliest: Timestamp)
    /// A time more than `toleranceMinutes` after the server's clock `now`.
    case future(Timestamp, now: Timestamp, toleranceMinutes: Int)
    case noteOutOfRange(field: String, value: Int)
    case unknownTuningSystem(String)
    /// A rule every record follows, from the core's validating initialisers.
    case invalid(InvalidRecord)

    /// What a field's value must be.
    public enum Expectation: Sendable {
        case uuid, trainingType, milliseconds, midiNote, tuningSystem, cents, boolean
        /// A whole number of BPM.
        case tempo
        /// A duration in ms: a rhythm offset, negative for early.
        case offset
        /// A whole number of taps.
        case count
    }

    /// The reply's `code` (docs/api.md): the same in every language.
    public var code: String {
        switch self {
        case .tooManyRecords: "tooManyRecords"
        case .missingID, .malformedID: "malformedBody"
        case .conflict: "conflict"
        case .future: "futureTimestamp"
        case .wrongType, .unknownField, .missingField, .foreignField, .unknownTrainingType, .beforeEarliest,
            .noteOutOfRange, .unknownTuningSystem, .invalid:
            "invalidRecord"
        }
    }
}
