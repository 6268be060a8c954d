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

@Suite("Crash safety, for real: SIGKILL while recording; another process reading meanwhile")
struct CrashSafetyTests {
    static let rounds = 20

    @Test("a writer killed with SIGKILL at random moments loses no acknowledged record and leaves no damage")
    func killedWriter() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        let writer = try builtExecutable("PeachCrashWriter")
        var generator = SeededRandomNumberGenerator(seed: 2026)
        var acknowledged: [String] = []
        var killedWhileRecording = 0
        var readsBesideWriter = 0
        for round in 0..<Self.rounds {
            let process = Process()
            process.executableURL = writer
            process.arguments = [path]
            let output = Pipe()
            let errors = Pipe()
            process.standardOutput = output
            process.standardError = errors
            try process.run()
            try? output.fileHandleForWriting.close()
            try? errors.fileHandleForWriting.close()

            // Every fifth round kills the child while it may still be creating or opening the
            // database; the others once it is recording, after a random 2–60 ms.
            var received = Data()
            if round % 5 != 0 {
                while !received.starts(with: Data("ready\n".utf8)) {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    received += chunk
                }
            }
            // Every other round, this process reads while the child writes, as `peach export`
            // does while the server records: neither may fail or wait more than a moment.
            if round % 2 == 1 && received.starts(with: Data("ready\n".utf8)) {
                let clock = ContinuousClock()
                let start = clock.now
                let reader = try AppDatabase.open(path: path)
                let csv = try reader.exportCSV()
                let profile = try reader.loadProfile()
                #expect(clock.now - start < .seconds(1), "round \(round): reading beside a writer took too long")
                #expect(csv.hasPrefix(CSVFormat.formatLine + "\n"))
                // Two snapshots, the profile's later: the writer went on in between.
                #expect(profile.comparisonCount + profile.matchingCount >= csv.split(separator: "\n").count - 2)
                readsBesideWriter += 1
            }
            usleep(UInt32.random(in: (round % 5 == 0 ? 0 : 2_000)...60_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            received += output.fileHandleForReading.readDataToEndOfFile()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(process.terminationReason == .uncaughtSignal, "the child exited by itself: \(stderr)")

            // Only whole lines were printed after a commit; a cut-off last line is not counted.
            var lines = String(decoding: received, as: UTF8.self).split(
                separator: "\n", omittingEmptySubsequences: false)
            lines.removeLast()  // Empty after the final newline, or a partial line.
            let ids = lines.filter { $0 != "ready" }.map(String.init)
            if !ids.isEmpty { killedWhileRecording += 1 }
            acknowledged += ids

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
            let missing = acknowledged.filter { !stored.contains($0) }
            #expect(missing.isEmpty, "round \(round): \(missing.count) acknowledged records are missing")
            // Every row reads back as a whole, valid record (no partial row).
            #expect(try allRecords(database).count == rowCount)
            #expect(rowCount >= acknowledged.count)
        }
        #expect(killedWhileRecording >= Self.rounds / 2, "too few kills landed while records were being written")
        #expect(acknowledged.count > 0)
        #expect(readsBesideWriter >= 5)
    }
}
