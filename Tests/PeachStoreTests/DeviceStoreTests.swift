import Foundation
import GRDB
import Testing

@testable import PeachStore

@Suite("AppDatabase: paired devices")
struct DeviceStoreTests {
    @Test("a revoked device's id is never given to the next device")
    func idsAreNeverReused() async throws {
        let database = try AppDatabase.inMemory()
        let first = try await database.addDevice(name: "a", tokenHash: Data(repeating: 1, count: 32), at: Date())
        let second = try await database.addDevice(name: "b", tokenHash: Data(repeating: 2, count: 32), at: Date())
        #expect(try database.removeDevice(id: second.id))
        let third = try await database.addDevice(name: "c", tokenHash: Data(repeating: 3, count: 32), at: Date())
        #expect(third.id > second.id)
        #expect(try database.devices().map(\.id) == [first.id, third.id])
    }

    @Test("migrating a database paired before v4 keeps its devices and ids, and reuses none after")
    func migrationKeepsDevices() async throws {
        let queue = try DatabaseQueue(configuration: AppDatabase.configuration)
        try AppDatabase.migrator.migrate(queue, upTo: "v3: pending exercises")
        try await queue.write { db in
            for id in 1...3 {
                try db.execute(
                    sql: "INSERT INTO device (id, name, tokenHash, createdAt, lastSeenAt) VALUES (?, ?, ?, 5, 6)",
                    arguments: [id, "device\u{202E} \(id)", Data(repeating: UInt8(id), count: 32)])
            }
        }
        let database = try AppDatabase(queue)
        // Names stored before they were sanitized are shown sanitized (`peach devices`).
        #expect(try database.devices().map(\.name) == ["device 1", "device 2", "device 3"])
        let token = try #require(try await database.device(tokenHash: Data(repeating: 2, count: 32)))
        #expect(token.id == 2)
        #expect(try database.removeDevice(id: 3))
        let next = try await database.addDevice(name: "d", tokenHash: Data(repeating: 9, count: 32), at: Date())
        #expect(next.id == 4)
        // The table's rules came along.
        await #expect(throws: (any Error).self) {
            try await database.addDevice(name: "e", tokenHash: Data(repeating: 9, count: 32), at: Date())
        }
    }
}
