import HTTPTypes
import Hummingbird

extension Request {
    /// Whether the request came over TLS (`RequestSchemeHandler` sets the scheme).
    var isHTTPS: Bool { head.scheme == "https" }
}

/// With HTTPS on the network, a plain-HTTP request from another device is answered with a
/// `308 Permanent Redirect` to the same address over HTTPS (308 keeps the method and body,
/// for a form too). A local client (`ClientAddressClassifier`: loopback) stays on plain HTTP:
/// it is this computer, and browsers count loopback as a secure context.
///
/// Only a `Host` Peach answers to is redirected (the others are refused further on), so the
/// redirect cannot send anyone to another site.
struct HTTPSRedirectMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext
    let allowedHosts: AllowedHosts
    let clients: ClientAddressClassifier

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard !request.isHTTPS, !clients.isLocal(context.remoteAddress), let authority = request.head.authority,
            allowedHosts.allows(host: authority), request.headers[SameOriginMiddleware.host] == nil
        else {
            return try await next(request, context)
        }
        return Response(
            status: .permanentRedirect,
            headers: [.location: "https://\(authority)\(request.head.path ?? "/")", .cacheControl: "no-store"])
    }
}
