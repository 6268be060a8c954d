import Foundation
import Hummingbird
import PeachStore

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

    func addRoutes(to router: Router<PeachRequestContext>) {
        router.get(RouterPath(PageRoute.pair.path), use: confirm)
        router.post(RouterPath(PageRoute.pair.path), use: pair)
    }

    @Sendable func confirm(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let code = request.uri.queryParameters.get("code") ?? ""
        guard await pairing.isValid(code) else {
            return PageController.html(PairingPage(texts: texts, state: .usedOrExpired).render(), status: .gone)
        }
        return PageController.html(PairingPage(texts: texts, state: .confirm(code: code)).render())
    }

    @Sendable func pair(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let fields = try await PageController.formFields(request, texts: texts)
        let code = fields.first { $0.0 == "code" }?.1 ?? ""
        guard await pairing.consume(code) else {
            return PageController.html(PairingPage(texts: texts, state: .usedOrExpired).render(), status: .gone)
        }
        let token = SessionToken.random()
        _ = try database.addDevice(
            name: DeviceName(userAgent: request.headers[.userAgent]).text, tokenHash: SessionToken.hash(token.text),
            at: now())
        var response = Response.redirect(to: PageRoute.start.path, type: .normal)
        response.headers[.setCookie] = token.setCookie
        return response
    }
}
