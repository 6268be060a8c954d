import Foundation
import HTTPTypes
import HummingbirdTesting
import PeachCore
import PeachStore
import Testing

@testable import PeachWeb

/// A sync upload's timestamp with a fraction of a millisecond: the millisecond it falls in, as a
/// CSV import reads digits past the millisecond (docs/api.md, `timestamp`).
@Suite("Sync API: fractions of a millisecond")
struct SyncTimestampTests {
    /// A whole millisecond a quarter of an hour before the test clock's start.
    static let millisecond: Int64 = 1_779_999_100_944

    @Test("….5, ….9999999 and ….0000001 ms are all stored as the millisecond they fall in")
    func fractionsAreDropped() async throws {
        let database = try AppDatabase.inMemory()
        let fractions = [".5", ".9999999", ".0000001", ".0", ""]
        try await withApp(database: database) { client in
            var records: [String] = []
            // A second apart, so that each is a record of its own.
            for (index, fraction) in fractions.enumerated() {
                let whole = Self.millisecond + Int64(index) * 1000
                records.append(syncRecord(fields: ["timestamp": "\(whole)\(fraction)"]))
            }
            let response = try await client.upload(records)
            #expect(response.status == .ok)
            #expect((response.json["accepted"] as? [String])?.count == fractions.count, "\(response.text)")
            #expect((response.json["refused"] as? [Any])?.isEmpty == true, "\(response.text)")
        }
        let times = try database.exportCSV().split(separator: "\n").dropFirst(2).map {
            String($0.split(separator: ",", omittingEmptySubsequences: false)[1])
        }
        let expected = fractions.indices.map {
            Timestamp(millisecondsSince1970: Self.millisecond + Int64($0) * 1000).isoText
        }
        #expect(times == expected)
    }

    @Test("a fraction never moves a record into the next millisecond, second or day")
    func neverRoundedUp() async throws {
        let database = try AppDatabase.inMemory()
        // 2026-05-28T23:59:59.999Z and nine tenths of a millisecond more.
        let lastMillisecond: Int64 = 1_780_012_799_999
        let clock = TestClock(Date(timeIntervalSince1970: Double(lastMillisecond + 60_000) / 1000))
        try await withApp(database: database, clock: clock) { client in
            try await client.uploadAccepted(syncRecord(fields: ["timestamp": "\(lastMillisecond).9"]))
        }
        #expect(try database.exportCSV().contains(",2026-05-28T23:59:59.999Z,"))
    }

    @Test("a timestamp that is not a number, or beyond what 64 bits hold, is refused naming the field")
    func notANumber() async throws {
        try await withApp(database: try AppDatabase.inMemory()) { client in
            for timestamp in [#""1779999100944""#, "1e30", "true"] {
                let response = try await client.upload([syncRecord(fields: ["timestamp": timestamp])])
                let refused = try #require((response.json["refused"] as? [[String: Any]])?.first, "\(response.text)")
                #expect(refused["code"] as? String == "invalidRecord", "\(response.text)")
                #expect(response.text.contains("timestamp"), "\(timestamp): \(response.text)")
                #expect(response.text.contains("a number of milliseconds since 1970"), "\(response.text)")
            }
        }
    }
}
