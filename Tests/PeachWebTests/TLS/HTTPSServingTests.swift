import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PeachCore
import PeachStore
import PeachViews
import Testing

@testable import PeachWeb

/// Runs `test` against a live server that serves HTTPS and HTTP on one port with an identity
/// from Peach's authority, through `setup` (`.ahc(.https)`: AsyncHTTPClient over TLS, which
/// follows redirects; `.live`: plain HTTP, which does not); every client must pair (as a device
/// on the network).
private func withHTTPSApp(
    _ setup: TestingSetup,
    _ test: @escaping @Sendable (any TestClientProtocol, PairingCodes, ServerIdentity) async throws -> Void
) async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-https-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let identity = try LocalCertificateAuthority(besideDatabase: folder.appendingPathComponent("peach.sqlite").path)
        .serverIdentity(for: ServerNames(networkAddresses: [], hostname: "studio"), hostname: "studio")
    let pairing = PairingCodes(enabled: true, random: SeededRandomNumberGenerator(seed: 3))
    var server = PeachServerConfiguration(database: try AppDatabase.inMemory())
    server.pairing = pairing
    server.clients = .everyoneMustPair
    server.tls = identity
    let app = try await buildApplication(server)
    try await app.test(setup) { client in try await test(client, pairing, identity) }
}

@Suite("HTTPS on the LAN")
struct HTTPSServingTests {
    @Test("over HTTPS: the pairing gate with the certificate's download and the steps to trust it")
    func httpsServesTheGate() async throws {
        try await withHTTPSApp(.ahc(.https)) { client, pairing, identity in
            let page = try await client.execute(uri: "/", method: .get)
            #expect(page.status == .unauthorized)
            #expect(page.headers[.contentSecurityPolicy] != nil)
            let text = String(buffer: page.body)
            #expect(text.contains(#"<a id="certificate-download" href="/peach-ca.crt">"#))
            #expect(text.contains("Certificate Trust Settings"))
            #expect(text.contains("Install a certificate"))

            let certificate = try await client.execute(uri: "/peach-ca.crt", method: .get)
            #expect(certificate.status == .ok)
            #expect(certificate.headers[.contentType] == "application/x-x509-ca-cert")
            #expect(Array(buffer: certificate.body) == identity.authorityCertificate)

            let code = try #require(await pairing.validCode()).text
            let confirm = try await client.execute(uri: "/pair?code=\(code)", method: .get)
            #expect(confirm.status == .ok)
            #expect(String(buffer: confirm.body).contains("peach-ca.crt"))
        }
    }

    @Test("the session cookie is Secure when it is set over HTTPS, and only then")
    func secureCookie() {
        let token = SessionToken(text: "abc")
        #expect(token.setCookie(secure: true).hasSuffix("; HttpOnly; SameSite=Strict; Secure"))
        #expect(!token.setCookie(secure: false).contains("Secure"))
    }

    @Test("plain HTTP from a device is redirected to the same address over HTTPS, with 308")
    func httpRedirects() async throws {
        try await withHTTPSApp(.live) { client, _, _ in
            let response = try await client.execute(uri: "/pair?code=ABC", method: .get)
            #expect(response.status == .permanentRedirect)
            // The same `Host` (the live test client sends `localhost`), over HTTPS.
            #expect(response.headers[.location] == "https://localhost/pair?code=ABC")
            let post = try await client.execute(uri: "/pair", method: .post, body: ByteBuffer(string: "code=X"))
            #expect(post.status == .permanentRedirect)
            #expect(try await client.execute(uri: "/peach-ca.crt", method: .get).status == .permanentRedirect)
        }
    }

    @Test("without HTTPS there is no certificate to download and the pages do not offer one")
    func noAuthorityWithoutTLS() async throws {
        var server = PeachServerConfiguration(database: try AppDatabase.inMemory())
        server.pairing = PairingCodes(enabled: true)
        server.clients = .everyoneMustPair
        let app = try await buildApplication(server)
        try await app.test(.router) { client in
            #expect(try await client.execute(uri: "/peach-ca.crt", method: .get).status == .notFound)
            let page = try await client.execute(uri: "/", method: .get)
            #expect(!String(buffer: page.body).contains("peach-ca.crt"))
        }
    }

    @Test("a --tls-cert for *.example.com admits one label in its place as a Host, no more")
    func wildcardHosts() {
        var hosts = AllowedHosts.loopback(port: 8080)
        hosts.names.formUnion(["*.example.com", "peach.home.arpa"])
        #expect(hosts.allows(host: "peach.example.com:8080"))
        #expect(hosts.allows(host: "PEACH.Example.com:8080"))
        #expect(hosts.allows(host: "peach.home.arpa:8080"))
        #expect(!hosts.allows(host: "example.com:8080"))
        #expect(!hosts.allows(host: "a.peach.example.com:8080"))
        #expect(!hosts.allows(host: ".example.com:8080"))
        #expect(!hosts.allows(host: "peach.example.com:8081"))
    }

    @Test("the steps to trust the certificate exist in English and German, step for step")
    func textsInBothLanguages() {
        for texts in [CertificateTexts.english, .german] {
            #expect(texts.appleSteps.count == 4 && texts.androidSteps.count == 4)
        }
        let german = PairingPage(texts: .german, state: .required, offersAuthority: true).render()
        #expect(german.contains("Zertifikatsvertrauenseinstellungen"))
        #expect(german.contains("Verschlüsselung und Anmeldedaten"))
        let english = PairingPage(texts: .english, state: .required, offersAuthority: true).render()
        #expect(english.contains("Settings → General → About → Certificate Trust Settings"))
        #expect(english.contains("Encryption &amp; credentials → Install a certificate → CA certificate"))
        #expect(!PairingPage(texts: .english, state: .required).render().contains("peach-ca.crt"))
    }
}
