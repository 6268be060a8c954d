import Foundation
import Hummingbird
import NIOCore
import PeachCore
import PeachViews

/// Reading request bodies within limits: the expected media type (else 415) and at most `limit`
/// bytes (else 413), before anything is parsed.
extension Request {
    /// The JSON API's limit on a request body.
    static let jsonBodyLimit = 64 * 1024
    /// The limit on a CSV import.
    static let csvBodyLimit = 64 * 1024 * 1024

    /// The media type of the body, without parameters, lowercased (`application/json`).
    var mediaType: String? {
        headers[.contentType].map {
            $0.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
                ?? ""
        }
    }

    /// The whole body, if it has one of the accepted media types and fits the limit.
    func body(accepting mediaTypes: [String], limit: Int, texts: Texts) async throws -> Data {
        guard let mediaType, mediaTypes.contains(mediaType) else {
            throw APIError.unsupportedMediaType(expected: mediaTypes[0], received: headers[.contentType] ?? "", texts)
        }
        if let length = headers[.contentLength].flatMap(Int.init), length > limit {
            throw APIError.bodyTooLarge(limit: limit, texts)
        }
        do {
            let buffer = try await body.collect(upTo: limit)
            return Data(buffer.readableBytesView)
        } catch is NIOTooManyBytesError {
            throw APIError.bodyTooLarge(limit: limit, texts)
        }
    }

    /// The body decoded from JSON; a body that is not JSON, or a field of the wrong type,
    /// is a 400 `malformedBody` naming the field.
    func decodeJSON<Value: Decodable>(_ type: Value.Type, limit: Int = jsonBodyLimit, texts: Texts) async throws
        -> Value
    {
        let data = try await body(accepting: ["application/json"], limit: limit, texts: texts)
        // JSON between systems is UTF-8 (RFC 8259 §8.1). JSONDecoder would also guess UTF-16 and
        // UTF-32 from the bytes; those always hold a zero byte (JSON's structure is ASCII),
        // which UTF-8 JSON never does (control characters in strings must be escaped).
        guard !data.contains(0), String(validating: data, as: UTF8.self) != nil else {
            throw APIError.malformedJSON(texts)
        }
        do {
            let value = try JSONDecoder().decode(type, from: data)
            switch StrictDecoding.leniency(in: data) {
            case .repeatedKey(let name):
                throw APIError(
                    .badRequest, code: "malformedBody", message: texts.server.errorRepeatedField(name.shownInMessage))
            case .trailingComma:
                throw APIError.malformedJSON(texts)
            case nil:
                return value
            }
        } catch let error as APIError {
            throw error
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            guard let field = context.codingPath.first?.stringValue else {
                throw APIError(.badRequest, code: "malformedBody", message: texts.server.errorNotAnObject)
            }
            throw APIError.malformedField(field, texts)
        } catch DecodingError.keyNotFound(let key, _) {
            throw APIError.malformedField(key.stringValue, texts)
        } catch DecodingError.dataCorrupted(let context) {
            guard let field = context.codingPath.first?.stringValue else { throw APIError.malformedJSON(texts) }
            throw APIError.malformedField(field, texts)
        } catch {
            throw APIError.malformedJSON(texts)
        }
    }
}
