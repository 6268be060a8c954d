import Foundation
import HTTPTypes
import Hummingbird
import PeachCore

/// Adds `Server-Timing: app;dur=MILLISECONDS` (W3C Server Timing) to every response: the time
/// from the request reaching the router to its response being handed back for writing —
/// reading the body, the work and the encoding included. Browsers show it in their developer
/// tools; the benchmarks (docs/benchmarks.md) read it as the server's own time, free of the
/// client's and the network's.
///
/// The outermost middleware, so that it times the others too; the one inside it has already
/// turned every error into a response.
struct ServerTimingMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext

    static let header = HTTPField.Name("Server-Timing")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        let (seconds, attoseconds) = (ContinuousClock.now - start).components
        let milliseconds = Double(seconds) * 1000 + Double(attoseconds) / 1e15
        response.headers[Self.header] = "app;dur=" + DecimalText.fixed(milliseconds, fractionDigits: 3)
        return response
    }
}
