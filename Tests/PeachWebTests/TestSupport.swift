import HTTPTypes
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PeachCore
import PeachStore
import Testing

@testable import PeachWeb

/// A clock the tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date(timeIntervalSince1970: 1_780_000_000)) {
        current = start
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    func advance(by seconds: TimeInterval) {
        lock.lock()
        current += seconds
        lock.unlock()
    }
}

/// Runs `test` against the app built on `database` with a seeded generator and a test clock.
func withApp(
    database: AppDatabase, seed: UInt64 = 7, clock: TestClock = TestClock(),
    allowedHosts: AllowedHosts = .loopback(port: nil),
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    // The router test client sends `Host: localhost` without a port.
    let app = try await buildApplication(
        database: database, allowedHosts: allowedHosts, clients: .everyoneIsLocal,
        random: SeededRandomNumberGenerator(seed: seed), now: { clock.now })
    try await app.test(.router) { client in try await test(client) }
}

extension TestClientProtocol {
    func get(_ uri: String, language: String? = nil) async throws -> TestResponse {
        var headers: HTTPFields = [:]
        if let language { headers[.acceptLanguage] = language }
        return try await execute(uri: uri, method: .get, headers: headers)
    }

    /// Sends `body` as JSON text (so that malformed bodies can be sent too).
    func send(
        _ method: HTTPRequest.Method, _ uri: String, json body: String, contentType: String = "application/json",
        language: String? = nil
    ) async throws -> TestResponse {
        var headers: HTTPFields = [.contentType: contentType]
        if let language { headers[.acceptLanguage] = language }
        return try await execute(uri: uri, method: method, headers: headers, body: ByteBuffer(string: body))
    }

    /// Issues an exercise of `mode` and returns its JSON.
    func nextExercise(_ mode: String, language: String? = nil) async throws -> [String: Any] {
        let response = try await get("/api/exercises/next?mode=\(mode)", language: language)
        #expect(response.status == .ok)
        return try #require(response.json["exercise"] as? [String: Any])
    }

    func answer(_ id: String, _ body: String, language: String? = nil) async throws -> TestResponse {
        try await send(.post, "/api/exercises/\(id)/answer", json: body, language: language)
    }
}

extension TestResponse {
    var text: String { String(buffer: body) }

    var json: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// The `code` of an error body.
    var errorCode: String? {
        (json["error"] as? [String: Any])?["code"] as? String
    }

    var errorMessage: String? {
        (json["error"] as? [String: Any])?["message"] as? String
    }
}

extension Dictionary where Key == String, Value == Any {
    subscript(path path: String...) -> Any? {
        var value: Any? = self
        for key in path { value = (value as? [String: Any])?[key] }
        return value
    }

    func double(_ path: String...) -> Double {
        var value: Any? = self
        for key in path { value = (value as? [String: Any])?[key] }
        return (value as? Double) ?? (value as? Int).map(Double.init) ?? .nan
    }

    func string(_ path: String...) -> String? {
        var value: Any? = self
        for key in path { value = (value as? [String: Any])?[key] }
        return value as? String
    }
}

/// The signed distance of a comparison's target from its reference, in cents.
func targetCents(_ exercise: [String: Any]) -> Double {
    1200 * log2(exercise.double("target", "frequency") / exercise.double("reference", "frequency"))
}

func recordCount(_ database: AppDatabase) throws -> Int {
    try database.recordCounts().total
}

extension ClientAddressClassifier {
    /// Every connection is local (tests of the app without pairing).
    static let everyoneIsLocal = ClientAddressClassifier { _ in true }
}
