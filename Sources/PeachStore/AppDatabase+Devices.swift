import Foundation
import GRDB

extension AppDatabase {
    /// Stores a newly paired device with the SHA-256 of its session token (32 bytes).
    public func addDevice(name: String, tokenHash: Data, at now: Date) throws -> PairedDevice {
        let name = String(name.prefix(200)).isEmpty ? "?" : String(name.prefix(200))
        let millis = Milliseconds.of(now)
        return try Self.mapErrors(path: path) {
            try writer.write { db in
                try db.execute(
                    sql: "INSERT INTO device (name, tokenHash, createdAt, lastSeenAt) VALUES (?, ?, ?, ?)",
                    arguments: [name, tokenHash, millis, millis])
                return PairedDevice(
                    id: db.lastInsertedRowID, name: name, createdAt: Milliseconds.date(millis),
                    lastSeenAt: Milliseconds.date(millis))
            }
        }
    }

    /// The device holding the session token with this SHA-256, if it is still paired.
    /// - Complexity: one lookup in the `tokenHash` index.
    public func device(tokenHash: Data) throws -> PairedDevice? {
        try Self.mapErrors(path: path) {
            try writer.read { db in
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
    public func markDeviceSeen(id: Int64, at now: Date) throws {
        try Self.mapErrors(path: path) {
            try writer.write { db in
                try db.execute(
                    sql: "UPDATE device SET lastSeenAt = max(lastSeenAt, ?) WHERE id = ?",
                    arguments: [Milliseconds.of(now), id])
            }
        }
    }

    /// Removes a paired device: its session stops working at its next request. Returns false
    /// when there is no device with this id.
    public func removeDevice(id: Int64) throws -> Bool {
        try Self.mapErrors(path: path) {
            try writer.write { db in
                try db.execute(sql: "DELETE FROM device WHERE id = ?", arguments: [id])
                return db.changesCount > 0
            }
        }
    }

    private static func device(from row: Row) -> PairedDevice {
        PairedDevice(
            id: row["id"], name: row["name"], createdAt: Milliseconds.date(row["createdAt"]),
            lastSeenAt: Milliseconds.date(row["lastSeenAt"]))
    }
}
