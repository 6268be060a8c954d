import HTTPTypes
import Hummingbird
import PeachViews

/// Accepts requests only on Peach's own addresses, and writes only from Peach's own pages.
///
/// 0. A request with more than one `Host` is malformed (RFC 9112 §3.2: a server must answer it
///    with 400): HTTP's parser keeps the first as the request's authority, but a proxy or cache
///    in front might read another, so neither can be trusted.
/// 1. Every request's `Host` must be one of `allowedHosts` (else 403 `unknownHost`): a page on
///    another name that resolves to this machine (DNS rebinding) cannot read or change anything.
/// 2. A write (POST, PUT, DELETE, PATCH) must come from the same origin (else 403
///    `crossSiteRequest`), so that no web page can post the plain settings or reset forms to a
///    Peach running on this machine (cross-site request forgery):
///    - `Origin`, when sent (browsers send it on every such request), must be this request's own
///      `http(s)://Host`;
///    - `Sec-Fetch-Site`, when sent, must be `same-origin` or `none` (typed by the user);
///    - without `Origin`, a `Referer`, when sent, must be on this request's own `Host`.
///    A request with none of them does not come from a web page (curl, scripts) and passes.
/// 3. So must every API request, reads too: the API reads the whole training history
///    (`/api/sync/profile`, `/api/export`), and no other site has any business with it. Pages
///    stay readable from links anywhere.
///
/// The JSON endpoints are also protected by their content type (a plain form cannot send
/// `application/json`, so a browser asks first, and Peach answers no CORS preflight).
struct SameOriginMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext
    let localizer: Localizer
    let allowedHosts: AllowedHosts

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        // The first `Host` became `authority`; any further one is left among the fields.
        guard request.headers[Self.host] == nil else {
            let texts = await localizer.texts(for: request)
            throw APIError(.badRequest, code: "malformedRequest", message: texts.server.errorMalformedRequest)
        }
        guard allowedHosts.allows(host: request.head.authority) else {
            let texts = await localizer.texts(for: request)
            throw APIError(.forbidden, code: "unknownHost", message: texts.server.errorUnknownHost)
        }
        let isPageRead = [.get, .head, .options].contains(request.method) && !RequestPath(request).isAPI
        guard isPageRead || Self.isSameOrigin(request) else {
            let texts = await localizer.texts(for: request)
            throw APIError(.forbidden, code: "crossSiteRequest", message: texts.server.errorCrossSite)
        }
        return try await next(request, context)
    }

    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let host = HTTPField.Name("Host")!

    /// Whether a request comes from a page of the same origin (or from no web page at all).
    static func isSameOrigin(_ request: Request) -> Bool {
        let host = request.head.authority?.lowercased() ?? ""
        if let site = request.headers[Self.secFetchSite], site != "same-origin", site != "none" {
            return false
        }
        if let origin = request.headers[.origin] {
            return Self.authority(ofOrigin: origin) == host
        }
        if let referer = request.headers[.referer] {
            return Self.authority(ofOrigin: referer) == host
        }
        return true
    }

    /// The `host[:port]` of an `http` or `https` origin or URL, lowercased; nil for anything
    /// else (`null`, `file://…`, garbage).
    static func authority(ofOrigin origin: String) -> String? {
        let lowered = origin.lowercased()
        let rest: Substring
        if lowered.hasPrefix("http://") {
            rest = lowered.dropFirst("http://".count)
        } else if lowered.hasPrefix("https://") {
            rest = lowered.dropFirst("https://".count)
        } else {
            return nil
        }
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard !authority.isEmpty, !authority.contains("@") else { return nil }
        return String(authority)
    }
}
