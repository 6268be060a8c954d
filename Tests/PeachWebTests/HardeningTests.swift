import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PeachCore
import PeachStore
import Testing

@testable import PeachWeb

/// Hardening: security headers on every response, writes only from Peach's own pages
/// on Peach's own addresses with the expected content type, and limits with a clear 4xx.
@Suite("Hardening")
struct HardeningTests {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let openerPolicy = HTTPField.Name("Cross-Origin-Opener-Policy")!
    static let sameOrigin: HTTPFields = [.origin: "http://localhost"]

    /// Every route of docs/api.md and docs/pages.md, and the error paths: a refused write, a
    /// malformed body, an unknown page, an unknown API address, a wrong method.
    static let requests: [(HTTPRequest.Method, String, String?, String)] =
        PageTests.paths.map { (.get, $0, nil, "") } + [
            (.get, "/healthz", nil, ""), (.get, "/favicon.svg", nil, ""),
            (.get, "/assets/pages/app.js", nil, ""), (.get, "/assets/peach.css", nil, ""),
            (.get, "/assets/nothing.js", nil, ""),
            (.get, "/api/sync/profile", nil, ""), (.post, "/api/sync/records", "application/json", #"{"records": []}"#),
            (.post, "/api/sync/records", "application/json", "{"),
            (.post, "/api/sync/settings", "application/json", #"{"settings": {}}"#),
            (.get, "/api/settings", nil, ""), (.put, "/api/settings", "application/json", #"{"referencePitch": 999}"#),
            (.put, "/api/settings", "text/plain", "x"), (.get, "/api/export", nil, ""),
            (.post, "/api/import", "text/csv", "nonsense"), (.post, "/api/reset", "application/json", "{}"),
            (.post, "/settings", "application/x-www-form-urlencoded", "referencePitch=999"),
            (.post, "/settings/reset", "application/x-www-form-urlencoded", ""),
            (.get, "/no/such/page", nil, ""), (.get, "/api/nothing", nil, ""), (.delete, "/api/settings", nil, ""),
        ]

    @Test(
        "every response has the CSP, nosniff, Referrer-Policy, COOP and Server-Timing headers — pages, assets, API, errors, 404"
    )
    func securityHeadersEverywhere() async throws {
        try await withApp(database: try .inMemory()) { client in
            for (method, uri, contentType, body) in Self.requests {
                var headers = Self.sameOrigin
                if let contentType { headers[.contentType] = contentType }
                let response = try await client.execute(
                    uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
                let csp = try #require(response.headers[.contentSecurityPolicy], "\(method) \(uri)")
                #expect(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'"))
                // Only WebAssembly compilation (the wasm core) is allowed, no inline script or eval.
                #expect(!csp.contains("'unsafe-inline'") && !csp.contains("'unsafe-eval'"), "\(method) \(uri)")
                #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(method) \(uri)")
                #expect(response.headers[Self.referrerPolicy] == "same-origin", "\(method) \(uri)")
                #expect(response.headers[Self.openerPolicy] == "same-origin", "\(method) \(uri)")
                // The server's own time, in milliseconds (W3C Server Timing).
                let timing = try #require(response.headers[ServerTimingMiddleware.header], "\(method) \(uri)")
                #expect(timing.hasPrefix("app;dur=") && Double(timing.dropFirst(8)).map { $0 >= 0 } == true)
            }
            // A refused cross-site write and a refused host have them too.
            let forged = try await client.execute(
                uri: "/api/reset", method: .post,
                headers: [.origin: "https://evil.example", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"confirm": true}"#))
            #expect(forged.status == .forbidden)
            #expect(forged.headers[.contentSecurityPolicy] != nil)
        }
    }

    @Test("no page has inline script, style elements, style attributes or inline event handlers")
    func noInlineCode() async throws {
        try await withApp(database: try .inMemory()) { client in
            for (method, uri, _, _) in Self.requests where method == .get && !uri.hasPrefix("/api") {
                let response = try await client.get(uri)
                guard response.headers[.contentType]?.hasPrefix("text/html") == true else { continue }
                let html = response.text.lowercased()
                #expect(!html.contains("<style"), "\(uri)")
                #expect(!html.contains(" style="), "\(uri)")
                #expect(!html.contains("javascript:"), "\(uri)")
                #expect(html.range(of: #"\son[a-z]+="#, options: .regularExpression) == nil, "\(uri)")
                // Every script is an external module.
                for script in html.components(separatedBy: "<script").dropFirst() {
                    #expect(script.prefix { $0 != ">" }.contains("src="), "\(uri)")
                }
            }
        }
    }

    @Test("a request addressed to another name (DNS rebinding) is refused with a 403, reads too")
    func unknownHost() async throws {
        let database = try AppDatabase.inMemory()
        // The router test client addresses `localhost` on port 80.
        try await withApp(database: database, allowedHosts: AllowedHosts(names: ["127.0.0.1"], port: nil)) { client in
            let page = try await client.get("/api/export")
            #expect(page.status == .forbidden)
            #expect(page.errorCode == "unknownHost")
            let write = try await client.execute(
                uri: "/api/reset", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"confirm": true}"#))
            #expect(write.errorCode == "unknownHost")
        }
        try await withApp(database: database, allowedHosts: .loopback(port: 8080)) { client in
            let response = try await client.get("/")
            #expect(response.status == .forbidden)
        }
        try await withApp(database: database, allowedHosts: .loopback(port: 80)) { client in
            let response = try await client.get("/")
            #expect(response.status == .ok)
        }
    }

    @Test("allowed hosts: loopback names on the served port only; a wildcard binding adds this machine's addresses")
    func allowedHostsMatching() {
        let hosts = AllowedHosts(servingHost: "127.0.0.1", port: 8080)
        #expect(hosts == .loopback(port: 8080))
        for allowed in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            #expect(hosts.allows(host: allowed), "\(allowed)")
        }
        for refused in [
            nil, "", "evil.example:8080", "127.0.0.1:8081", "127.0.0.1", "localhost.evil.example:8080",
            "127.0.0.1:8080:8080", "127.0.0.1:x", "[::1]x:8080", "127.0.0.2:8080", "::1:8080", "127.0.0.1:+8080",
            "127.0.0.1:08080",
        ] {
            #expect(!hosts.allows(host: refused), "\(refused ?? "nil")")
        }
        #expect(AllowedHosts(servingHost: "127.0.0.1", port: 0).allows(host: "localhost:51234"))
        #expect(AllowedHosts(servingHost: "192.168.1.20", port: 80).allows(host: "192.168.1.20"))
        #expect(AllowedHosts(servingHost: "::", port: 80).names.isSuperset(of: AllowedHosts.loopbackNames))
    }

    @Test("a write must come from this origin: Origin, else Sec-Fetch-Site and Referer, must match the Host")
    func crossSiteWrites() async throws {
        let database = try AppDatabase.inMemory()
        let site = HTTPField.Name("Sec-Fetch-Site")!
        let refused: [HTTPFields] = [
            [.origin: "https://evil.example"], [.origin: "null"], [.origin: "http://localhost:8080"],
            [.origin: "http://localhost.evil.example"], [.origin: "file://"], [.origin: "http://user@localhost"],
            [.referer: "https://evil.example/page"], [site: "cross-site"], [site: "same-site"],
            [.origin: "http://localhost", site: "cross-site"],
        ]
        try await withApp(database: database) { client in
            for headers in refused {
                var headers = headers
                headers[.contentType] = "application/json"
                let response = try await client.execute(
                    uri: "/api/settings", method: .put, headers: headers,
                    body: ByteBuffer(string: #"{"referencePitch": 441}"#))
                #expect(response.status == .forbidden, "\(headers)")
                #expect(response.errorCode == "crossSiteRequest", "\(headers)")
            }
            #expect(try await client.get("/api/settings").json[path: "settings", "referencePitch"] as? String == "440")
            let accepted: [HTTPFields] = [
                [.origin: "http://localhost"], [.origin: "https://localhost"], [.referer: "http://localhost/settings"],
                [site: "same-origin"], [site: "none"], [:],
            ]
            for headers in accepted {
                var headers = headers
                headers[.contentType] = "application/json"
                let response = try await client.execute(
                    uri: "/api/settings", method: .put, headers: headers,
                    body: ByteBuffer(string: #"{"referencePitch": 441}"#))
                #expect(response.status == .ok, "\(headers)")
            }
        }
    }

    @Test("API reads from another site are refused too (an <img> cannot read the history); pages stay open to links")
    func crossSiteReads() async throws {
        let site = HTTPField.Name("Sec-Fetch-Site")!
        try await withApp(database: try .inMemory()) { client in
            for headers: HTTPFields in [[site: "cross-site", .referer: "http://evil.example/"], [site: "same-site"]] {
                // Spelled with empty segments too, which the router ignores: the check must as well.
                for uri in [
                    "/api/sync/profile", "/api/export", "/api/settings", "//api/export", "/api//export",
                    "///api/sync//profile", "//api/settings/",
                ] {
                    for method: HTTPRequest.Method in [.get, .head] {
                        let response = try await client.execute(uri: uri, method: method, headers: headers)
                        #expect(response.status == .forbidden, "\(method) \(uri) \(headers)")
                    }
                }
                #expect(try await client.execute(uri: "/", method: .get, headers: headers).status == .ok)
            }
            for headers: HTTPFields in [[site: "same-origin"], [site: "none"], [:]] {
                let response = try await client.execute(uri: "/api/settings", method: .get, headers: headers)
                #expect(response.status == .ok, "\(headers)")
            }
        }
    }

    @Test("every write refuses another content type with a 415 and stores nothing")
    func contentTypes() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let writes: [(HTTPRequest.Method, String, String)] = [
                (.post, "/api/sync/records", #"{"records": [\#(syncRecord())]}"#),
                (.post, "/api/sync/settings", #"{"settings": {}}"#),
                (.put, "/api/settings", #"{"referencePitch": 441}"#), (.post, "/api/reset", #"{"confirm": true}"#),
                (.post, "/api/import", "# peach-export-format:3\n"), (.post, "/settings", "referencePitch=441"),
                (.post, "/settings/reset", "confirm=true"), (.post, "/settings/import", "--x--"),
            ]
            for (method, uri, body) in writes {
                for contentType in ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", nil] {
                    // Each form route's own type is not "another" type.
                    if uri == "/settings/import"
                        ? contentType == "multipart/form-data"
                        : uri.hasPrefix("/settings") && contentType == "application/x-www-form-urlencoded"
                    {
                        continue
                    }
                    var headers = Self.sameOrigin
                    if let contentType { headers[.contentType] = contentType }
                    let response = try await client.execute(
                        uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
                    #expect(response.status == .unsupportedMediaType, "\(method) \(uri) \(contentType ?? "none")")
                    if uri.hasPrefix("/api") { #expect(response.errorCode == "unsupportedMediaType") }
                }
            }
            #expect(try await client.get("/api/settings").json[path: "settings", "referencePitch"] as? String == "440")
        }
        #expect(try recordCount(database) == 0)
    }

    @Test("an overlong setting value is a 422 with a short message, from the API and the plain form")
    func longSettingValues() async throws {
        try await withApp(database: try .inMemory()) { client in
            let long = String(repeating: "P5up,", count: 200)
            let api = try await client.send(.put, "/api/settings", json: #"{"intervals": "\#(long)"}"#)
            #expect(api.status == .unprocessableContent)
            #expect(api.errorCode == "outOfRange")
            #expect(try #require(api.errorMessage).count < 200)
            let form = try await client.execute(
                uri: "/settings", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "referencePitch=" + String(repeating: "4", count: 300)))
            #expect(form.status == .unprocessableContent)
            let unknownKey = try await client.send(
                .put, "/api/settings", json: #"{"\#(String(repeating: "k", count: 5000))": 1}"#)
            #expect(unknownKey.status == .badRequest)
            #expect(try #require(unknownKey.errorMessage).count < 200)
            let value = try await client.send(
                .put, "/api/settings", json: #"{"referencePitch": "\#(String(repeating: "9", count: 200))"}"#)
            #expect(value.status == .unprocessableContent)
            #expect(try #require(value.errorMessage).count < 200)
        }
    }

    @Test("a method an address does not take is a 405 with Allow; HEAD is served wherever GET is")
    func methodNotAllowed() async throws {
        let cases: [(HTTPRequest.Method, String, String)] = [
            (.options, "/api/sync/profile", "GET, HEAD"), (.trace, "/api/sync/profile", "GET, HEAD"),
            (.delete, "/api/settings", "GET, HEAD, PUT"), (.put, "/api/sync/records", "POST"),
            (.patch, "/settings", "GET, HEAD, POST"), (.post, "/", "GET, HEAD"),
        ]
        try await withApp(database: try .inMemory()) { client in
            for (method, uri, allow) in cases {
                let response = try await client.execute(uri: uri, method: method, headers: [:])
                #expect(response.status == .methodNotAllowed, "\(method) \(uri)")
                #expect(response.headers[.allow] == allow, "\(method) \(uri)")
                if uri.hasPrefix("/api/") { #expect(response.errorCode == "methodNotAllowed", "\(method) \(uri)") }
            }
            let german = try await client.execute(uri: "/", method: .post, headers: [.acceptLanguage: "de"])
            // A page, as a browser shows it: the frame, a heading and the way back to Start.
            #expect(german.text.hasPrefix("<!DOCTYPE html>\n<html lang=\"de\">"))
            #expect(german.text.contains("<h1>Diese Anfrage wurde abgelehnt</h1>"))
            #expect(german.text.contains("Diese Adresse nimmt diese Methode nicht an."))
            #expect(german.text.contains("<a href=\"/\">"))
            let head = try await client.execute(uri: "/settings", method: .head, headers: [:])
            #expect(head.status == .ok)
            #expect(head.body.readableBytes == 0)
            #expect(try await client.get("/api/nothing").status == .notFound)
        }
    }

    @Test(
        "a name repeated in one object is found, escapes decoded; the same name in another object or in a value is not",
        arguments: [
            (#"{"a": 1, "a": 2}"#, "a"), (#"{"a": 1, "\u0061": 2}"#, "a"), (#"{"a": {"a": 1}}"#, nil),
            (#"{"a": "a", "b": ["a", "a"]}"#, nil), (#"{"x": {"b": 1, "b": 2}}"#, "b"), (#"[{"a": 1}, {"a": 2}]"#, nil),
            (#"{"a\"b": 1, "a\"b": 2}"#, "a\"b"), (#"{"s": "{\"a\": 1, \"a\": 2}"}"#, nil), ("{}", nil), ("[]", nil),
        ] as [(String, String?)])
    func repeatedKey(json: String, expected: String?) {
        #expect(StrictDecoding.leniency(in: Data(json.utf8)) == expected.map { .repeatedKey($0) })
    }

    @Test(
        "a trailing comma is found; a comma inside a string is not",
        arguments: [
            (#"{"a": 1,}"#, true), ("[1, 2 ,\n]", true), (#"{"a": [1,], "b": 2}"#, true), (#"{"a": ",}"}"#, false),
            (#"{"a": 1, "b": 2}"#, false),
        ])
    func trailingComma(json: String, found: Bool) {
        #expect((StrictDecoding.leniency(in: Data(json.utf8)) == .trailingComma) == found)
    }

    @Test("bytes that are not JSON (unbalanced, cut inside a string, UTF-16) never trap")
    func neverTraps() {
        let inputs: [[UInt8]] = [
            Array("}}}]]".utf8), Array(#"{"a"#.utf8), Array(#"{"a\"#.utf8),
            Array(#"{"language":"∀}}}}"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] },
        ]
        for input in inputs { _ = StrictDecoding.leniency(in: Data(input)) }
    }
}

@Suite("Connections")
struct ConnectionTests {
    /// Connects to 127.0.0.1:`port`, sends `bytes` (then, with `halfClose`, ends its side) and
    /// reads until the server closes the connection, at most 30 s: what the server sent, or nil
    /// if it kept the connection open that long. The limit is far above any timeout under test:
    /// with the whole suite running on two busy cores, an answer has taken over 5 s.
    ///
    /// The socket calls block, so they run on a thread of their own: on the cooperative pool
    /// (one thread per core, two here) two such tests at once would leave the server under test
    /// no thread to answer them on.
    static func exchange(port: Int, sending bytes: String, halfClose: Bool = false) async -> String? {
        await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(returning: blockingExchange(port: port, sending: bytes, halfClose: halfClose))
            }
            .start()
        }
    }

    private static func blockingExchange(port: Int, sending bytes: String, halfClose: Bool) -> String? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = bytes.withCString { send(socket, $0, strlen($0), 0) }
        if halfClose { shutdown(socket, Int32(SHUT_WR)) }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            if count > 0 {
                received += buffer[0..<count]
            } else if count == 0 || errno == ECONNRESET {
                return String(decoding: received, as: UTF8.self)
            } else {
                return nil
            }
        }
    }

    @Test("a body cut short of its Content-Length is a 400 malformedRequest, not a 500, and stores nothing")
    func truncatedBody() async throws {
        let database = try AppDatabase.inMemory()
        let app = try await buildApplication(liveServer(database))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let response = try #require(
                await Self.exchange(
                    port: port,
                    sending: "PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                        + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"referencePitch\": 4",
                    halfClose: true))
            #expect(response.hasPrefix("HTTP/1.1 400"), "\(response.prefix(200))")
            #expect(response.contains("\"malformedRequest\""))
        }
        #expect(try database.loadSettings().referencePitch.hertz == 440)
    }

    @Test("a request with two Host headers is a 400, whichever of them is this server's")
    func twoHosts() async throws {
        let database = try AppDatabase.inMemory()
        let app = try await buildApplication(liveServer(database))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            let own = "Host: 127.0.0.1:\(port)\r\n"
            let other = "Host: evil.example\r\n"
            for hosts in [own + other, other + own, own + own] {
                let response = try #require(
                    await Self.exchange(
                        port: port,
                        sending: "PUT /api/settings HTTP/1.1\r\n\(hosts)Content-Type: application/json\r\n"
                            + "Content-Length: 24\r\nConnection: close\r\n\r\n{\"referencePitch\": 415}"))
                #expect(response.hasPrefix("HTTP/1.1 400"), "\(response.prefix(200))")
                #expect(response.contains("\"malformedRequest\""))
            }
            #expect(try await client.get("/healthz").status == .ok)
        }
        #expect(try database.loadSettings().referencePitch.hertz == 440)
    }

    @Test("a request target in absolute form is held to the allowed hosts: another host is a 403, whatever Host says")
    func absoluteFormTarget() async throws {
        let app = try await buildApplication(liveServer(try AppDatabase.inMemory()))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // RFC 9112 §3.2.2: the target's authority wins over the Host header.
            let cases = [
                ("http://other.example/api/settings", "127.0.0.1:\(port)", "HTTP/1.1 403"),
                ("HTTP://Other.Example:\(port)/healthz", "127.0.0.1:\(port)", "HTTP/1.1 403"),
                ("http://user@127.0.0.1:\(port)/healthz", "127.0.0.1:\(port)", "HTTP/1.1 403"),
                ("ftp://127.0.0.1:\(port)/healthz", "127.0.0.1:\(port)", "HTTP/1.1 403"),
                ("http://127.0.0.1:\(port)/api/settings", "other.example", "HTTP/1.1 200"),
                ("/api/settings", "other.example", "HTTP/1.1 403"),
            ]
            for (target, host, expected) in cases {
                let response = try #require(
                    await Self.exchange(
                        port: port, sending: "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n\r\n"))
                #expect(response.hasPrefix(expected), "\(target) with Host \(host): \(response.prefix(100))")
                if expected.hasSuffix("403") && target.hasSuffix("/api/settings") {
                    #expect(response.contains("\"unknownHost\""))
                }
            }
        }
    }

    @Test("a request whose body trickles is cut off at the request timeout; the server serves on")
    func tricklingBodyIsCutOff() async throws {
        let database = try AppDatabase.inMemory()
        var server = liveServer(database)
        server.connectionLimits = ConnectionLimits(requestTimeout: .milliseconds(300))
        let app = try await buildApplication(server)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // The head is whole, 5 of 100 body bytes arrive, and the client waits: the
            // connection used to stay open (then `exchange` gives nil after 30 s).
            let response = await Self.exchange(
                port: port,
                sending: "PUT /api/settings HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
                    + "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"ref")
            #expect(response != nil)
            #expect(try await client.get("/healthz").status == .ok)
        }
        #expect(try database.loadSettings().referencePitch.hertz == 440)
    }

    @Test("network connections are limited per address and together, leaving this machine a share")
    func connectionCounter() {
        let counter = ConnectionCounter(limits: ConnectionLimits(total: 40, perNetworkAddress: 16, localReserve: 8))
        for _ in 0..<16 { #expect(counter.admit("192.0.2.7")) }
        #expect(!counter.admit("192.0.2.7"))
        for _ in 0..<16 { #expect(counter.admit("192.0.2.8")) }
        // 32 = 40 − 8: the other 8 are for this machine's own connections.
        #expect(!counter.admit("192.0.2.9"))
        counter.release("192.0.2.7")
        #expect(counter.admit("192.0.2.9"))
        #expect(!counter.admit("192.0.2.7"))
        #expect(counter.networkConnections == 32)
    }

    @Test("the connection limits stay 128 descriptors below the open-file limit, at most 4,096")
    func limitsFitTheOpenFileLimit() {
        #expect(ConnectionLimits(openFileLimit: 2048).total == 1920)
        #expect(ConnectionLimits(openFileLimit: 2048).localReserve == 120)
        #expect(ConnectionLimits(openFileLimit: 20000).total == 4096)
        #expect(ConnectionLimits(openFileLimit: 256).total == 128)
        #expect(ConnectionLimits(openFileLimit: 100).total == 16)
    }

    @Test("a connection that sends half a request head, or nothing, is closed after the idle timeout")
    func idleConnectionsClosed() async throws {
        var server = liveServer(try AppDatabase.inMemory())
        server.idleTimeout = .milliseconds(200)
        let app = try await buildApplication(server)
        try await app.test(.live) { client in
            let port = try #require(client.port)
            // A whole request is answered. Sent at once on a connection of its own: the test
            // client's connection may sit idle past the 200 ms while a loaded machine runs the
            // other suites, and be closed, as it should be, before it sends anything.
            let answer = await Self.exchange(
                port: port, sending: "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(answer?.hasPrefix("HTTP/1.1 200") == true, "\(answer ?? "no connection")")
            // Closed without an answer: half a head, or nothing at all.
            #expect(await Self.exchange(port: port, sending: "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-a: ") == "")
            #expect(await Self.exchange(port: port, sending: "") == "")
        }
    }
}
