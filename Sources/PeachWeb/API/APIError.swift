import Foundation
import Hummingbird
import PeachCore
import PeachStore
import PeachViews

/// A refused API request: a 4xx with `{"error": {"code", "message"}}` (docs/api.md), the message
/// in the request's language. Nothing is stored when one is thrown.
public struct APIError: Error, HTTPResponseError, Sendable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    /// Headers the status calls for, such as a 405's `Allow`.
    public let headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try JSONResponse.make(Body(error: .init(code: code, message: message)), status: status)
        response.headers.append(contentsOf: headers)
        return response
    }

    private struct Body: Encodable {
        struct Detail: Encodable {
            let code: String
            let message: String
        }
        let error: Detail
    }

    static func malformedJSON(_ texts: Texts) -> APIError {
        APIError(.badRequest, code: "malformedBody", message: texts.server.errorMalformedJSON)
    }

    static func malformedField(_ field: String, _ texts: Texts) -> APIError {
        APIError(.badRequest, code: "malformedBody", message: texts.server.errorMalformedField(field.shownInMessage))
    }

    static func bodyTooLarge(limit: Int, _ texts: Texts) -> APIError {
        let size = limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit >> 10) KiB"
        return APIError(.contentTooLarge, code: "bodyTooLarge", message: texts.server.errorBodyTooLarge(size))
    }

    /// The database file is no longer the file at its path (`StoreError.databaseMoved`), or was
    /// overwritten in place (`databaseOverwritten`): 503, nothing more is stored until the
    /// server is restarted.
    static func databaseDisplaced(_ error: StoreError, _ texts: Texts) -> APIError {
        if case .databaseMoved(_, let kept) = error {
            return APIError(.serviceUnavailable, code: "databaseMoved", message: texts.server.errorDatabaseMoved(kept))
        }
        return APIError(
            .serviceUnavailable, code: "databaseOverwritten", message: texts.server.errorDatabaseOverwritten)
    }

    /// The database's disk is full: 507 Insufficient Storage (RFC 4918 §11.5), nothing stored.
    static func diskFull(_ texts: Texts) -> APIError {
        APIError(
            HTTPResponse.Status(code: 507, reasonPhrase: "Insufficient Storage"), code: "diskFull",
            message: texts.server.errorDiskFull)
    }

    static func unsupportedMediaType(expected: String, received: String, _ texts: Texts) -> APIError {
        APIError(
            .unsupportedMediaType, code: "unsupportedMediaType",
            message: texts.server.errorUnsupportedMediaType(expected, received))
    }

    /// A sync upload refused as a whole (`tooManyRecords`, a record without a UUID id): a 400,
    /// nothing stored.
    init(_ refusal: SyncRefusal, _ texts: Texts) {
        self.init(.badRequest, code: refusal.code, message: texts.server.syncRefusal(refusal))
    }

    /// The API's form of a refused setting: the setting's name, the value and what is allowed,
    /// in the request's language (`Texts.refusal`).
    init(_ error: SettingsError, _ texts: Texts) {
        if case .unknownSetting = error {
            self.init(.badRequest, code: "malformedBody", message: texts.refusal(error))
        } else {
            self.init(.unprocessableContent, code: "outOfRange", message: texts.refusal(error))
        }
    }
}

/// JSON bodies of the API: UTF-8, keys sorted, so the same value gives the same bytes.
enum JSONResponse {
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try encoder.encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
