import Foundation
import Hummingbird
import Logging
import PeachCore
import PeachStore
import PeachViews

/// `GET /api/export`, `POST /api/import?mode=merge|replace`, `POST /api/import/confirm` and
/// `POST /api/reset` (docs/api.md).
struct DataController: Sendable {
    let database: AppDatabase
    let history: ServerHistory
    let importer: CSVImporter
    let localizer: Localizer
    let now: @Sendable () -> Date

    func addRoutes(to router: Router<PeachRequestContext>) {
        router.get(RouterPath(APIRoute.export.path), use: export)
        router.post(RouterPath(APIRoute.import.path), use: importCSV)
        router.post(RouterPath(APIRoute.importConfirm.path), use: confirmImport)
        router.post(RouterPath(APIRoute.reset.path), use: reset)
    }

    /// Streams the CSV as the store writes it (64 KiB chunks from one read transaction), so a
    /// large export never sits in memory whole. A failure half-way aborts the download rather
    /// than ending it early, so a truncated file never looks complete.
    @Sendable func export(request: Request, context: PeachRequestContext) async throws -> Response {
        let (chunks, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let database = self.database
        let logger = context.logger
        Task.detached {
            do {
                try database.exportCSV { chunk in
                    if !chunk.isEmpty { continuation.yield(ByteBuffer(string: chunk)) }
                }
                continuation.finish()
            } catch {
                logger.error("Export failed: \(String(describing: error))")
                continuation.finish(throwing: error)
            }
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/csv; charset=utf-8", .cacheControl: "no-store",
                .contentDisposition:
                    "attachment; filename=\"peach-export-\(CalendarDay(Timestamp(now())).isoText).csv\"",
            ],
            body: ResponseBody(asyncSequence: chunks))
    }

    /// Reads the CSV as it arrives, checking each row then, so that a large upload is never
    /// held whole (only its records are); a replace that deletes records answers 202 with what
    /// it deletes and the token that confirms it (`confirmImport`).
    @Sendable func importCSV(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let modeName = request.uri.queryParameters.get("mode") ?? ImportMode.merge.rawValue
        guard let mode = ImportMode(rawValue: modeName) else {
            throw APIError(
                .badRequest, code: "unknownMode", message: texts.server.errorUnknownImportMode(modeName.shownInMessage)
            )
        }
        let file = try await Self.readCSV(request, texts: texts)
        return try reply(await importer.importCSV(file, mode: mode), texts: texts)
    }

    /// The body as a checked CSV file, read piece by piece within `Request.csvBodyLimit`.
    static func readCSV(_ request: Request, texts: Texts) async throws -> CSVFile {
        guard request.mediaType == "text/csv" else {
            throw APIError.unsupportedMediaType(
                expected: "text/csv", received: request.headers[.contentType] ?? "", texts)
        }
        let limit = Request.csvBodyLimit
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError.bodyTooLarge(limit: limit, texts)
        }
        var reader = CSVFile.Reader()
        var received = 0
        var refusal: CSVError?
        for try await piece in request.body {
            received += piece.readableBytes
            guard received <= limit else { throw APIError.bodyTooLarge(limit: limit, texts) }
            // After a refusal the rest is still read (not parsed): a browser that is cut off
            // mid-upload reports a network error instead of the reason.
            guard refusal == nil else { continue }
            do throws(CSVError) {
                try reader.read(piece.readableBytesView)
            } catch {
                refusal = error
            }
        }
        do throws(CSVError) {
            if let refusal { throw refusal }
            return try reader.finish()
        } catch {
            throw APIError(.unprocessableContent, code: "invalidCSV", message: texts.invalidCSV(error))
        }
    }

    /// `{"token": "…", "confirm": true}` does the replace the token names; `"confirm": false`
    /// backs out, and nothing is changed.
    @Sendable func confirmImport(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let body = try await request.decodeJSON(ConfirmBody.self, texts: texts)
        guard body.confirm else {
            await importer.cancel(body.token)
            return try JSONResponse.make(["message": texts.server.importCancelled])
        }
        return try reply(await importer.confirm(body.token), texts: texts)
    }

    private func reply(_ outcome: CSVImporter.Outcome, texts: Texts) throws -> Response {
        switch outcome {
        case .imported(let summary):
            return try JSONResponse.make(
                ImportReply(
                    summary: .init(
                        added: summary.added, skippedDuplicates: summary.skippedDuplicates, replaced: summary.replaced),
                    message: texts.server.importSucceeded(summary.added, summary.skippedDuplicates)))
        case .needsConfirmation(let token, let question, let changed):
            let details = texts.replaceDetails(stored: question.stored, importing: question.importing)
            return try JSONResponse.make(
                ConfirmationReply(
                    confirmation: .init(
                        token: token,
                        deleting: .init(
                            records: question.stored.total, first: question.stored.first.map { $0.isoText },
                            last: question.stored.last.map { $0.isoText }),
                        importing: question.importing, changedSinceAsked: changed),
                    message: changed ? texts.server.importReplaceChanged + " " + details : details),
                status: .accepted)
        case .noLongerWaiting:
            throw APIError(.gone, code: "noPendingImport", message: texts.noPendingImport)
        }
    }

    struct ImportReply: Encodable {
        struct Summary: Encodable {
            let added: Int
            let skippedDuplicates: Int
            /// Records deleted by a replace.
            let replaced: Int
        }
        let summary: Summary
        let message: String
    }

    /// A replace waiting for `POST /api/import/confirm`: nothing has changed yet.
    struct ConfirmationReply: Encodable {
        struct Confirmation: Encodable {
            struct Deleting: Encodable {
                let records: Int
                let first: String?
                let last: String?
            }
            let token: String
            let deleting: Deleting
            let importing: Int
            let changedSinceAsked: Bool
        }
        let confirmation: Confirmation
        let message: String
    }

    /// `{"token": "…", "confirm": true|false}`; any other key is a 400.
    struct ConfirmBody: Decodable {
        let token: String
        let confirm: Bool

        enum CodingKeys: String, CodingKey, CaseIterable {
            case token, confirm
        }

        init(from decoder: any Decoder) throws {
            try StrictDecoding.refuseUnknownKeys(decoder, allowed: CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            token = try container.decode(String.self, forKey: .token)
            confirm = try container.decode(Bool.self, forKey: .confirm)
        }
    }

    /// `{"confirm": true}`; any other key is a 400.
    struct ResetBody: Decodable {
        let confirm: Bool

        enum CodingKeys: String, CodingKey, CaseIterable {
            case confirm
        }

        init(from decoder: any Decoder) throws {
            try StrictDecoding.refuseUnknownKeys(decoder, allowed: CodingKeys.self)
            confirm = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .confirm)
        }
    }

    @Sendable func reset(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let body = try await request.decodeJSON(ResetBody.self, texts: texts)
        guard body.confirm else {
            throw APIError(.badRequest, code: "malformedBody", message: texts.server.errorResetNotConfirmed)
        }
        let deleted = try await history.deleteAllTrainingData()
        return try JSONResponse.make(["deleted": deleted])
    }
}
