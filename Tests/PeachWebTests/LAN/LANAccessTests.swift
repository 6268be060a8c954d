import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PeachCore
import PeachStore
import Testing

@testable import PeachWeb

/// Runs `test` against an app in which every client must pair (as a device on the network
/// would), with the pairing codes it hands out.
private func withLANApp(
    database: AppDatabase, clock: TestClock = TestClock(), clients: ClientAddressClassifier = .everyoneMustPair,
    _ test: @escaping @Sendable (any TestClientProtocol, PairingCodes) async throws -> Void
) async throws {
    let pairing = PairingCodes(enabled: true, random: SeededRandomNumberGenerator(seed: 3), now: { clock.now })
    var server = PeachServerConfiguration(database: database)
    server.pairing = pairing
    server.clients = clients
    server.now = { clock.now }
    let app = try await buildApplication(server)
    try await app.test(.router) { client in try await test(client, pairing) }
}

extension TestClientProtocol {
    fileprivate func postPair(_ code: String, language: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [
            .contentType: "application/x-www-form-urlencoded",
            .userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1",
        ]
        if let language { headers[.acceptLanguage] = language }
        return try await execute(
            uri: "/pair", method: .post, headers: headers, body: ByteBuffer(string: "code=\(code)"))
    }

    fileprivate func get(_ uri: String, cookie: String?, language: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let cookie { headers[.cookie] = cookie }
        if let language { headers[.acceptLanguage] = language }
        return try await execute(uri: uri, method: .get, headers: headers)
    }
}

/// `name=value` of a `Set-Cookie` header, as a browser sends it back.
private func cookiePair(_ response: TestResponse) throws -> String {
    let setCookie = try #require(response.headers[.setCookie])
    return String(try #require(setCookie.split(separator: ";").first))
}

@Suite("LAN mode: pairing and device sessions")
struct LANAccessTests {
    @Test("a pairing code shows a confirmation on GET, pairs on POST, and then stops working")
    func codeWorksOnce() async throws {
        let database = try AppDatabase.inMemory()
        try await withLANApp(database: database) { client, pairing in
            let code = try #require(await pairing.validCode()).text
            let confirm = try await client.get("/pair?code=\(code)")
            #expect(confirm.status == .ok)
            #expect(confirm.text.contains(#"<form id="pair-form" method="post" action="/pair">"#))
            #expect(confirm.text.contains(#"<body data-page="pair">"#))
            // Looking at the link (a link preview, a prefetch) pairs nothing and uses nothing.
            #expect(try database.devices().isEmpty)
            #expect(await pairing.isValid(code))

            let paired = try await client.postPair(code)
            #expect(paired.status == .seeOther)
            #expect(paired.headers[.location] == "/")
            let devices = try database.devices()
            #expect(devices.map(\.name) == ["iPhone · Safari"])
            #expect(devices.first?.createdAt == TestClock().now)

            let again = try await client.postPair(code)
            #expect(again.status == .gone)
            #expect(again.headers[.setCookie] == nil)
            #expect(again.text.contains("already used, has expired or was mistyped"))
            #expect(again.text.contains("<a href=\"/\">Back to Start</a>"))
            #expect(try await client.get("/pair?code=\(code)").status == .gone)
            let german = try await client.postPair(code, language: "de")
            #expect(german.text.contains("schon benutzt, ist abgelaufen oder wurde falsch eingegeben"))
            #expect(try database.devices().count == 1)
            // The next device gets a fresh code.
            let next = try #require(await pairing.validCode()).text
            #expect(next != code)
            #expect(next.count == 10)
            #expect(next.allSatisfy { PairingCode.alphabet.contains($0) })
        }
    }

    @Test("the session cookie is long, random, HttpOnly, SameSite=Strict, Path=/, not Secure on plain HTTP")
    func cookieAttributes() async throws {
        let database = try AppDatabase.inMemory()
        try await withLANApp(database: database) { client, pairing in
            let first = try await client.postPair(try #require(await pairing.validCode()).text)
            let second = try await client.postPair(try #require(await pairing.validCode()).text)
            let setCookie = try #require(first.headers[.setCookie])
            let attributes = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(attributes.contains("HttpOnly"))
            #expect(attributes.contains("SameSite=Strict"))
            #expect(attributes.contains("Path=/"))
            #expect(!attributes.contains { $0.lowercased() == "secure" })
            let token = try cookiePair(first).dropFirst("peach_session=".count)
            #expect(token.count == 43)  // 256 bits in base64url
            #expect(try cookiePair(first) != cookiePair(second))
            #expect(try database.devices().count == 2)
        }
    }

    @Test("the 401 page has a field to type the code; a typed code pairs in any case with spaces around it")
    func typedCodePairs() async throws {
        let database = try AppDatabase.inMemory()
        try await withLANApp(database: database) { client, pairing in
            let page = try await client.get("/", cookie: nil)
            #expect(page.status == .unauthorized)
            #expect(page.text.contains(#"<form id="pair-code-form" method="post" action="/pair">"#))
            #expect(page.text.contains(#"<label for="pair-code">Pairing code</label>"#))
            #expect(page.text.contains(#"name="code""#) && page.text.contains(#"autocomplete="one-time-code""#))
            let code = try #require(await pairing.validCode()).text
            let confirm = try await client.get("/pair?code=\(code)")
            #expect(confirm.text.contains("type this code: <code>\(code)</code>"), "shown for Peach on a Home Screen")
            let typed = try await client.postPair("+\(code.lowercased())+")  // "+" is a space in a form body
            #expect(typed.status == .seeOther)
            #expect(try database.devices().count == 1)
            let wrong = try await client.postPair("WRONGCODE2")
            #expect(wrong.status == .gone)
            #expect(wrong.text.contains(#"<form id="pair-code-form""#), "another try, in place")
        }
    }

    @Test("without a session, with an invalid one or a revoked one: 401 page or JSON that explains pairing")
    func unpairedIsRefused() async throws {
        let database = try AppDatabase.inMemory()
        try await withLANApp(database: database) { client, pairing in
            let page = try await client.get("/", cookie: nil)
            #expect(page.status == .unauthorized)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.text.contains("peach serve --lan"))
            #expect(page.text.contains("scan its QR code"))
            let german = try await client.get("/settings", cookie: nil, language: "de")
            #expect(german.status == .unauthorized)
            #expect(german.text.contains("Zuerst dieses Gerät koppeln"))

            let api = try await client.get("/api/sync/profile", cookie: nil)
            #expect(api.status == .unauthorized)
            #expect(api.errorCode == "pairingRequired")
            #expect(api.errorMessage?.contains("peach serve --lan") == true)
            let write = try await client.send(.put, "/api/settings", json: #"{"referencePitch": 442}"#)
            #expect(write.status == .unauthorized)
            #expect(try database.loadSettings().referencePitch.hertz == 440)

            let invalid = try await client.get("/", cookie: "peach_session=not-a-session")
            #expect(invalid.status == .unauthorized)

            // The pairing page and what it loads stay reachable.
            #expect(try await client.get("/assets/peach.css", cookie: nil).status == .ok)
            #expect(try await client.get("/pair?code=WRONG", cookie: nil).status == .gone)

            let cookie = try cookiePair(try await client.postPair(try #require(await pairing.validCode()).text))
            #expect(try await client.get("/", cookie: cookie).status == .ok)
            #expect(try await client.get("/api/sync/profile", cookie: cookie).status == .ok)

            let device = try #require(try database.devices().first)
            #expect(try database.removeDevice(id: device.id))
            let revoked = try await client.get("/", cookie: cookie)
            #expect(revoked.status == .unauthorized)
            #expect(try !database.removeDevice(id: device.id))

            // The next device never gets the revoked one's id.
            let later = try await database.addDevice(name: "x", tokenHash: Data(count: 32), at: device.createdAt + 1)
            #expect(later.id > device.id)
        }
    }

    @Test(
        "after 10 wrong pairing codes in a minute an address gets a 429, even for the valid code, until the minute is over"
    )
    func wrongCodesAreThrottled() async throws {
        let database = try AppDatabase.inMemory()
        let clock = TestClock()
        try await withLANApp(database: database, clock: clock) { client, pairing in
            // Looking a code up is a guess as well as posting it.
            for attempt in 0..<PairingAttempts.limit {
                let response =
                    attempt.isMultiple(of: 2)
                    ? try await client.postPair("WRONG\(attempt)") : try await client.get("/pair?code=WRONG\(attempt)")
                #expect(response.status == .gone)
            }
            let code = try #require(await pairing.validCode()).text
            let refused = try await client.postPair(code, language: "de")
            #expect(refused.status == .tooManyRequests)
            #expect(refused.headers[.retryAfter] == "60")
            #expect(refused.text.contains("Zu viele falsche Kopplungscodes"))
            #expect(try await client.get("/pair?code=\(code)").status == .tooManyRequests)
            #expect(try database.devices().isEmpty)
            // The valid code was not checked, so it was not used up either.
            #expect(await pairing.isValid(code))
            clock.advance(by: 59)
            #expect(try await client.postPair(code).status == .tooManyRequests)
            clock.advance(by: 1)
            #expect(try await client.postPair(code).status == .seeOther)
        }
    }

    @Test("loopback is 127.0.0.0/8, ::1 and IPv4-mapped 127.x; every other address is the network")
    func loopbackAddresses() throws {
        func isLoopback(_ ip: String) throws -> Bool {
            ClientAddressClassifier.isLoopback(try SocketAddress(ipAddress: ip, port: 1))
        }
        for ip in ["127.0.0.1", "127.5.6.7", "::1", "::ffff:127.0.0.1"] { #expect(try isLoopback(ip), "\(ip)") }
        for ip in ["192.0.2.7", "10.0.0.1", "128.0.0.1", "::2", "2001:db8::1", "::ffff:192.0.2.7"] {
            #expect(try !isLoopback(ip), "\(ip)")
        }
    }

    @Test("wrong codes count per address: IPv4 alone, IPv6 by its /64, IPv4-mapped IPv6 as IPv4")
    func attemptsPerAddress() throws {
        func key(_ ip: String) throws -> String {
            ClientAddressClassifier.key(of: try SocketAddress(ipAddress: ip, port: 1))
        }
        #expect(try key("192.0.2.7") == "192.0.2.7")
        #expect(try key("::ffff:192.0.2.7") == "192.0.2.7")
        #expect(try key("2001:db8:1:2::1") == "2001:db8:1:2::/64")
        #expect(try key("2001:db8:1:2:aaaa::9") == key("2001:db8:1:2::1"))
        #expect(try key("2001:db8:1:3::1") != key("2001:db8:1:2::1"))
        #expect(ClientAddressClassifier.key(of: nil) == "unknown")
        var attempts = PairingAttempts()
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        for _ in 0..<PairingAttempts.limit { attempts.fail("192.0.2.7", at: now) }
        let throttled = !attempts.mayTry("192.0.2.7", at: now + 30)
        let otherMay = attempts.mayTry("192.0.2.8", at: now + 30)
        let laterMay = attempts.mayTry("192.0.2.7", at: now + 60)
        #expect(throttled && otherMay && laterMay)
    }

    @Test("a device's name loses direction overrides, control and format characters, stored and shown")
    func deviceNamesAreSanitized() async throws {
        let database = try AppDatabase.inMemory()
        try await withLANApp(database: database) { client, pairing in
            let code = try #require(await pairing.validCode()).text
            let response = try await client.execute(
                uri: "/pair", method: .post,
                headers: [
                    .contentType: "application/x-www-form-urlencoded",
                    .userAgent: "Evil\u{202E}txt.exe\u{202C}\u{200B} \t Bot\u{2066}",
                ],
                body: ByteBuffer(string: "code=\(code)"))
            #expect(response.status == .seeOther)
            #expect(try database.devices().map(\.name) == ["Eviltxt.exe Bot"])
        }
        #expect(PairedDevice.sanitizedName("\u{202E}\u{200F}\n") == "?")
        #expect(PairedDevice.sanitizedName("a\u{1B}[31mb\r\nc") == "a[31mbc")
        #expect(PairedDevice.sanitizedName("iPhone · Safari") == "iPhone · Safari")
        #expect(PairedDevice.sanitizedName("Ärger  mit\u{00A0}Umlauten") == "Ärger mit Umlauten")
    }

    @Test("a pairing code expires after 10 minutes and a fresh one replaces it")
    func codeExpires() async throws {
        let database = try AppDatabase.inMemory()
        let clock = TestClock()
        try await withLANApp(database: database, clock: clock) { client, pairing in
            let code = try #require(await pairing.validCode())
            #expect(code.expiresAt == clock.now + 600)
            clock.advance(by: 599)
            #expect(await pairing.isValid(code.text))
            clock.advance(by: 1)
            #expect(try await client.get("/pair?code=\(code.text)").status == .gone)
            #expect(try await client.postPair(code.text).status == .gone)
            #expect(try database.devices().isEmpty)
            let fresh = try #require(await pairing.validCode())
            #expect(fresh.text != code.text)
            #expect(try await client.postPair(fresh.text).status == .seeOther)
        }
    }

    @Test("without LAN mode there is no code, so /pair pairs nothing")
    func noCodeWithoutLAN() async throws {
        let pairing = PairingCodes(enabled: false)
        #expect(await pairing.validCode() == nil)
        #expect(await !pairing.consume(""))
    }

    @Test("a new code is announced each time one is used")
    func announcesFreshCodes() async throws {
        let announced = Announced()
        let pairing = PairingCodes(enabled: true, random: SeededRandomNumberGenerator(seed: 1))
        await pairing.announce { announced.append($0.text) }
        let first = try #require(await pairing.validCode()).text
        #expect(await pairing.consume(first.lowercased()))
        #expect(await !pairing.consume(first))
        let texts = announced.texts
        #expect(texts.count == 2)
        #expect(texts.first == first)
        #expect(texts.last == (await pairing.validCode())?.text)
    }

    @Test("loopback is local; other addresses, and an unknown one, must pair")
    func classifier() throws {
        let classifier = ClientAddressClassifier.loopbackIsLocal
        func isLocal(_ ip: String?) throws -> Bool {
            try classifier.isLocal(ip.map { try SocketAddress(ipAddress: $0, port: 1) })
        }
        #expect(try isLocal("127.0.0.1"))
        #expect(try isLocal("127.3.2.1"))
        #expect(try isLocal("::1"))
        #expect(try isLocal("::ffff:127.0.0.1"))
        #expect(try !isLocal("192.168.1.20"))
        #expect(try !isLocal("10.0.0.1"))
        #expect(try !isLocal("128.0.0.1"))
        #expect(try !isLocal("::ffff:10.0.0.1"))
        #expect(try !isLocal("fe80::1"))
        #expect(try !isLocal(nil))
    }

    @Test("over a real loopback connection the default classifier keeps Peach open without pairing")
    func loopbackStaysOpen() async throws {
        var server = liveServer(try AppDatabase.inMemory())
        server.pairing = PairingCodes(enabled: true)
        let app = try await buildApplication(server)
        try await app.test(.live) { client in
            let page = try await client.get("/")
            let api = try await client.get("/api/settings")
            #expect(page.status == .ok)
            #expect(api.status == .ok)
        }
    }

    @Test("sync from an unpaired device, an invalid session or a revoked one is refused and stores nothing")
    func syncNeedsPairing() async throws {
        let database = try AppDatabase.inMemory()
        try await withLANApp(database: database) { client, pairing in
            func upload(cookie: String?) async throws -> TestResponse {
                var headers: HTTPFields = [.contentType: "application/json"]
                if let cookie { headers[.cookie] = cookie }
                return try await client.execute(
                    uri: "/api/sync/records", method: .post, headers: headers,
                    body: ByteBuffer(string: #"{"records": [\#(syncRecord())]}"#))
            }
            for cookie in [nil, "peach_session=not-a-session"] {
                let refused = try await upload(cookie: cookie)
                #expect(refused.status == .unauthorized)
                #expect(refused.errorCode == "pairingRequired")
            }
            let cookie = try cookiePair(try await client.postPair(try #require(await pairing.validCode()).text))
            #expect(try await upload(cookie: cookie).status == .ok)
            #expect(try recordCount(database) == 1)
            let device = try #require(try database.devices().first)
            #expect(try database.removeDevice(id: device.id))
            let revoked = try await upload(cookie: cookie)
            #expect(revoked.status == .unauthorized)
            #expect(revoked.errorCode == "pairingRequired")
            for uri in ["/api/sync/profile"] {
                #expect(try await client.get(uri, cookie: cookie).status == .unauthorized)
            }
            var settings: HTTPFields = [.contentType: "application/json"]
            settings[.cookie] = cookie
            let settingsWrite = try await client.execute(
                uri: "/api/sync/settings", method: .post, headers: settings,
                body: ByteBuffer(string: #"{"settings": {"referencePitch": {"value": "442", "changedAt": 1}}}"#))
            #expect(settingsWrite.status == .unauthorized)
        }
        #expect(try recordCount(database) == 1)
        #expect(try database.loadSettings().referencePitch.hertz == 440)
    }

    @Test("every sentence of the docs about a revoked device names the status the server answers it: 401")
    func docsNameTheRevokedStatus() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var sentences = 0
        for name in ["docs/api.md", "docs/sync.md", "docs/cli.md", "docs/pages.md", "docs/openapi.yaml"] {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
                .replacingOccurrences(of: "\n", with: " ")
            for sentence in text.components(separatedBy: ". ") where sentence.contains("revoked") {
                let statuses = sentence.split(whereSeparator: { !$0.isNumber }).filter {
                    $0.count == 3 && $0.hasPrefix("4")
                }
                guard !statuses.isEmpty else { continue }
                sentences += 1
                #expect(statuses.allSatisfy { $0 == "401" }, "\(name): \(sentence)")
            }
        }
        #expect(sentences >= 3)
    }

    @Test("device names come from the User-Agent")
    func deviceNames() {
        #expect(
            DeviceName(
                userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36"
            )
            .text == "Android · Chrome")
        #expect(
            DeviceName(
                userAgent:
                    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Safari/604.1"
            )
            .text == "iPad · Safari")
        #expect(DeviceName(userAgent: "curl/8.5.0").text == "curl/8.5.0")
        #expect(DeviceName(userAgent: nil).text == "Unknown device")
    }
}

/// Codes announced by `PairingCodes`, collected from its callback.
private final class Announced: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ text: String) { lock.withLock { stored.append(text) } }
    var texts: [String] { lock.withLock { stored } }
}
