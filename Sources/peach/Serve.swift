import ArgumentParser
import Foundation
import Hummingbird
import Logging
import PeachStore
import PeachViews
import PeachWeb
import SoundFont

/// `peach serve`: the app itself. Serves Peach to a browser until interrupted; Ctrl-C (or
/// SIGTERM) stops it gracefully, letting requests in flight finish, so an answer being recorded
/// is committed before the server exits.
///
/// Without `--lan` it listens on loopback only. With `--lan` it listens on every interface and
/// prints a one-time pairing link (and its QR code) per network address; devices on the network
/// must pair before they see anything. The network gets HTTPS, from Peach's own
/// certificate authority in the data folder or from `--tls-cert`/`--tls-key`, because a
/// service worker (offline training) needs a secure context; loopback stays plain
/// HTTP on the same port.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve Peach to your browser (the default command).",
        discussion: """
            Prints the address to open and serves until you press Ctrl-C. Use --lan to train from \
            a phone or tablet on the same network: Peach then serves HTTPS there and prints a \
            pairing link and QR code; each link pairs one device, and only paired devices can reach \
            your training data (see `peach devices`). The HTTPS certificate comes from Peach's own \
            certificate authority (in the folder `tls` beside the database; each device trusts it \
            once, as the pairing page explains), or from --tls-cert and --tls-key.
            """)

    @Flag(
        help: "Serve on your network too, over HTTPS: listen on all interfaces and print pairing links and QR codes."
    )
    var lan = false

    @Option(help: "The address to listen on (default 127.0.0.1; 0.0.0.0 with --lan). Only loopback without --lan.")
    var host: String?

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @Option(
        name: .customLong("tls-cert"),
        help: ArgumentHelp(
            "With --lan: serve HTTPS with this certificate (PEM, with its chain) instead of Peach's own.",
            valueName: "path"))
    var tlsCertificate: String?

    @Option(
        name: .customLong("tls-key"),
        help: ArgumentHelp("With --tls-cert: the certificate's private key (PEM, unencrypted).", valueName: "path"))
    var tlsKey: String?

    @Option(
        name: .customLong("soundfont"),
        help: ArgumentHelp(
            "The SoundFont (SF2 or SF3) whose presets Peach plays as instrument sounds.", valueName: "path"))
    var soundFont = SoundFont.debianPath

    @Option(
        name: .customLong("sounds-folder"),
        help: ArgumentHelp(
            "Where the instrument sounds prepared from the SoundFont are kept (default: the folder sounds beside "
                + "the database).", valueName: "path"))
    var soundsFolder: String?

    @Option(
        name: .customLong("wasm-core"),
        help: ArgumentHelp(
            "The wasm core to serve (default: .build/wasm/peach-core.wasm of the source folder Peach was built "
                + "from, where scripts/build-wasm.sh writes it).", valueName: "path"))
    var wasmCore: String?

    /// For the benchmark and the end-to-end tests, which can only connect over loopback:
    /// loopback clients must pair too, exactly as devices on the network.
    @Flag(name: .customLong("require-pairing-on-loopback"), help: .hidden)
    var requirePairingOnLoopback = false

    /// For the end-to-end test of slow requests, which should not wait a minute.
    @Option(name: .customLong("request-timeout"), help: .hidden)
    var requestTimeoutSeconds: Int64 = 60

    @OptionGroup var store: StoreOptions

    static func isLoopback(_ host: String) -> Bool {
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || bare == "::1"
            || bare.hasPrefix("127.")
                && bare.split(separator: ".").count == 4
    }

    /// Lifts the soft limit on open files to the hard one (often 1,024 → 524,288 on Linux) and
    /// returns the limit in force: each connection is a file descriptor, and `ConnectionLimits`
    /// keeps the connections below it with descriptors to spare.
    static func raiseOpenFileLimit() -> Int {
        // Glibc imports RLIMIT_NOFILE as an enum case of its own type; Darwin as an Int32.
        #if os(Linux)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        var limit = rlimit()
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            let soft = limit.rlim_cur
            limit.rlim_cur = limit.rlim_max
            if setrlimit(resource, &limit) != 0 { limit.rlim_cur = soft }
        }
        return Int(clamping: limit.rlim_cur)
    }

    func validate() throws {
        if (tlsCertificate != nil || tlsKey != nil) && !lan {
            throw ValidationError(
                "--tls-cert and --tls-key are for --lan (HTTPS on your network); without --lan Peach serves "
                    + "this computer only, over plain HTTP.")
        }
        if (tlsCertificate == nil) != (tlsKey == nil) {
            throw ValidationError(
                "--tls-cert and --tls-key go together: pass the certificate and its private key, or neither "
                    + "(then Peach uses its own certificate authority).")
        }
        if let host, !lan, !Self.isLoopback(host) {
            throw ValidationError(
                """
                --host \(host) would make Peach reachable from other machines. Use --lan for that \
                (devices must then pair before they can see your training data), or a loopback \
                address such as 127.0.0.1.
                """)
        }
    }

    func run() async throws {
        let connectionLimits = ConnectionLimits(
            openFileLimit: Self.raiseOpenFileLimit(), requestTimeout: .seconds(requestTimeoutSeconds))
        // A --soundfont naming a pipe, a device or a folder is a mistake in the command: said at
        // once, instead of a preparation that waits on the pipe for good (a missing file only
        // leaves the sine, as on a machine without Debian's SoundFont).
        try SoundFont.checkIsFileOrMissing(soundFont)
        // One server per database file (docs/cli.md): held until the process ends (the lock's
        // descriptor is never closed before).
        _ = try DatabaseLock(path: store.path)
        let database = try store.openDatabase(.serving)
        let host = self.host ?? (lan ? "0.0.0.0" : "127.0.0.1")
        let pairs = lan || requirePairingOnLoopback
        let pairing = PairingCodes(enabled: pairs)
        let addresses = ["0.0.0.0", "::"].contains(host) ? NetworkAddresses.nonLoopbackIPv4() : [host]
        let tls = lan ? try identity(addresses: addresses, databasePath: database.path) : nil
        var allowedHosts = AllowedHosts(servingHost: host, port: port)
        if let tls {
            // The names the certificate is for (`<hostname>.local`, a user's own domain).
            allowedHosts.names.formUnion(tls.dnsNames)
        }
        let scheme = tls == nil ? "http" : "https"
        let httpsNote = Self.httpsNote(tls, certificate: tlsCertificate, databasePath: database.path)
        let sounds = SoundShelf(
            soundFontPath: soundFont,
            folder: soundsFolder.map { URL(fileURLWithPath: $0) }
                ?? URL(fileURLWithPath: database.path).deletingLastPathComponent().appendingPathComponent("sounds"),
            keepingClearOf: store.files, logger: Logger(label: "peach"))
        var server = PeachServerConfiguration(database: database)
        server.application = ApplicationConfiguration(address: .hostname(host, port: port), serverName: "Peach")
        server.allowedHosts = allowedHosts
        server.pairing = pairing
        server.clients = requirePairingOnLoopback ? .everyoneMustPair : .loopbackIsLocal
        server.connectionLimits = connectionLimits
        server.tls = tls
        server.sounds = sounds
        if let wasmCore { server.wasmCore = URL(fileURLWithPath: wasmCore) }
        server.onServerRunning = { port in
            let port = port ?? 0
            let shown =
                ["0.0.0.0", "::", ""].contains(host) ? "localhost" : host.contains(":") ? "[\(host)]" : host
            Self.write(
                """
                Peach is running. Open http://\(shown):\(port)/ in your browser.
                Training data: \(database.path). Press Ctrl-C to stop.\(httpsNote.isEmpty ? "" : "\n" + httpsNote)

                """)
            guard pairs else { return }
            await pairing.announce { code in
                Self.write(Self.pairingText(code, addresses: addresses, port: port, scheme: scheme))
            }
        }
        let app = try await buildApplication(server)
        // An unused code expires after ten minutes; asking for the valid code replaces (and
        // prints) an expired one, so the terminal always shows a code that works.
        let refresher = Task {
            while pairs, !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                _ = await pairing.validCode()
            }
        }
        defer { refresher.cancel() }
        // The whole-file check runs beside the start (every write waits for it); a damaged file
        // stops the server with the check's message, nothing written to it.
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService() }
            group.addTask { try await database.integrityVerdict() }
            // The check's error ends the group, which cancels the server: a graceful stop.
            while try await group.next() != nil {}
        }
    }

    /// The HTTPS identity of `--lan`: the user's certificate, or one from Peach's own
    /// authority for `addresses` (created or reissued as needed, beside the database).
    func identity(addresses: [String], databasePath: String) throws -> ServerIdentity {
        if let tlsCertificate, let tlsKey {
            return try ServerIdentity(certificatePath: tlsCertificate, keyPath: tlsKey)
        }
        let authority = try LocalCertificateAuthority(besideDatabase: databasePath)
        return try authority.serverIdentity(for: ServerNames(networkAddresses: addresses))
    }

    /// What the start-up message says about HTTPS on the network: whose certificate, and for
    /// Peach's own authority where it is and that each device trusts it once.
    static func httpsNote(_ tls: ServerIdentity?, certificate: String?, databasePath: String) -> String {
        guard let tls else { return "" }
        guard tls.authorityCertificate != nil else {
            return "Your network gets HTTPS with the certificate \(certificate ?? "")."
        }
        let authority = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
            .appendingPathComponent("tls").appendingPathComponent("ca.crt").path
        return "Your network gets HTTPS from Peach's own certificate authority (\(authority)); each device "
            + "trusts it once, as the pairing page shows."
    }

    /// The pairing links of one code, each with its QR code.
    static func pairingText(_ code: PairingCode, addresses: [String], port: Int, scheme: String = "http") -> String {
        let typed = """
            Pairing code: \(code.text) (type it on a device that cannot open the link, such as Peach \
            added to an iPhone's Home Screen)

            """
        guard !addresses.isEmpty else {
            return """
                No network address found: connect this computer to your network and restart Peach.

                """ + typed
        }
        var text = """
            To train on a phone or tablet on this network, open this address on it (or scan the \
            QR code). It pairs one device and works for \(Int(PairingCode.lifetime / 60)) minutes; \
            Peach then shows a new one.

            """
        for address in addresses {
            let shown = address.contains(":") ? "[\(address)]" : address
            let url = "\(scheme)://\(shown):\(port)\(PageRoute.pair.path)?code=\(code.text)"
            text += "\n  \(url)\n\n"
            if let qr = try? QRCode(text: url) { text += qr.terminalRendering + "\n" }
        }
        return text + typed
    }

    /// Written unbuffered, so that the address shows at once also when stdout is a pipe.
    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}
