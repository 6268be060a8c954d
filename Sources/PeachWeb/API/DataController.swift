import Foundation
import Hummingbird
import Logging
import PeachCore
import PeachStore

/// `GET /api/export`, `POST /api/import?mode=merge|replace` and `POST /api/reset` (docs/api.md).
struct DataController: Sendable {
    let database: AppDatabase
    let training: TrainingService
    let localizer: Localizer
    let now: @Sendable () -> Date

    func addRoutes(to group: RouterGroup<PeachRequestContext>) {
        group.get("export", use: export)
        group.post("import", use: importCSV)
        group.post("reset", use: reset)
    }

    /// Streams the CSV as the store writes it (64 KiB chunks from one read transaction), so a
    /// large export never sits in memory whole. A failure half-way aborts the download rather
    /// than ending it early, so a truncated file never looks complete.
    @Sendable func export(request: Request, context: PeachRequestContext) async throws -> Response {
        let (chunks, continuation) = AsyncThrowingStream<ByteBuffer, any Error>.makeStream()
        let database = self.database
        let logger = context.logger
        Task.detached {
            var output = ChunkOutput(continuation: continuation)
            do {
                try database.exportCSV(to: &output)
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
                .contentDisposition: "attachment; filename=\"peach-export-\(CalendarDay(now()).isoText).csv\"",
            ],
            body: ResponseBody(asyncSequence: chunks))
    }

    /// Hands each piece of text the store writes to the response as it comes.
    struct ChunkOutput: TextOutputStream {
        let continuation: AsyncThrowingStream<ByteBuffer, any Error>.Continuation

        mutating func write(_ string: String) {
            guard !string.isEmpty else { return }
            continuation.yield(ByteBuffer(string: string))
        }
    }

    @Sendable func importCSV(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let modeName = request.uri.queryParameters.get("mode") ?? ImportMode.merge.rawValue
        guard let mode = ImportMode(rawValue: modeName) else {
            throw APIError(
                .badRequest, code: "unknownMode", message: texts.errorUnknownImportMode(APIError.shown(modeName)))
        }
        let data = try await request.body(accepting: ["text/csv"], limit: Request.csvBodyLimit, texts: texts)
        let summary: ImportSummary
        do {
            summary = try await training.importCSV(data, mode: mode)
        } catch let error as CSVError {
            throw APIError(.unprocessableContent, code: "invalidCSV", message: texts.invalidCSV(error))
        }
        return try JSONResponse.make(
            ImportReply(
                summary: .init(
                    added: summary.added, skippedDuplicates: summary.skippedDuplicates,
                    skippedRhythm: summary.skippedRhythmRows),
                message: texts.importSucceeded(summary.added, summary.skippedDuplicates, summary.skippedRhythmRows)))
    }

    struct ImportReply: Encodable {
        struct Summary: Encodable {
            let added: Int
            let skippedDuplicates: Int
            let skippedRhythm: Int
        }
        let summary: Summary
        let message: String
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
            throw APIError(.badRequest, code: "malformedBody", message: texts.errorResetNotConfirmed)
        }
        let deleted = try await training.deleteAllTrainingData()
        return try JSONResponse.make(["deleted": deleted])
    }
}
