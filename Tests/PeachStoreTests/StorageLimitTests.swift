import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

/// A full disk and the size of the WAL.
@Suite("Storage: a full disk is reported and recovers; the WAL stays small")
struct StorageLimitTests {
    /// The size of `path`'s WAL, 0 when there is none.
    static func walSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int) ?? 0
    }

    /// The WAL's bound: the checkpoint threshold plus one answer's pages (a record and its two
    /// index entries, a few pages each), in WAL frames of a 4 KiB page and a 24-byte header.
    static let walBound = 32 + (AppDatabase.walCheckpointPages + 16) * (4096 + 24)

    @Test(
        "a full disk is StoreError.diskFull, nothing of that answer is stored, and the next answer works once there is space"
    )
    func diskFull() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        // SQLite's max_page_count makes the file full as a full disk would (SQLITE_FULL).
        let pages = try database.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        try database.writer.writeWithoutTransaction { db in
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(pages + 2)")
        }
        var stored = 0
        var failure: (any Error)?
        for record in sampleRecords(count: 2_000) {
            do {
                try database.store(record)
                stored += 1
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure as? StoreError)
        #expect(error == .diskFull(path: path))
        #expect(error.description.contains("is full: nothing was stored"))
        #expect(try database.recordCounts().total == stored)

        try database.writer.writeWithoutTransaction { db in
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = 1000000")
        }
        try database.store(comparison(at: 2_000_000_000))
        #expect(try database.recordCounts().total == stored + 1)
    }

    @Test("after 1,500 answers the WAL has never grown past about 0.5 MB")
    func walStaysSmall() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        var largest = 0
        for record in sampleRecords(count: 1_500) {
            try database.store(record)
            largest = max(largest, Self.walSize(path))
        }
        #expect(largest <= Self.walBound, "the WAL grew to \(largest) bytes")
        #expect(largest > 0)
    }

    @Test("a large import leaves no large WAL behind: the next answer shrinks it to 512 KiB")
    func walShrinksAfterImport() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let database = try AppDatabase.open(path: path)
        let source = try AppDatabase.inMemory()
        for record in sampleRecords(count: 20_000, seed: 3) { try source.store(record) }
        _ = try database.importCSV(Data(try source.exportCSV().utf8), mode: .merge)
        #expect(Self.walSize(path) > 2 * AppDatabase.walSizeLimit)
        try database.store(comparison(at: 2_000_000_000))
        #expect(Self.walSize(path) <= AppDatabase.walSizeLimit)
    }
}
