import HTTPTypes
import Hummingbird
import NIOCore

/// Compresses a reply as it is sent — pages, JSON replies, the profile summary — in the best
/// coding the client takes (`Accept-Encoding`: Brotli, else gzip), and says `Vary:
/// Accept-Encoding` so that a cache keeps the codings apart.
///
/// Left as they are: replies their handler compressed already (they say `Vary:
/// Accept-Encoding`: the assets and the sound index, compressed once at their best), bodies of
/// unknown length (the CSV export is streamed), small ones (under 512 bytes a coding saves a few
/// dozen), and types that are compressed already (images, sounds).
///
/// Outside every middleware but the timing, so that error pages and replies are compressed too,
/// and the time spent compressing shows in `Server-Timing`.
struct ResponseCompressionMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext

    static let minimumBytes = 512
    /// Larger bodies are sent as they are rather than held twice in memory.
    static let maximumBytes = 8 << 20

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        guard response.headers[.contentEncoding] == nil,
            !(response.headers[.vary]?.contains("Accept-Encoding") ?? false),
            ContentCoding.compresses(contentType: response.headers[.contentType]),
            let length = response.body.contentLength, (Self.minimumBytes...Self.maximumBytes).contains(length)
        else { return response }
        response.headers[.vary] = [response.headers[.vary], "Accept-Encoding"].compactMap { $0 }.joined(separator: ", ")
        guard
            let coding = ContentCoding.negotiate(request.headers[.acceptEncoding], available: ContentCoding.allCases)
        else { return response }
        let body = try await Self.collect(response.body)
        guard let encoded = coding.encode(body.readableBytesView, effort: .fast), encoded.count < body.readableBytes
        else {
            response.body = ResponseBody(byteBuffer: body)
            return response
        }
        response.headers[.contentEncoding] = coding.rawValue
        response.headers[.contentLength] = String(encoded.count)
        if let etag = response.headers[.eTag] { response.headers[.eTag] = EntityTag.weak(etag) }
        response.body = ResponseBody(byteBuffer: ByteBuffer(bytes: encoded))
        return response
    }

    /// The whole body of a reply (of known, bounded length).
    static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = Collector()
        try await body.write(collector)
        return collector.buffer
    }

    /// A body writer that keeps what is written.
    private final class Collector: ResponseBodyWriter {
        var buffer = ByteBuffer()

        func write(_ buffer: ByteBuffer) async throws {
            self.buffer.writeImmutableBuffer(buffer)
        }

        func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
