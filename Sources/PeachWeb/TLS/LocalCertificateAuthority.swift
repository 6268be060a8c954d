import Foundation

/// Peach's own certificate authority, in the `tls` folder beside the database, and the server
/// certificate it issues for this computer (docs/cli.md, "HTTPS on the network"): phones trust the
/// authority once, and every certificate Peach issues later (new address, renewal) is trusted with
/// it.
///
/// Files (the folder is 0700, so nobody else may even list it):
/// - `ca.key` (0600) and `ca.crt`: EC P-256, valid 10 years, named "Peach on HOST";
/// - `server.key` (0600) and `server.crt`: EC P-256, valid 397 days (iOS refuses longer),
///   for `ServerNames`;
/// - `server.names`: the names `server.crt` was issued for, to tell when they change.
///
/// The keys are created inside that folder by `openssl` and never leave it: they are not
/// served, logged or copied. A new file is written under a temporary name and renamed into
/// place, so an interrupted start leaves either the old files or the new ones.
///
/// - Complexity: two `openssl` runs at a start when nothing changes (the expiry checks); about
///   five more, a few tens of milliseconds, when a certificate is issued.
public struct LocalCertificateAuthority: Sendable {
    /// The folder: `<data dir>/tls`.
    public let folder: URL
    let openSSL: OpenSSL

    /// The authority lasts about ten years; a phone installs it once.
    static let authorityDays = 3650
    /// Apple's limit for a TLS server certificate is 398 days; 397 keeps clear of it.
    static let serverDays = 397
    /// A server certificate is issued again this long before it expires.
    static let renewBefore = 30 * 24 * 3600

    public var caCertificatePath: String { folder.appendingPathComponent("ca.crt").path }
    var caKeyPath: String { folder.appendingPathComponent("ca.key").path }
    public var serverCertificatePath: String { folder.appendingPathComponent("server.crt").path }
    public var serverKeyPath: String { folder.appendingPathComponent("server.key").path }
    var serverNamesPath: String { folder.appendingPathComponent("server.names").path }

    /// The authority of the database at `databasePath`: its folder is `tls` beside it. Needs
    /// the `openssl` command (`TLSError.openSSLMissing`).
    public init(besideDatabase databasePath: String) throws {
        self.folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent().appendingPathComponent("tls")
        self.openSSL = try OpenSSL.find()
    }

    /// Makes sure there is an authority and a current server certificate for `names` (creating
    /// or reissuing them as needed) and returns the server's identity, which offers the
    /// authority's certificate for download.
    ///
    /// - Parameter hostname: the computer's name, which names the authority.
    public func serverIdentity(for names: ServerNames, hostname: String = ServerNames.hostname()) throws
        -> ServerIdentity
    {
        try preparePrivateFolder()
        var issued = false
        if !authorityIsCurrent() {
            try createAuthority(hostname: hostname)
        }
        // A new authority removed server.names, so its server certificate is issued here too.
        if !serverCertificateIsCurrent(for: names) {
            try issueServerCertificate(for: names)
            issued = true
        }
        do {
            return try identity()
        } catch is TLSError where !issued {
            // A damaged server.crt or server.key (a crash, a careless edit): issue them again.
            try issueServerCertificate(for: names)
            return try identity()
        }
    }

    /// The server certificate and key as they are now, with the authority's certificate.
    private func identity() throws -> ServerIdentity {
        try ServerIdentity(
            certificatePath: serverCertificatePath, keyPath: serverKeyPath, authorityPath: caCertificatePath)
    }

    /// The folder exists and is 0700; keys in it are 0600 (also when an earlier version, a
    /// copy or a user loosened them).
    func preparePrivateFolder() throws {
        let manager = FileManager.default
        do {
            try manager.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder.path)
            for key in [caKeyPath, serverKeyPath] where manager.fileExists(atPath: key) {
                try manager.setAttributes([.posixPermissions: 0o600], ofItemAtPath: key)
            }
        } catch {
            throw TLSError.folderUnusable(path: folder.path, reason: Self.reason(error))
        }
    }

    /// Whether both authority files exist and the certificate outlives a server certificate
    /// issued today.
    func authorityIsCurrent() -> Bool {
        let manager = FileManager.default
        guard manager.fileExists(atPath: caKeyPath), manager.fileExists(atPath: caCertificatePath) else { return false }
        return expires(caCertificatePath, after: Self.serverDays * 24 * 3600) == false
    }

    /// Whether the server certificate exists, was issued for exactly `names` and does not expire
    /// within `renewBefore`.
    func serverCertificateIsCurrent(for names: ServerNames) -> Bool {
        let manager = FileManager.default
        guard manager.fileExists(atPath: serverKeyPath), manager.fileExists(atPath: serverCertificatePath),
            let issuedFor = try? String(contentsOfFile: serverNamesPath, encoding: .utf8),
            issuedFor == names.subjectAltName
        else { return false }
        return expires(serverCertificatePath, after: Self.renewBefore) == false
    }

    /// Whether the certificate at `path` expires within `seconds` (nil if it cannot be read).
    func expires(_ path: String, after seconds: Int) -> Bool? {
        guard let result = try? openSSL.status(["x509", "-in", path, "-noout", "-checkend", String(seconds)]) else {
            return nil
        }
        switch result.status {
        case 0: return false
        case 1 where result.output.contains("will expire"): return true
        default: return nil
        }
    }

    /// A new authority: key and self-signed certificate, CA:TRUE (for no further authority
    /// below it), allowed to sign certificates only.
    func createAuthority(hostname: String) throws {
        let name = String(ServerNames.localName(hostname).dropLast(".local".count))
        let config = """
            [req]
            distinguished_name = subject
            prompt = no
            [subject]
            O = Peach
            CN = Peach on \(name) (local certificate authority)
            [authority]
            basicConstraints = critical, CA:TRUE, pathlen:0
            keyUsage = critical, keyCertSign, cRLSign
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always

            """
        try withTemporaryFile("authority.cnf", contents: config) { configPath in
            try openSSL.run(
                [
                    "req", "-x509", "-new", "-config", configPath, "-extensions", "authority",
                    "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-noenc", "-sha256",
                    "-days", String(Self.authorityDays), "-set_serial", Self.randomSerial(),
                    "-keyout", caKeyPath + ".new", "-out", caCertificatePath + ".new",
                ], step: "create Peach's certificate authority")
        }
        try install(caKeyPath, mode: 0o600)
        try install(caCertificatePath, mode: 0o644)
        // The server certificate of an earlier authority is not trusted with this one.
        try? FileManager.default.removeItem(atPath: serverNamesPath)
    }

    /// A new server key and certificate for `names`, signed by the authority.
    func issueServerCertificate(for names: ServerNames) throws {
        let config = """
            [req]
            distinguished_name = subject
            prompt = no
            [subject]
            O = Peach
            CN = \(names.dnsNames[0])
            [server]
            basicConstraints = critical, CA:FALSE
            keyUsage = critical, digitalSignature
            extendedKeyUsage = serverAuth
            subjectAltName = \(names.subjectAltName)
            subjectKeyIdentifier = hash
            authorityKeyIdentifier = keyid:always

            """
        let request = folder.appendingPathComponent("server.csr").path
        defer { try? FileManager.default.removeItem(atPath: request) }
        try withTemporaryFile("server.cnf", contents: config) { configPath in
            try openSSL.run(
                [
                    "req", "-new", "-config", configPath, "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
                    "-noenc", "-keyout", serverKeyPath + ".new", "-out", request,
                ], step: "create the server's key")
            try openSSL.run(
                [
                    "x509", "-req", "-in", request, "-CA", caCertificatePath, "-CAkey", caKeyPath,
                    "-set_serial", Self.randomSerial(), "-days", String(Self.serverDays), "-sha256",
                    "-extfile", configPath, "-extensions", "server", "-out", serverCertificatePath + ".new",
                ], step: "issue the server's certificate")
        }
        try install(serverKeyPath, mode: 0o600)
        try install(serverCertificatePath, mode: 0o644)
        do {
            try names.subjectAltName.write(toFile: serverNamesPath, atomically: true, encoding: .utf8)
        } catch {
            throw TLSError.folderUnusable(path: folder.path, reason: Self.reason(error))
        }
    }

    /// Writes `contents` to a file in the folder for the length of `body`.
    private func withTemporaryFile(_ name: String, contents: String, _ body: (String) throws -> Void) throws {
        let path = folder.appendingPathComponent(name).path
        do {
            try contents.write(toFile: path, atomically: false, encoding: .utf8)
        } catch {
            throw TLSError.folderUnusable(path: folder.path, reason: Self.reason(error))
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    /// Gives `path.new` its mode and renames it to `path`.
    private func install(_ path: String, mode: Int) throws {
        do {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path + ".new")
            if rename(path + ".new", path) != 0 { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch {
            throw TLSError.folderUnusable(path: folder.path, reason: Self.reason(error))
        }
    }

    /// A positive 127-bit serial number in hex, from the system's generator: serials must be
    /// unique per authority, and browsers refuse a repeated one.
    static func randomSerial() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) }
        bytes[0] = bytes[0] & 0x7F | 0x10
        return "0x" + bytes.map { String(format: "%02x", $0) }.joined()
    }

    static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError, let underlying = cocoa.userInfo[NSUnderlyingErrorKey] as? any Error {
            return reason(underlying)
        }
        return (error as NSError).localizedDescription
    }
}
