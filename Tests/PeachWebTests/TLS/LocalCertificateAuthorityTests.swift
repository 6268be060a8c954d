import Foundation
import Testing

@testable import PeachWeb

/// A fresh data folder for one test, removed afterwards.
func withDataFolder(_ test: (URL) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-tls-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try test(folder)
}

private func mode(_ path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
}

private func bytes(_ path: String) throws -> Data {
    try Data(contentsOf: URL(fileURLWithPath: path))
}

@Suite("Peach's certificate authority")
struct LocalCertificateAuthorityTests {
    let names = ServerNames(networkAddresses: ["192.168.1.20"], hostname: "Studio-Mac.fritz.box")

    @Test("names: the network's addresses, hostname.local, localhost, 127.0.0.1 and ::1")
    func serverNames() {
        #expect(names.dnsNames == ["studio-mac.local", "localhost"])
        #expect(names.ipAddresses == ["192.168.1.20", "127.0.0.1", "::1"])
        #expect(
            names.subjectAltName
                == "DNS:studio-mac.local, DNS:localhost, IP:192.168.1.20, IP:127.0.0.1, IP:::1")
        #expect(ServerNames.localName("") == "peach.local")
        #expect(ServerNames.localName("my_box!") == "mybox.local")
        #expect(ServerNames(networkAddresses: ["peach.example"], hostname: "a").dnsNames.last == "peach.example")
    }

    @Test("the first start creates the authority and a certificate; keys 0600 in a 0700 folder")
    func createsAuthority() throws {
        try withDataFolder { folder in
            let authority = try LocalCertificateAuthority(
                besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
            let identity = try authority.serverIdentity(for: names, hostname: "studio-mac")
            #expect(authority.folder.lastPathComponent == "tls")
            #expect(try mode(authority.folder.path) == 0o700)
            #expect(try mode(authority.caKeyPath) == 0o600)
            #expect(try mode(authority.serverKeyPath) == 0o600)
            #expect(identity.dnsNames == ["studio-mac.local", "localhost"])
            let der = try #require(identity.authorityCertificate)
            #expect(der.first == 0x30)  // an ASN.1 SEQUENCE: DER, not PEM
            // Nothing but the five files stays behind (no request, config or half-written file).
            let files = try FileManager.default.contentsOfDirectory(atPath: authority.folder.path).sorted()
            #expect(files == ["ca.crt", "ca.key", "server.crt", "server.key", "server.names"])
            let text = try authority.openSSL.run(
                ["x509", "-in", authority.caCertificatePath, "-noout", "-subject", "-enddate"], step: "read")
            #expect(text.contains("Peach on studio-mac"))
            let verified = try authority.openSSL.run(
                ["verify", "-x509_strict", "-CAfile", authority.caCertificatePath, authority.serverCertificatePath],
                step: "verify")
            #expect(verified.contains("OK"))
        }
    }

    @Test("a restart reuses the authority and the certificate; new addresses get a new certificate, same authority")
    func reusesAndReissues() throws {
        try withDataFolder { folder in
            let authority = try LocalCertificateAuthority(
                besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            let ca = try bytes(authority.caCertificatePath)
            let caKey = try bytes(authority.caKeyPath)
            let server = try bytes(authority.serverCertificatePath)

            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            #expect(try bytes(authority.caCertificatePath) == ca)
            #expect(try bytes(authority.caKeyPath) == caKey)
            #expect(try bytes(authority.serverCertificatePath) == server)

            let moved = ServerNames(networkAddresses: ["10.0.0.7"], hostname: "studio-mac")
            _ = try authority.serverIdentity(for: moved, hostname: "studio-mac")
            #expect(try bytes(authority.caCertificatePath) == ca)
            #expect(try bytes(authority.serverCertificatePath) != server)
            let san = try authority.openSSL.run(
                ["x509", "-in", authority.serverCertificatePath, "-noout", "-ext", "subjectAltName"], step: "read")
            #expect(san.contains("IP Address:10.0.0.7") && !san.contains("192.168.1.20"))
        }
    }

    @Test("a damaged server key is issued again; a lost authority brings a new server certificate")
    func repairs() throws {
        try withDataFolder { folder in
            let authority = try LocalCertificateAuthority(
                besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            try Data("garbage".utf8).write(to: URL(fileURLWithPath: authority.serverKeyPath))
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            #expect(try bytes(authority.serverKeyPath) != Data("garbage".utf8))

            let server = try bytes(authority.serverCertificatePath)
            try FileManager.default.removeItem(atPath: authority.caKeyPath)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            #expect(try bytes(authority.serverCertificatePath) != server)
            let verified = try authority.openSSL.run(
                ["verify", "-CAfile", authority.caCertificatePath, authority.serverCertificatePath], step: "verify")
            #expect(verified.contains("OK"))
        }
    }

    @Test("a loosened key mode is made 0600 again at the next start")
    func tightensModes() throws {
        try withDataFolder { folder in
            let authority = try LocalCertificateAuthority(
                besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: authority.caKeyPath)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: authority.folder.path)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            #expect(try mode(authority.caKeyPath) == 0o600)
            #expect(try mode(authority.folder.path) == 0o700)
        }
    }

    @Test("the server certificate is valid 397 days at most, for serverAuth, with the names")
    func serverCertificateProfile() throws {
        try withDataFolder { folder in
            let authority = try LocalCertificateAuthority(
                besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            let text = try authority.openSSL.run(
                ["x509", "-in", authority.serverCertificatePath, "-noout", "-text"], step: "read")
            #expect(text.contains("TLS Web Server Authentication"))
            #expect(text.contains("CA:FALSE"))
            #expect(text.contains("NIST CURVE: P-256"))
            #expect(text.contains("DNS:studio-mac.local, DNS:localhost, IP Address:192.168.1.20, IP Address:127.0.0.1"))
            // Expires within 398 days, not within 396.
            let within398 = try authority.openSSL.status(
                ["x509", "-in", authority.serverCertificatePath, "-noout", "-checkend", String(398 * 86400)])
            let within396 = try authority.openSSL.status(
                ["x509", "-in", authority.serverCertificatePath, "-noout", "-checkend", String(396 * 86400)])
            #expect(within398.status == 1 && within396.status == 0)
        }
    }

    @Test("without openssl, the message says to install it or to bring a certificate")
    func missingOpenSSL() {
        #expect(throws: TLSError.openSSLMissing) {
            try OpenSSL.find(environment: ["PATH": "/nonexistent"], fallbackFolders: [])
        }
        #expect(TLSError.openSSLMissing.description.contains("apt-get install openssl"))
        #expect(TLSError.openSSLMissing.description.contains("--tls-cert and --tls-key"))
    }

    @Test("--tls-cert and --tls-key that cannot be used are refused with what is wrong")
    func userCertificateErrors() throws {
        try withDataFolder { folder in
            let missing = folder.appendingPathComponent("missing.pem").path
            #expect(throws: TLSError.self) { try ServerIdentity(certificatePath: missing, keyPath: missing) }
            do {
                _ = try ServerIdentity(certificatePath: missing, keyPath: missing)
            } catch let error as TLSError {
                #expect(error.description.contains("--tls-cert \(missing) cannot be read"))
            }
            let garbage = folder.appendingPathComponent("garbage.pem")
            try Data("not a certificate".utf8).write(to: garbage)
            #expect(throws: TLSError.notACertificate(path: garbage.path)) {
                try ServerIdentity(certificatePath: garbage.path, keyPath: garbage.path)
            }
            let authority = try LocalCertificateAuthority(
                besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
            _ = try authority.serverIdentity(for: names, hostname: "studio-mac")
            #expect(throws: TLSError.notAPrivateKey(path: garbage.path)) {
                try ServerIdentity(certificatePath: authority.serverCertificatePath, keyPath: garbage.path)
            }
            // The authority's key is a key, but not the server certificate's.
            #expect {
                try ServerIdentity(certificatePath: authority.serverCertificatePath, keyPath: authority.caKeyPath)
            } throws: { error in
                guard case .unusablePair = error as? TLSError else { return false }
                return true
            }
            let own = try ServerIdentity(
                certificatePath: authority.serverCertificatePath, keyPath: authority.serverKeyPath)
            #expect(own.authorityCertificate == nil)
        }
    }
}
