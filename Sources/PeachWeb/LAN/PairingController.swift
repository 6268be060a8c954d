import Foundation
import Hummingbird
import PeachStore
import PeachViews

/// `GET /pair?code=…` and `POST /pair`: the link a device opens from `peach serve --lan`.
///
/// Opening the link only shows a confirmation page with a button; pressing it posts the code
/// and pairs. So a link preview or prefetcher (messengers, browsers' speculative loads) that
/// fetches the URL cannot use up the code before the person does.
struct PairingController: Sendable {
    let database: AppDatabase
    let pairing: PairingCodes
    let localizer: Localizer
    let now: @Sendable () -> Date
    /// Whether the pages offer Peach's certificate authority (`PairingPage.offersAuthority`).
    var offersAuthority = false

    func addRoutes(to router: Router<PeachRequestContext>) {
        router.get(RouterPath(PageRoute.pair.path), use: confirm)
        router.post(RouterPath(PageRoute.pair.path), use: pair)
    }

    @Sendable func confirm(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let code = request.uri.queryParameters.get("code") ?? ""
        // Looking a code up tells whether it is valid, so it counts as a guess as well.
        switch await pairing.attempt(code, from: ClientAddressClassifier.key(of: context.remoteAddress), consume: false)
        {
        case .valid:
            return PageController.html(
                PairingPage(texts: texts, state: .confirm(code: code), offersAuthority: offersAuthority).render())
        case .wrong: return Self.refusal(.usedOrExpired, texts: texts, offersAuthority: offersAuthority)
        case .tooMany: return Self.refusal(.tooManyAttempts, texts: texts)
        }
    }

    @Sendable func pair(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let fields = try await PageController.formFields(request, texts: texts)
        let code = fields.first { $0.0 == "code" }?.1 ?? ""
        switch await pairing.attempt(code, from: ClientAddressClassifier.key(of: context.remoteAddress), consume: true)
        {
        case .valid: break
        case .wrong: return Self.refusal(.usedOrExpired, texts: texts, offersAuthority: offersAuthority)
        case .tooMany: return Self.refusal(.tooManyAttempts, texts: texts)
        }
        let token = SessionToken.random()
        _ = try await database.addDevice(
            name: DeviceName(userAgent: request.headers[.userAgent]).text, tokenHash: SessionToken.hash(token.text),
            at: now())
        var response = Response.redirect(to: PageRoute.start.path, type: .normal)
        response.headers[.setCookie] = token.setCookie(secure: request.isHTTPS)
        return response
    }

    /// A used or expired code is gone (410); too many wrong codes is a 429 that says when to try
    /// again (`PairingAttempts.window`).
    static func refusal(_ state: PairingPage.State, texts: Texts, offersAuthority: Bool = false) -> Response {
        guard state == .tooManyAttempts else {
            return PageController.html(
                PairingPage(texts: texts, state: state, offersAuthority: offersAuthority).render(), status: .gone)
        }
        var response = PageController.html(PairingPage(texts: texts, state: state).render(), status: .tooManyRequests)
        response.headers[.retryAfter] = String(Int(PairingAttempts.window))
        return response
    }
}
