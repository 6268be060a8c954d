import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("Crash safety, for real: peach serve killed with SIGKILL during syncs; another process reading meanwhile")
struct CrashSafetyTests {
    static let rounds = 20
    /// Devices uploading at once, as several phones syncing.
    static let devices = 4

    @Test("a server killed with SIGKILL while devices sync loses no acknowledged record and leaves no damage")
    func killedServer() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let peach = try builtExecutable("peach")
        var generator = SeededRandomNumberGenerator(seed: 2026)
        let acknowledged = Acknowledged()
        var killedWhileSyncing = 0
        var readsBesideServer = 0
        for round in 0..<Self.rounds {
            let server = try RunningServer(peach, data: path)
            // Every fourth round kills the server while it may still be creating or opening the
            // database; the others once devices are syncing, a random 0–40 ms after the first
            // batch the round acknowledged.
            let devices = DispatchGroup()
            let stop = Acknowledged.Stop()
            if round % 4 != 0, let port = server.waitForPort() {
                let before = acknowledged.batches
                for device in 0..<Self.devices {
                    let seed = UInt64(round * Self.devices + device)
                    DispatchQueue.global().async(group: devices) {
                        Self.sync(port: port, seed: seed, into: acknowledged, until: stop)
                    }
                }
                acknowledged.waitForBatch(after: before)
                // Every other round, this process reads while the server writes, as `peach
                // export` does: neither may fail or wait more than a moment.
                if round % 2 == 1 {
                    let clock = ContinuousClock()
                    let start = clock.now
                    let reader = try AppDatabase.open(path: path, access: .reading)
                    let csv = try reader.exportCSV()
                    let profile = try reader.loadProfile()
                    #expect(clock.now - start < .seconds(1), "round \(round): reading beside the server took too long")
                    #expect(csv.hasPrefix(CSVFormat.formatLine + "\n"))
                    // Two snapshots, the profile's later: the server went on in between.
                    #expect(
                        profile.comparisonCount + profile.pitchMatchingCount >= csv.split(separator: "\n").count - 2)
                    readsBesideServer += 1
                }
            }
            usleep(UInt32.random(in: 0...40_000, using: &generator))
            let inFlight = acknowledged.inFlight
            server.kill()
            stop.set()
            devices.wait()
            #expect(server.endedBySignal, "round \(round): the server exited by itself: \(server.errors)")
            if inFlight > 0 { killedWhileSyncing += 1 }

            let database = try AppDatabase.open(path: path)
            let (stored, integrity, rowCount) = try database.writer.read { db in
                (
                    Set(
                        try String.fetchAll(
                            db,
                            sql:
                                "SELECT exerciseID FROM comparisonRecord UNION ALL SELECT exerciseID FROM pitchMatchingRecord"
                        )),
                    try String.fetchAll(db, sql: "PRAGMA integrity_check"),
                    try Int.fetchOne(
                        db,
                        sql:
                            "SELECT (SELECT count(*) FROM comparisonRecord) + (SELECT count(*) FROM pitchMatchingRecord)"
                    )!
                )
            }
            #expect(integrity == ["ok"], "round \(round)")
            let missing = acknowledged.ids.subtracting(stored)
            #expect(missing.isEmpty, "round \(round): \(missing.count) acknowledged records are missing")
            // Every row reads back as a whole, valid record (no partial row).
            #expect(try allRecords(database).count == rowCount)
            #expect(rowCount >= acknowledged.ids.count)
        }
        #expect(killedWhileSyncing >= Self.rounds / 2, "too few kills landed while devices were syncing")
        #expect(acknowledged.ids.count > 0)
        #expect(readsBesideServer >= 4)
    }

    /// Uploads batches of 1–50 new records through `POST /api/sync/records`, as a device syncs,
    /// until the server is gone or `stop` is set; keeps the ids of every acknowledged batch.
    static func sync(port: Int, seed: UInt64, into acknowledged: Acknowledged, until stop: Acknowledged.Stop) {
        var generator = SeededRandomNumberGenerator(seed: seed)
        while !stop.isSet {
            let now = Int64(Date().timeIntervalSince1970 * 1000)
            let batch = (0..<Int.random(in: 1...50, using: &generator)).map { index in
                (UUID().uuidString.lowercased(), now - 1000 + Int64(index), Bool.random(using: &generator))
            }
            let records = batch.map { id, time, isComparison in
                let values =
                    isComparison
                    ? #""trainingType": "pitchDiscrimination", "centOffset": 12.5, "isCorrect": true"#
                    : #""trainingType": "pitchMatching", "initialCentOffset": -40, "userCentError": 3.25"#
                return
                    #"{"id": "\#(id)", "timestamp": \#(time), "referenceNote": 60, "targetNote": 67, "tuningSystem": "justIntonation", \#(values)}"#
            }
            acknowledged.start()
            let reply = RunningServer.request(
                port: port, "POST", "/api/sync/records", json: #"{"records": [\#(records.joined(separator: ","))]}"#)
            acknowledged.end()
            guard let reply, reply.status == 200,
                let json = try? JSONSerialization.jsonObject(with: reply.body) as? [String: Any],
                let accepted = json["accepted"] as? [String]
            else { return }  // The server is gone.
            #expect(accepted == batch.map(\.0))
            acknowledged.add(accepted)
        }
    }
}

/// The ids the server acknowledged, from every device, and how many uploads are under way;
/// the devices run on threads of their own.
final class Acknowledged: @unchecked Sendable {
    private let condition = NSCondition()
    private var acknowledgedIDs: Set<String> = []
    private var batchCount = 0
    private var uploads = 0

    var ids: Set<String> { condition.withLock { acknowledgedIDs } }
    var batches: Int { condition.withLock { batchCount } }
    var inFlight: Int { condition.withLock { uploads } }

    func start() { condition.withLock { uploads += 1 } }

    func end() {
        condition.withLock { uploads -= 1 }
        condition.broadcast()
    }

    func add(_ accepted: [String]) {
        condition.withLock {
            acknowledgedIDs.formUnion(accepted)
            batchCount += 1
        }
        condition.broadcast()
    }

    /// Returns once a batch beyond the first `count` is acknowledged, or after 10 s without one
    /// (every device gave up: the test's expectations then say what went wrong).
    func waitForBatch(after count: Int) {
        condition.lock()
        defer { condition.unlock() }
        while batchCount <= count {
            if !condition.wait(until: Date() + 10) { return }
        }
    }

    /// Tells the devices to stop.
    final class Stop: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        var isSet: Bool { lock.withLock { stopped } }
        func set() { lock.withLock { stopped = true } }
    }
}
