import Foundation
import GRDB
import HTTPTypes
import HummingbirdTesting
import PeachCore
import Testing

@testable import PeachStore
@testable import PeachWeb

/// A full disk reaches the browser as what it is: a 507 that says nothing was stored.
@Suite("Disk full: 507 with a clear message in JSON and pages, both languages; recovery once there is space")
struct DiskFullTests {
    /// 300 comparison records as CSV: more than fits in the database's current pages.
    static func csv() throws -> String {
        let source = try AppDatabase.inMemory()
        let note = try MIDINote(60)
        _ = try source.saveSyncedRecords(
            (0..<300).map { second in
                AppDatabase.SyncedRecord(
                    id: RecordID(UUID().uuidString)!,
                    record: .comparison(
                        ComparisonRecord(
                            timestamp: Timestamp(millisecondsSince1970: (1_772_368_496 + Int64(second)) * 1000),
                            context: ExerciseContext(
                                referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament
                            ),
                            centOffset: 12.5, isCorrect: true)))
            })
        return try source.exportCSV()
    }

    /// Caps the database at the pages it has, as a full disk does (SQLite reports SQLITE_FULL).
    static func setFull(_ database: AppDatabase, _ full: Bool) throws {
        try database.writer.writeWithoutTransaction { db in
            let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0
            _ = try Int.fetchOne(db, sql: "PRAGMA max_page_count = \(full ? pages : 1_000_000)")
        }
    }

    @Test("the API answers 507 diskFull in English and German, and the same import works once there is space")
    func api() async throws {
        let database = try AppDatabase.inMemory()
        let csv = try Self.csv()
        try Self.setFull(database, true)
        try await withApp(database: database) { client in
            let english = try await client.send(.post, "/api/import?mode=merge", json: csv, contentType: "text/csv")
            #expect(english.status.code == 507)
            #expect(english.errorCode == "diskFull")
            #expect(english.json.string("error", "message")?.contains("is full, so nothing was stored") == true)
            let german = try await client.send(
                .post, "/api/import?mode=merge", json: csv, contentType: "text/csv", language: "de")
            #expect(german.status.code == 507)
            #expect(german.json.string("error", "message")?.contains("ist voll; es wurde nichts gespeichert") == true)
            #expect(try database.recordCounts().total == 0)

            try Self.setFull(database, false)
            let again = try await client.send(.post, "/api/import?mode=merge", json: csv, contentType: "text/csv")
            #expect(again.status == .ok)
            #expect(try database.recordCounts().total == 300)
        }
    }

    @Test("a page form gets a 507 page titled 'The disk is full' / 'Der Datenträger ist voll'")
    func page() async throws {
        let database = try AppDatabase.inMemory()
        let csv = try Self.csv()
        let form = [
            "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.csv\"\r\n"
                + "Content-Type: text/csv\r\n\r\n\(csv)\r\n",
            "--XyZ\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\nmerge\r\n", "--XyZ--\r\n",
        ].joined()
        try Self.setFull(database, true)
        try await withApp(database: database) { client in
            for (language, title, message) in [
                ("en", "<h1>The disk is full</h1>", "nothing was stored"),
                ("de", "<h1>Der Datenträger ist voll</h1>", "es wurde nichts gespeichert"),
            ] {
                let response = try await client.send(
                    .post, "/settings/import", json: form, contentType: "multipart/form-data; boundary=XyZ",
                    language: language)
                #expect(response.status.code == 507)
                #expect(response.text.contains(title), "\(response.text)")
                #expect(response.text.contains(message))
            }
        }
        #expect(try database.recordCounts().total == 0)
    }
}
