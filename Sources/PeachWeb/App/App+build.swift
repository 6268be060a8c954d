import Foundation
import Hummingbird
import PeachViews
import HummingbirdCore
import Logging
import NIOCore
import NIOSSL
import PeachClient
import PeachCore
import PeachStore

/// Builds the Peach server on a database: loads the profile and the settings, then wires the
/// routes. The same builder serves `peach serve`, the tests and the benchmarks; `configuration`
/// says what each of them sets.
public func buildApplication(_ configuration: PeachServerConfiguration) async throws -> some ApplicationProtocol {
    let (logger, tls, connectionLimits) = (configuration.logger, configuration.tls, configuration.connectionLimits)
    let history = try ServerHistory(database: configuration.database, now: configuration.now)
    let assets = Assets(
        directory: PeachClient.files, core: configuration.wasmCore,
        compressedCopies: .userCache(keepingClearOf: DatabaseFileSet(path: configuration.database.path)))
    if assets.coreURL == nil {
        logger.warning(
            """
            The wasm core \(configuration.wasmCore.path) is missing, so browsers cannot train (the pages \
            still open). Run scripts/build-wasm.sh, which builds it into .build/wasm, and start Peach \
            again, or pass --wasm-core with the path of a built one.
            """)
    }
    let router = buildRouter(configuration, history: history, assets: assets)
    var application = configuration.application
    // Above the total the server stops accepting, so connections never use up the descriptors
    // that SQLite and the runtime need (running out of them trapped the process).
    application.availableConnectionsDelegate = MaximumAvailableConnections(connectionLimits.total, logger: logger)
    let counter = ConnectionCounter(limits: connectionLimits)
    let secure = tls != nil
    let http1 = HTTP1Channel.Configuration(
        additionalChannelHandlers: [
            AbsoluteFormHandler.Installer(), ConnectionLimitHandler(counter: counter),
            RequestDeadlineHandler(timeout: connectionLimits.requestTimeout),
        ] + (secure ? [RequestSchemeHandler()] : []),
        idleTimeout: configuration.idleTimeout)
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
        router: router, server: server, configuration: application,
        onServerRunning: { channel in
            // The profile is built once the server listens (a request that needs it waits).
            Task { try? await history.prepare() }
            await configuration.onServerRunning(channel.localAddress?.port)
        },
        logger: logger)
}

/// The routes of docs/api.md and docs/pages.md.
func buildRouter(
    _ configuration: PeachServerConfiguration, history: ServerHistory, assets: Assets
) -> Router<PeachRequestContext> {
    let (database, allowedHosts, clients, now, tls) = (
        configuration.database, configuration.allowedHosts, configuration.clients, configuration.now, configuration.tls
    )
    let localizer = Localizer(history: history)
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
    SyncController(history: history, localizer: localizer, now: now).addRoutes(to: router)
    SettingsController(history: history, localizer: localizer).addRoutes(to: router)
    let importer = CSVImporter(history: history, pending: PendingReplace(), now: now)
    DataController(database: database, history: history, importer: importer, localizer: localizer, now: now)
        .addRoutes(to: router)
    PageController(history: history, importer: importer, localizer: localizer).addRoutes(to: router)
    PairingController(
        database: database, pairing: configuration.pairing, localizer: localizer, now: now,
        offersAuthority: authority != nil
    ).addRoutes(to: router)
    if let authority { CertificateAuthorityController(certificate: authority).addRoutes(to: router) }
    assets.addRoutes(to: router)
    SoundsController(shelf: configuration.sounds).addRoutes(to: router.group(RouterPath(PageRoute.soundsPrefix)))
    router.addMethodNotAllowedRoutes()
    return router
}
