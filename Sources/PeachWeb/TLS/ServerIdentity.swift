import Foundation
import NIOCore
import NIOSSL

/// What the HTTPS side of `peach serve --lan` presents: a certificate chain and its key, either
/// issued by Peach's own authority (`LocalCertificateAuthority`) or the user's own
/// (`--tls-cert`, `--tls-key`: a domain of theirs, a tailnet name).
public struct ServerIdentity: Sendable {
    public let certificateChain: [NIOSSLCertificate]
    public let privateKey: NIOSSLPrivateKey
    /// Peach's authority's certificate (DER), offered at `/peach-ca.crt` with the steps to trust
    /// it; nil for a certificate the user brought, which their devices already trust.
    public let authorityCertificate: [UInt8]?

    /// Reads a PEM certificate (chain) and its unencrypted PEM key, and, for Peach's own
    /// authority, that authority's certificate. Every failure is a `TLSError` that names the
    /// file and what is wrong with it.
    public init(certificatePath: String, keyPath: String, authorityPath: String? = nil) throws {
        let certificateBytes = try Self.read(certificatePath, option: "--tls-cert")
        let keyBytes = try Self.read(keyPath, option: "--tls-key")
        guard let chain = try? NIOSSLCertificate.fromPEMBytes(certificateBytes), !chain.isEmpty else {
            throw TLSError.notACertificate(path: certificatePath)
        }
        guard let key = try? NIOSSLPrivateKey(bytes: keyBytes, format: .pem) else {
            throw TLSError.notAPrivateKey(path: keyPath)
        }
        certificateChain = chain
        privateKey = key
        if let authorityPath {
            let bytes = try Self.read(authorityPath, option: "The certificate authority")
            guard let authority = try? NIOSSLCertificate.fromPEMBytes(bytes).first,
                let der = try? authority.toDERBytes()
            else { throw TLSError.notACertificate(path: authorityPath) }
            authorityCertificate = der
        } else {
            authorityCertificate = nil
        }
        // The key must be the certificate's: BoringSSL checks it when a context is made, so a
        // wrong pair is refused at the start rather than at every connection.
        do {
            _ = try makeContext()
        } catch {
            throw TLSError.unusablePair(certificate: certificatePath, key: keyPath, reason: String(describing: error))
        }
    }

    /// The server side of TLS with this identity: TLS 1.2 or newer, NIOSSL's default ciphers.
    /// A closing connection waits at most a second for the client's `close_notify` (NIOSSL's
    /// default is five), so that Ctrl-C is not held up by a phone that keeps a connection open.
    public func makeContext() throws -> NIOSSLContext {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: certificateChain.map { .certificate($0) }, privateKey: .privateKey(privateKey))
        configuration.minimumTLSVersion = .tlsv12
        configuration.shutdownTimeout = .seconds(1)
        return try NIOSSLContext(configuration: configuration)
    }

    /// The DNS names of the leaf certificate (its subjectAltNames), lowercased: the `Host`
    /// names the server must answer to besides its addresses (a user's `peach.example.com`).
    public var dnsNames: [String] {
        guard let leaf = certificateChain.first else { return [] }
        return leaf._subjectAlternativeNames().compactMap { name in
            name.nameType == .dnsName ? String(decoding: Array(name.contents), as: UTF8.self).lowercased() : nil
        }
    }

    static func read(_ path: String, option: String) throws -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw TLSError.unreadableFile(option: option, path: path, reason: LocalCertificateAuthority.reason(error))
        }
    }
}
