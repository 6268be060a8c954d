import HTTPTypes
import Hummingbird

/// Adds the security headers to every response — pages, assets, API replies, errors and 404s:
/// a Content-Security-Policy that allows only Peach's own files (no inline script or style, no
/// framing), `X-Content-Type-Options: nosniff`, `Referrer-Policy: same-origin` and
/// `Cross-Origin-Opener-Policy: same-origin`.
///
/// Outside all others but the timing, so it also sees the errors the others throw: it turns
/// them into their responses here to add the headers.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext

    /// Peach's pages use only their own scripts, stylesheet and icons (`data:` for SVG images
    /// drawn by CSS), talk only to their own server and are never framed. `wasm-unsafe-eval`
    /// lets them compile the wasm core (CSP Level 3); it allows no JavaScript `eval`.
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "style-src 'self'", "img-src 'self' data:",
        "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let headers: [(HTTPField.Name, String)] = [
        (.contentSecurityPolicy, contentSecurityPolicy),
        (.xContentTypeOptions, "nosniff"),
        (HTTPField.Name("Referrer-Policy")!, "same-origin"),
        (HTTPField.Name("Cross-Origin-Opener-Policy")!, "same-origin"),
    ]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        for (name, value) in Self.headers {
            response.headers[name] = value
        }
        return response
    }
}
