import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOSSL
import PeachCore
import PeachStore

/// Builds the Peach server on a database: loads the profile and the settings, then wires the
/// routes. The same builder serves `peach serve` and the tests.
///
/// - Parameters:
///   - database: the embedded database (`AppDatabase.inMemory()` in tests).
///   - configuration: address and server name.
///   - allowedHosts: the `Host` names the server answers to (DNS-rebinding guard); pass
///     `AllowedHosts(servingHost:port:)` for the address in `configuration`. By default the
///     loopback names (`127.0.0.1`, `localhost`, `[::1]`) on any port.
///   - now: the server's clock: when a setting was changed, how far in the future a synced
///     record may be, when a pairing code or an import confirmation expires.
///   - pairing: LAN mode's pairing codes (`PairingCodes(enabled: false)` without `--lan`: no
///     code pairs anything).
///   - clients: which connections are local (open) and which must come from a paired device.
///     By default loopback is local; an unknown remote address is not (fail closed).
///   - idleTimeout: how long a connection may go without a whole request head, before its
///     first request or between two: then it is closed. Without it, connections that send half
///     a request and wait (or are merely left open) pile up until the server runs out of file
///     descriptors and serves no one. A browser opens a new connection as needed.
///   - connectionLimits: how many connections are kept open, in total and per network address,
///     and how long a request may take from its head to its last byte (`ConnectionLimits`);
///     `peach serve` fits them to its open-file limit.
///   - tls: with an identity (`peach serve --lan`), the port serves HTTPS and plain HTTP side by
///     side (`HTTPAndHTTPSChannel`): plain HTTP from the network is redirected to HTTPS,
///     loopback stays plain HTTP, and Peach's own certificate authority, if it is the
///     identity's, is offered at `/peach-ca.crt`. Every handler and middleware applies to both.
///   - onServerRunning: called with the bound port once the server accepts connections.
public func buildApplication(
    database: AppDatabase,
    configuration: ApplicationConfiguration = ApplicationConfiguration(),
    allowedHosts: AllowedHosts = .loopback(port: nil),
    pairing: PairingCodes = PairingCodes(enabled: false),
    clients: ClientAddressClassifier = .loopbackIsLocal,
    now: @escaping @Sendable () -> Date = { Date() },
    idleTimeout: TimeAmount = .seconds(30),
    connectionLimits: ConnectionLimits = ConnectionLimits(),
    tls: ServerIdentity? = nil,
    sounds: SoundShelf = .none,
    logger: Logger = Logger(label: "peach"),
    onServerRunning: @escaping @Sendable (_ port: Int?) async -> Void = { _ in }
) async throws -> some ApplicationProtocol {
    let training = try TrainingService(database: database, now: now)
    let assets = Assets()
    if assets.coreURL == nil {
        logger.warning("peach-core.wasm is missing: build it with scripts/build-wasm.sh before swift build.")
    }
    let router = buildRouter(
        database: database, training: training, allowedHosts: allowedHosts, pairing: pairing, clients: clients,
        now: now, assets: assets, tls: tls, sounds: sounds)
    var configuration = configuration
    // Above the total the server stops accepting, so connections never use up the descriptors
    // that SQLite and the runtime need (running out of them trapped the process).
    configuration.availableConnectionsDelegate = MaximumAvailableConnections(connectionLimits.total, logger: logger)
    let counter = ConnectionCounter(limits: connectionLimits)
    let secure = tls != nil
    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            AbsoluteFormHandler.Installer(), ConnectionLimitHandler(counter: counter),
            RequestDeadlineHandler(timeout: connectionLimits.requestTimeout),
        ] + (secure ? [RequestSchemeHandler()] : []),
        idleTimeout: idleTimeout)
    let server: HTTPServerBuilder
    if let tls {
        let sslContext = try tls.makeContext()
        server = HTTPServerBuilder { responder in
            HTTPAndHTTPSChannel(base: HTTP1Channel(responder: responder, configuration: http1), sslContext: sslContext)
        }
    } else {
        server = .http1(configuration: http1)
    }
    return Application(
        router: router, server: server, configuration: configuration,
        onServerRunning: { channel in
            // The profile is built once the server listens (a request that needs it waits).
            Task { try? await training.prepare() }
            await onServerRunning(channel.localAddress?.port)
        },
        logger: logger)
}

/// The routes of docs/api.md and docs/pages.md.
func buildRouter(
    database: AppDatabase, training: TrainingService, allowedHosts: AllowedHosts, pairing: PairingCodes,
    clients: ClientAddressClassifier, now: @escaping @Sendable () -> Date, assets: Assets = Assets(),
    tls: ServerIdentity? = nil, sounds: SoundShelf = .none
) -> Router<PeachRequestContext> {
    let localizer = Localizer(training: training)
    let router = Router(context: PeachRequestContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: ServerTimingMiddleware())
    router.add(middleware: ResponseCompressionMiddleware())
    router.add(middleware: PreloadLinksMiddleware(links: assets.preloadLinks))
    // So that every response has the security headers, errors and 404s too.
    router.add(middleware: SecurityHeadersMiddleware())
    router.add(middleware: ErrorMiddleware(localizer: localizer))
    // Before the pairing gate, so that a device on plain HTTP is sent to HTTPS first.
    if tls != nil { router.add(middleware: HTTPSRedirectMiddleware(allowedHosts: allowedHosts, clients: clients)) }
    let authority = tls?.authorityCertificate
    router.add(
        middleware: DeviceAccessMiddleware(
            database: database, classifier: clients, localizer: localizer, now: now,
            offersAuthority: authority != nil))
    router.add(middleware: SameOriginMiddleware(localizer: localizer, allowedHosts: allowedHosts))
    // The profile is loaded before the router exists, so being able to answer means ready.
    router.get("healthz") { _, _ in
        Response(
            status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: "ok")))
    }
    SyncController(training: training, localizer: localizer, now: now).addRoutes(to: router)
    SettingsController(training: training, localizer: localizer).addRoutes(to: router)
    let importer = CSVImporter(training: training, pending: PendingReplace(), now: now)
    DataController(database: database, training: training, importer: importer, localizer: localizer, now: now)
        .addRoutes(to: router)
    PageController(training: training, importer: importer, localizer: localizer).addRoutes(to: router)
    PairingController(
        database: database, pairing: pairing, localizer: localizer, now: now, offersAuthority: authority != nil
    ).addRoutes(to: router)
    if let authority { CertificateAuthorityController(certificate: authority).addRoutes(to: router) }
    assets.addRoutes(to: router)
    SoundsController(shelf: sounds).addRoutes(to: router.group("sounds"))
    router.addMethodNotAllowedRoutes()
    return router
}
