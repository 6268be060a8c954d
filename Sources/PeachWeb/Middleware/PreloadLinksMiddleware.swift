import HTTPTypes
import Hummingbird

/// Sends the assets' preload links (`Assets.preloadLinks`: the wasm core and app.js's modules)
/// with every HTML page as a `Link` header, so that a first visit asks for them all with the
/// page instead of one import level after another. Pages the device renders itself are swapped
/// into a document that has them already.
struct PreloadLinksMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext

    static let link = HTTPField.Name("Link")!

    let links: String

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        if !links.isEmpty, response.headers[.contentType]?.hasPrefix("text/html") == true {
            response.headers[Self.link] = links
        }
        return response
    }
}
