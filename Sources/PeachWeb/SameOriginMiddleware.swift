import HTTPTypes
import Hummingbird

/// Refuses writes (POST, PUT, DELETE, PATCH) that a browser says come from another site, so
/// that no web page can post the plain settings or reset forms to a Peach running on this
/// machine (cross-site request forgery). The JSON endpoints are also protected by CORS
/// preflight, since their content types are not the ones a plain form can send; this check
/// covers the form endpoints and adds depth.
///
/// Uses `Sec-Fetch-Site` where the browser sends it, else compares `Origin` with `Host`;
/// requests without either (curl, scripts, tests) pass.
struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext
    let localizer: Localizer

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard [.get, .head, .options].contains(request.method) || Self.isSameOrigin(request) else {
            let texts = await localizer.texts(for: request)
            throw APIError(.forbidden, code: "crossSiteRequest", message: texts.errorCrossSite)
        }
        return try await next(request, context)
    }

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!

    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[Self.secFetchSite] {
            return site == "same-origin" || site == "none"
        }
        if let origin = request.headers[.origin] {
            guard let host = request.head.authority else { return false }
            return origin.split(separator: "/").dropFirst(1).first { !$0.isEmpty }.map(String.init) == host
        }
        return true
    }
}
