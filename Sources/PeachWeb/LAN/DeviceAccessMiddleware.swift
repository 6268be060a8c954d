import Foundation
import Hummingbird
import PeachStore
import PeachViews

/// LAN mode's gate (docs/cli.md, "LAN mode"): a request from the network needs the session cookie
/// of a paired device, checked against the database on every request (one indexed lookup, so a
/// device revoked with `peach devices revoke` is refused at its very next request). Requests from
/// this machine pass as before. Unpaired, only `/pair` and what its page needs are reachable;
/// everything else is a 401 that explains how to pair (a page, or the JSON error under `/api/`).
struct DeviceAccessMiddleware: RouterMiddleware {
    typealias Context = PeachRequestContext
    let database: AppDatabase
    let classifier: ClientAddressClassifier
    let localizer: Localizer
    let now: @Sendable () -> Date
    /// Whether the 401 page offers Peach's certificate authority (`PairingPage.offersAuthority`).
    var offersAuthority = false
    /// `lastSeenAt` is written at most this often per device, so that checking a session is a
    /// read, not a write, on almost every request.
    static let seenResolution: TimeInterval = 60

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if classifier.isLocal(context.remoteAddress) || Self.isOpen(RequestPath(request)) {
            return try await next(request, context)
        }
        if let token = request.cookies[SessionToken.cookieName]?.value,
            let device = try await database.device(tokenHash: SessionToken.hash(token))
        {
            let now = now()
            if now.timeIntervalSince(device.lastSeenAt) >= Self.seenResolution {
                try await database.markDeviceSeen(id: device.id, at: now)
            }
            return try await next(request, context)
        }
        let texts = await localizer.texts(for: request)
        if RequestPath(request).isAPI {
            throw APIError(.unauthorized, code: "pairingRequired", message: texts.pairing.requiredError)
        }
        return PageController.html(
            PairingPage(texts: texts, state: .required, offersAuthority: offersAuthority).render(),
            status: .unauthorized)
    }

    /// What an unpaired device may load: the pairing page, its stylesheet, scripts and icon, and
    /// the certificate authority it needs to trust first (public, as every certificate is).
    static func isOpen(_ path: RequestPath) -> Bool {
        let normalised = path.normalised
        return normalised == PageRoute.pair.path || normalised.hasPrefix(PageRoute.assetPrefix)
            || normalised == PageRoute.favicon
            || normalised == PageRoute.certificateAuthority.path
    }
}
