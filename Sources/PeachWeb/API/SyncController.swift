import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import PeachCore
import PeachStore
import PeachViews

/// The sync API (docs/api.md, docs/sync.md): a device that trained on its own uploads its records,
/// downloads the server's profile of every record, and exchanges settings, last writer wins.
///
/// - `POST /api/sync/records`: a batch of at most 1,000 records (1 MiB), each checked by the
///   core's rules, the accepted ones committed in one transaction before the reply;
///   idempotent by the device's record id; those made before the history's last reset
///   discarded.
/// - `GET /api/sync/profile`: the server's `ProfileSnapshot`, little-endian Float64, with its
///   version as the ETag; `304` for a device that holds that version (`If-None-Match`). The
///   upload's reply says the version before and after the batch, so that a device whose
///   records were the only change knows it holds the new one without downloading it.
/// - `POST /api/sync/settings`: the device's settings with when each changed; the later wins.
///   The reply also says when the history was last reset, so that every device learns of a
///   reset at its next sync.
struct SyncController: Sendable {
    let history: ServerHistory
    let localizer: Localizer
    let now: @Sendable () -> Date

    /// The most records in one upload: a batch is one transaction, and a device uploads 250 at
    /// a time (sync.js; docs/benchmarks.md has the cost of batches of 500).
    static let maximumRecords = 1_000
    /// The largest upload: 1,000 records of about 250 bytes fit with room to spare.
    static let recordsBodyLimit = 1 << 20
    /// How far ahead of the server's clock a device's clock may be: a record stamped later is
    /// refused (`futureTimestamp`), a setting's change stamped later counts as made now.
    static let clockTolerance: Int64 = 5 * 60 * 1000

    /// The request header that carries the device's clock when it sent an upload (milliseconds
    /// since 1970): the server's clock minus it is how far the device's clock is behind,
    /// measured with every batch (docs/sync.md, "Clocks").
    static let sentAtHeader = HTTPField.Name("Peach-Sent-At")!

    /// How many milliseconds the server's clock (`now`) is ahead of the device's, by the
    /// request's `Peach-Sent-At`; 0 without one, as if the clocks agreed. The request's time on
    /// the way adds to it: a few milliseconds, or seconds on a slow network, which counts an
    /// answer as made that much later.
    /// - Throws: a 400 `malformedHeader` for a value that is not 1 to 15 decimal digits.
    static func clockOffset(_ request: Request, now: Timestamp, texts: Texts) throws -> Int64 {
        guard let text = request.headers[sentAtHeader] else { return 0 }
        guard (1...15).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
            let sentAt = Int64(text)
        else {
            throw APIError(
                .badRequest, code: "malformedHeader",
                message: texts.server.errorMalformedTimeHeader(sentAtHeader.rawName.shownInMessage))
        }
        return now.millisecondsSince1970 - sentAt
    }

    /// The request header of the settings exchange that carries the id of the newest record
    /// this server accepted from the device (a UUID): the reply says whether the history still
    /// holds it (`lastAcceptedHeld`). A history brought back from an older copy lacks it, and
    /// the device offers every answer it holds again (docs/sync.md, "A restored or displaced
    /// history").
    static let lastAcceptedHeader = HTTPField.Name("Peach-Last-Accepted")!

    /// The record id of the request's `Peach-Last-Accepted`, or nil without one.
    /// - Throws: a 400 `malformedHeader` for a value that is not a UUID.
    static func lastAccepted(_ request: Request, texts: Texts) throws -> RecordID? {
        guard let text = request.headers[lastAcceptedHeader] else { return nil }
        guard let id = RecordID(text) else {
            throw APIError(
                .badRequest, code: "malformedHeader",
                message: texts.server.errorMalformedIDHeader(lastAcceptedHeader.rawName.shownInMessage))
        }
        return id
    }

    func addRoutes(to router: Router<PeachRequestContext>) {
        router.post(RouterPath(APIRoute.syncRecords.path), use: uploadRecords)
        router.get(RouterPath(APIRoute.syncProfile.path), use: profile)
        router.post(RouterPath(APIRoute.syncSettings.path), use: settings)
    }

    // MARK: Records

    struct UploadBody: Decodable {
        let records: [UploadedRecord]

        enum CodingKeys: String, CodingKey, CaseIterable { case records }

        init(from decoder: any Decoder) throws {
            try StrictDecoding.refuseUnknownKeys(decoder, allowed: CodingKeys.self)
            records = try decoder.container(keyedBy: CodingKeys.self).decode([UploadedRecord].self, forKey: .records)
        }
    }

    struct UploadReply: Encodable {
        struct Refused: Encodable {
            let id: String
            let code: String
            let message: String

            /// The record sent as `id`, refused for `reason`, worded in the request's language.
            init(_ id: String, _ reason: SyncRefusal, _ texts: Texts) {
                self.id = id
                code = reason.code
                message = texts.server.syncRefusal(reason)
            }
        }
        let accepted: [String]
        let refused: [Refused]
        /// Made before the history's last reset: not stored; the device drops them.
        let discarded: [String]
        /// The profile's version before and after this batch (`ServerHistory.ProfileChange`).
        let profileVersion: ServerHistory.ProfileChange
        /// How many times the history's records were all removed on purpose, as of this batch
        /// (`AppDatabase.historyRemovals`): the device keeps it with the last record accepted.
        let removals: Int64
    }

    @Sendable func uploadRecords(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let body = try await request.decodeJSON(UploadBody.self, limit: Self.recordsBodyLimit, texts: texts)
        // 400, not 413: the count is a rule of the body's schema (`maxItems`), which a client
        // checks like any other, not a limit of the transfer.
        guard body.records.count <= Self.maximumRecords else {
            throw APIError(.tooManyRecords(count: body.records.count, limit: Self.maximumRecords), texts)
        }
        let clock = Timestamp(now())
        let clockOffset = try Self.clockOffset(request, now: clock, texts: texts)
        var valid: [AppDatabase.SyncedRecord] = []
        var positions: [Int] = []  // The index in the batch of each record of `valid`.
        var sentIDs: [String] = []  // Every record's id as the device sent it.
        var refused: [Int: UploadReply.Refused] = [:]  // By index in the batch.
        for (index, uploaded) in body.records.enumerated() {
            guard let sent = uploaded.id, let id = uploaded.storedID else {
                throw APIError(uploaded.id == nil ? .missingID(index: index) : .malformedID(index: index), texts)
            }
            sentIDs.append(sent)
            do {
                valid.append(AppDatabase.SyncedRecord(id: id, record: try uploaded.validated(now: clock)))
                positions.append(index)
            } catch {
                refused[index] = UploadReply.Refused(sent, error, texts)
            }
        }
        let (outcome, profileChange, removals) = try await history.saveSyncedRecords(
            valid, clockOffset: clockOffset)
        for index in outcome.conflicting.map({ positions[$0] }) {
            refused[index] = UploadReply.Refused(sentIDs[index], .conflict(id: sentIDs[index].shownInMessage), texts)
        }
        let accepted = (outcome.stored + outcome.alreadyStored).map { positions[$0] }.sorted()
        return try JSONResponse.make(
            UploadReply(
                accepted: accepted.map { sentIDs[$0] },
                refused: refused.sorted { $0.key < $1.key }.map(\.value),
                discarded: outcome.discarded.map { sentIDs[positions[$0]] }, profileVersion: profileChange,
                removals: removals))
    }

    // MARK: Profile

    /// The snapshot, or `304` (nothing downloaded) when the device holds its version: a device
    /// syncs after every few answers, and the snapshot of a long history is hundreds of KB
    /// (docs/benchmarks.md). `no-store`: the device keeps it itself.
    @Sendable func profile(request: Request, context: PeachRequestContext) async throws -> Response {
        let current = try await history.profileVersion()
        if EntityTag.matches(request.headers[.ifNoneMatch], Self.entityTag(current)) {
            return Response(
                status: .notModified, headers: [.eTag: Self.entityTag(current), .cacheControl: "no-store"])
        }
        let (version, numbers) = try await history.profileSnapshot()
        var buffer = ByteBuffer()
        buffer.reserveCapacity(numbers.count * 8)
        for number in numbers { buffer.writeInteger(number.bitPattern, endianness: .little) }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/octet-stream", .cacheControl: "no-store", .eTag: Self.entityTag(version),
            ],
            body: ResponseBody(byteBuffer: buffer))
    }

    /// A profile version as an ETag.
    static func entityTag(_ version: String) -> String { "\"\(version)\"" }

    // MARK: Settings

    struct SettingsBody: Decodable {
        let settings: [String: Setting]

        enum CodingKeys: String, CodingKey, CaseIterable { case settings }

        init(from decoder: any Decoder) throws {
            try StrictDecoding.refuseUnknownKeys(decoder, allowed: CodingKeys.self)
            settings = try decoder.container(keyedBy: CodingKeys.self).decode([String: Setting].self, forKey: .settings)
        }

        /// One setting: its value in text form, and when it was changed on the device.
        struct Setting: Decodable {
            let value: SettingsController.SettingValue
            let changedAt: Int64

            enum CodingKeys: String, CodingKey, CaseIterable { case value, changedAt }

            init(from decoder: any Decoder) throws {
                try StrictDecoding.refuseUnknownKeys(decoder, allowed: CodingKeys.self)
                let container = try decoder.container(keyedBy: CodingKeys.self)
                value = try container.decode(SettingsController.SettingValue.self, forKey: .value)
                changedAt = try container.decode(Int64.self, forKey: .changedAt)
            }
        }
    }

    struct SettingsReply: Encodable {
        struct Setting: Encodable {
            let value: String
            let changedAt: Int64
        }
        struct Refused: Encodable {
            let key: String
            let message: String
        }
        let settings: [String: Setting]
        let refused: [Refused]
        /// When the history was last reset (milliseconds since 1970, the server's clock), or 0 if
        /// never: the device drops every answer it holds that was made before.
        let resetAt: Int64
        /// The server's clock when it answered (milliseconds since 1970): the device measures
        /// how far its own clock is off, for the reset and for its settings' changes.
        let serverTime: Int64
        /// The history's identity (`ServerHistory.historyID`): a device that synced with
        /// another offers every answer it holds again.
        let historyID: String
        /// Whether the history holds the record named by the request's `Peach-Last-Accepted`;
        /// absent without that header. A device told `false` offers every answer it holds again,
        /// unless `removals` grew since that record was accepted (a reset or a replacing import
        /// removed it) or it forgot that record itself (made before `resetAt`).
        let lastAcceptedHeld: Bool?
        /// How many times the history's records were all removed on purpose
        /// (`AppDatabase.historyRemovals`).
        let removals: Int64
    }

    @Sendable func settings(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let body = try await request.decodeJSON(SettingsBody.self, texts: texts)
        let lastAccepted = try Self.lastAccepted(request, texts: texts)
        try SettingsController.checkLengths(body.settings.mapValues(\.value.text), texts: texts)
        if let (key, _) = body.settings.sorted(by: { $0.key < $1.key }).first(where: { $0.value.changedAt < 0 }) {
            throw APIError.malformedField(key, texts)
        }
        // A device stamps its changes on the server's clock as it last measured it (`serverTime`
        // below; docs/sync.md, "Clocks"). A change stamped beyond the tolerance comes from a
        // clock never measured, and wrong: taken at its word, a device set to 2100 would win over
        // every later change on every device until then. It counts as made now, and the device
        // adopts that stamp from this reply.
        let now = Timestamp(now()).millisecondsSince1970
        let (merged, refused) = try await history.applySyncedSettings(
            body.settings.mapValues {
                SyncedSettings.Change(
                    value: $0.value.text, changedAt: $0.changedAt > now + Self.clockTolerance ? now : $0.changedAt)
            })
        let resetAt = try await history.historyResetAt()
        var lastAcceptedHeld: Bool?
        if let lastAccepted { lastAcceptedHeld = try await history.holdsRecord(lastAccepted) }
        let removals = try await history.historyRemovals()
        return try JSONResponse.make(
            SettingsReply(
                settings: merged.settings.values.reduce(into: [:]) { result, entry in
                    result[entry.key] = .init(value: entry.value, changedAt: merged.changedAt(entry.key))
                },
                // An unknown key is echoed cut to 40 characters, like every text from the request.
                refused: refused.map { .init(key: $0.key.shownInMessage, message: APIError($0.error, texts).message) },
                resetAt: resetAt?.millisecondsSince1970 ?? 0, serverTime: now, historyID: history.historyID,
                lastAcceptedHeld: lastAcceptedHeld, removals: removals))
    }
}
