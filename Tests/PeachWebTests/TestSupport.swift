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

/// The server on `database` at 127.0.0.1 on a port the system chooses, for `app.test(.live)`:
/// the tests that need a real connection.
func liveServer(_ database: AppDatabase) -> PeachServerConfiguration {
    var server = PeachServerConfiguration(database: database)
    server.application = ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0))
    return server
}

/// Runs `test` against the app built on `database` with a test clock.
func withApp(
    database: AppDatabase, clock: TestClock = TestClock(),
    allowedHosts: AllowedHosts = .loopback(port: nil), sounds: SoundShelf = .none,
    _ test: @escaping @Sendable (any TestClientProtocol) async throws -> Void
) async throws {
    // The router test client sends `Host: localhost` without a port.
    var server = PeachServerConfiguration(database: database)
    server.allowedHosts = allowedHosts
    server.clients = .everyoneIsLocal
    server.now = { clock.now }
    server.sounds = sounds
    let app = try await buildApplication(server)
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

    /// Uploads records (JSON objects, see `syncRecord`) to `POST /api/sync/records`.
    func upload(_ records: [String], language: String? = nil) async throws -> TestResponse {
        try await send(
            .post, "/api/sync/records", json: #"{"records": ["# + records.joined(separator: ", ") + "]}",
            language: language)
    }

    /// Uploads one record and expects it accepted: how the tests put a record on the server.
    func uploadAccepted(_ record: String = syncRecord()) async throws {
        let response = try await upload([record])
        #expect(response.status == .ok)
        #expect((response.json["accepted"] as? [String])?.count == 1, "\(response.text)")
    }
}

/// One record of an upload as a device sends it: a comparison (centOffset 12.5, correct) or,
/// with `type: "pitchMatching"`, a pitch matching (initial offset 30, error -4), a quarter of an
/// hour before the test clock's start; `fields` replaces or adds fields (raw JSON values).
func syncRecord(
    id: String = UUID().uuidString.lowercased(), type: String = "pitchDiscrimination",
    timestamp: Int64 = 1_779_999_100_000, reference: Int = 60, target: Int = 60, fields: [String: String] = [:]
) -> String {
    var values: [String: String] = [
        "id": "\"\(id)\"", "trainingType": "\"\(type)\"", "timestamp": String(timestamp),
        "referenceNote": String(reference), "targetNote": String(target), "tuningSystem": "\"equalTemperament\"",
    ]
    if type.hasSuffix("RhythmMatching") || type.hasPrefix("rhythm") {
        values = ["id": values["id"]!, "trainingType": values["trainingType"]!, "timestamp": values["timestamp"]!]
        values["tempoBPM"] = "80"
    }
    if type == "rhythmOffsetDetection" {
        values["offsetMs"] = "-12.5"
        values["isCorrect"] = "true"
    } else if type == "continuousRhythmMatching" {
        values["meanOffsetMs"] = "3.5"
        values["meanOffsetMsPosition0"] = "2"
        values["meanOffsetMsPosition2"] = "null"
        values["meanOffsetMsPosition3"] = "5"
        values["hitCount"] = "14"
    } else if type == "pitchMatching" {
        values["initialCentOffset"] = "30"
        values["userCentError"] = "-4"
    } else {
        values["centOffset"] = "12.5"
        values["isCorrect"] = "true"
    }
    values.merge(fields) { _, new in new }
    return "{"
        + values.filter { $0.value != "" }.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }
        .joined(separator: ", ") + "}"
}

extension TestResponse {
    var text: String { String(buffer: body) }

    /// The body as little-endian Float64 numbers (`GET /api/sync/profile`).
    var numbers: [Double] {
        var buffer = body
        var numbers: [Double] = []
        while let bits = buffer.readInteger(endianness: .little, as: UInt64.self) {
            numbers.append(Double(bitPattern: bits))
        }
        return numbers
    }

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

func recordCount(_ database: AppDatabase) throws -> Int {
    try database.recordCounts().total
}

extension ClientAddressClassifier {
    /// Every connection is local (tests of the app without pairing).
    static let everyoneIsLocal = ClientAddressClassifier { _ in true }
}

/// A value shared between test closures.
final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    init(_ value: Value) {
        stored = value
    }

    var value: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return stored
        }
        set {
            lock.lock()
            stored = newValue
            lock.unlock()
        }
    }
}
