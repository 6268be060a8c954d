import Foundation
import GRDB
import PeachCore

/// The devices paired in LAN mode. What the server calls on requests (`addDevice`, `device`,
/// `markDeviceSeen`) is async: it runs on GRDB's own dispatch queues, so that a commit waiting
/// for fsync never holds one of the few threads of Swift's cooperative pool, which every
/// request needs (docs/benchmarks.md, "Blocking writes off the cooperative pool").
extension AppDatabase {
    /// Stores a newly paired device with the SHA-256 of its session token (32 bytes), under its
    /// `PairedDevice.sanitizedName(_:)`, and a new id that no device has had before.
    public func addDevice(name: String, tokenHash: Data, at now: Date) async throws -> PairedDevice {
        let name = PairedDevice.sanitizedName(name)
        let millis = Timestamp(now).millisecondsSince1970
        return try await Self.mapErrors(path: path) {
            try await write { db in
                try db.execute(
                    sql: "INSERT INTO device (name, tokenHash, createdAt, lastSeenAt) VALUES (?, ?, ?, ?)",
                    arguments: [name, tokenHash, millis, millis])
                return PairedDevice(
                    id: db.lastInsertedRowID, name: name, createdAt: Timestamp(millisecondsSince1970: millis).date,
                    lastSeenAt: Timestamp(millisecondsSince1970: millis).date)
            }
        }
    }

    /// The device holding the session token with this SHA-256, if it is still paired.
    /// - Complexity: one lookup in the `tokenHash` index.
    public func device(tokenHash: Data) async throws -> PairedDevice? {
        try await Self.mapErrors(path: path) {
            try await writer.read { db in
                try Row.fetchOne(
                    db, sql: "SELECT id, name, createdAt, lastSeenAt FROM device WHERE tokenHash = ?",
                    arguments: [tokenHash]
                ).map(Self.device(from:))
            }
        }
    }

    /// Every paired device, oldest first.
    public func devices() throws -> [PairedDevice] {
        try Self.mapErrors(path: path) {
            try writer.read { db in
                try Row.fetchAll(db, sql: "SELECT id, name, createdAt, lastSeenAt FROM device ORDER BY id")
                    .map(Self.device(from:))
            }
        }
    }

    /// Notes that a device was seen at `now`.
    public func markDeviceSeen(id: Int64, at now: Date) async throws {
        try await Self.mapErrors(path: path) {
            try await write { db in
                try db.execute(
                    sql: "UPDATE device SET lastSeenAt = max(lastSeenAt, ?) WHERE id = ?",
                    arguments: [Timestamp(now).millisecondsSince1970, id])
            }
        }
    }

    /// Removes a paired device: its session stops working at its next request. Returns false
    /// when there is no device with this id.
    public func removeDevice(id: Int64) throws -> Bool {
        try Self.mapErrors(path: path) {
            try write { db in
                try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [id])
                return db.changesCount > 0
            }
        }
    }

    /// Names stored before they were sanitized are sanitized as they are read.
    private static func device(from row: Row) -> PairedDevice {
        PairedDevice(
            id: row["id"], name: PairedDevice.sanitizedName(row["name"]),
            createdAt: Timestamp(millisecondsSince1970: row["createdAt"]).date,
            lastSeenAt: Timestamp(millisecondsSince1970: row["lastSeenAt"]).date)
    }

    /// `mapErrors(path:_:)` for GRDB's async access.
    private static func mapErrors<T>(path: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as DatabaseError {
            throw StoreError(error, path: path)
        }
    }
}
