import Foundation
import Hummingbird
import Logging
import NIOCore
import PeachClient
import PeachStore

/// Everything `buildApplication` builds the Peach server from, as one value (the way
/// Hummingbird's examples pass their arguments): the database, and the options that `peach serve`,
/// the tests and the benchmarks set, each with the default they otherwise get.
public struct PeachServerConfiguration: Sendable {
    /// The embedded database (`AppDatabase.inMemory()` in tests).
    public var database: AppDatabase
    /// Hummingbird's own: address and server name.
    public var application = ApplicationConfiguration()
    /// The `Host` names the server answers to (DNS-rebinding guard); set
    /// `AllowedHosts(servingHost:port:)` for the address in `application`. By default the
    /// loopback names (`127.0.0.1`, `localhost`, `[::1]`) on any port.
    public var allowedHosts = AllowedHosts.loopback(port: nil)
    /// LAN mode's pairing codes (`PairingCodes(enabled: false)` without `--lan`: no code pairs
    /// anything).
    public var pairing = PairingCodes(enabled: false)
    /// Which connections are local (open) and which must come from a paired device. By default
    /// loopback is local; an unknown remote address is not (fail closed).
    public var clients = ClientAddressClassifier.loopbackIsLocal
    /// The server's clock: when a setting was changed, how far in the future a synced record may
    /// be, when a pairing code or an import confirmation expires.
    public var now: @Sendable () -> Date = { Date() }
    /// How long a connection may go without a whole request head, before its first request or
    /// between two: then it is closed. Without it, connections that send half a request and wait
    /// (or are merely left open) pile up until the server runs out of file descriptors and
    /// serves no one. A browser opens a new connection as needed.
    public var idleTimeout = TimeAmount.seconds(30)
    /// How many connections are kept open, in total and per network address, and how long a
    /// request may take from its head to its last byte; `peach serve` fits them to its
    /// open-file limit.
    public var connectionLimits = ConnectionLimits()
    /// With an identity (`peach serve --lan`), the port serves HTTPS and plain HTTP side by side
    /// (`HTTPAndHTTPSChannel`): plain HTTP from the network is redirected to HTTPS, loopback
    /// stays plain HTTP, and Peach's own certificate authority, if it is the identity's, is
    /// offered at `/peach-ca.crt`. Every handler and middleware applies to both.
    public var tls: ServerIdentity?
    /// The wasm core the server serves beside the client (`PeachClient.files`): by default
    /// where `scripts/build-wasm.sh` writes it, `.build/wasm/peach-core.wasm` in the package
    /// Peach was built from (`PeachClient.builtCore`). Without it the pages are served, but a
    /// browser cannot train; the server says so when it starts.
    public var wasmCore = PeachClient.builtCore
    /// The instrument sounds the server prepares and serves (none by default).
    public var sounds = SoundShelf.none
    public var logger = Logger(label: "peach")
    /// Called with the bound port once the server accepts connections.
    public var onServerRunning: @Sendable (_ port: Int?) async -> Void = { _ in }

    public init(database: AppDatabase) {
        self.database = database
    }
}
