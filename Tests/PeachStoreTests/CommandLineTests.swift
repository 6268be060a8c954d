import Foundation
import GRDB
import PeachCore
import SoundFont
import Testing

@testable import PeachStore

/// The `peach` executable as a user runs it: exit status, standard output, standard error.
@Suite("Command line: peach export, import, stats, reset, --version")
final class CommandLineTests {
    let peach: URL
    let folder: URL
    let database: String
    /// Keeps every run away from the real ~/.local/share.
    let environment: [String: String]

    init() throws {
        peach = try builtExecutable("peach")
        folder = try makeTemporaryDirectory()
        database = folder.appendingPathComponent("data/peach.sqlite").path
        environment = ["XDG_DATA_HOME": folder.appendingPathComponent("xdg").path]
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    func run(_ arguments: String...) throws -> ProcessResult {
        try runProcess(peach, arguments, environment: environment)
    }

    @Test("--version prints the version")
    func version() throws {
        let result = try run("--version")
        #expect(result.status == 0)
        #expect(result.output == PeachVersion.current + "\n")
    }

    @Test("import, stats, export (stdout and --output) and reset --yes work on the --data file")
    func roundTrip() throws {
        let fixture = folder.appendingPathComponent("ios.csv")
        try Data(CSVExchangeTests.iOSFixture.utf8).write(to: fixture)

        let imported = try run("import", fixture.path, "--data", database)
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(imported.output == "Imported 7 records.\n")

        // The imported rows follow the tables' rules: the whole-file check evaluates them all.
        let check = try run("check", "--data", database)
        #expect(check.status == 0 && check.output.contains("is undamaged: 7 records read"), "\(check.errors)")

        let again = try run("import", "--data", database, fixture.path, "--merge")
        #expect(again.output == "Imported 0 records; skipped 7 already present.\n")

        let stats = try run("stats", "--data", database)
        #expect(stats.status == 0)
        let lines = stats.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(lines.contains("Records 7 2026-03-01 – 2026-03-02"))
        #expect(lines.contains("Compare Timing 1") && lines.contains("Fill the Gap 1"))
        // Rhythm as the core estimates it: the fixture's one early answer at 120 BPM and one trial at 90
        // (12.4 ms of a 166.7 ms sixteenth).
        let rhythm = try AppDatabase.open(path: database).loadProfile()
        let detection = try #require(rhythm.rhythmOffsetDetection.allTime(TempoBand(TempoBPM(120)!), .early))
        func number(_ value: SixteenthPercent) -> String { DecimalText.fixed(value.value, fractionDigits: 1) }
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "120–139 BPM, early: now \(number(detection.threshold)) % (\(number(detection.lower))–\(number(detection.upper)) %)"
                ) && $0.hasSuffix("; 1 answer")
            }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("80–99 BPM: bias now +7.4 %: neither early nor late;") }, "\(lines)")
        #expect(lines.contains("Comparison 1") && lines.contains("Interval Comparison 2"))
        #expect(lines.contains("Pitch Matching 1") && lines.contains("Interval Pitch Matching 1"))
        // Each mode's estimate as the core makes it, written as the Profile page writes it.
        let profile = try AppDatabase.open(path: database).loadProfile()
        func text(_ cents: Cents) -> String {
            DecimalText.fixed(cents.value, fractionDigits: 1).replacingOccurrences(of: "-", with: "\u{2212}")
        }
        func estimate(_ estimate: ThresholdEstimate?) -> String {
            guard let estimate else { return "—" }
            return "\(text(estimate.threshold)) cents (\(text(estimate.lower))–\(text(estimate.upper)))"
        }
        let unison = profile.comparisonStatistics(.comparison)
        #expect(
            lines.contains(
                "Comparison: now \(estimate(unison.now)); all time \(estimate(unison.allTime)); 1 answer; trend: not enough weeks yet"
            ))
        let fifth = profile.comparisonStatistics(.intervalComparison).intervalEstimates[0]
        #expect(lines.contains("Perfect Fifth Up, Just intonation: \(estimate(fifth.estimate)), 1 answer"))
        #expect(
            lines.contains {
                $0.hasPrefix("Now is your last 200 answers in the mode. The trend reads your weekly thresholds")
            })
        // Errors −4.6 (unison) and +3.0 (a minor third down): one attempt each, no interval yet.
        #expect(
            lines.contains(
                "Pitch Matching: bias now \u{2212}4.6 cents: neither sharp nor flat; spread now —; bias, all time \u{2212}4.6 cents: neither sharp nor flat; spread, all time —; 1 attempt"
            ))
        #expect(
            lines.contains(
                "Minor Third Down, Equal temperament (12-TET): +3.0 cents: neither sharp nor flat; spread —; 1 attempt")
        )

        let exported = try run("export", "--data", database)
        #expect(exported.status == 0)
        let expected = try AppDatabase.open(path: database).exportCSV()
        #expect(exported.output == expected)
        let file = folder.appendingPathComponent("out/backup.csv")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(try run("export", "--data", database, "--output", file.path).status == 0)
        #expect(try String(contentsOf: file, encoding: .utf8) == expected)

        let refused = try run("reset", "--data", database)
        #expect(refused.status != 0)
        #expect(refused.errors.contains("--yes"))
        #expect(try AppDatabase.open(path: database).recordCounts().total == 7)

        let reset = try run("reset", "--yes", "--data", database)
        #expect(reset.status == 0)
        #expect(reset.output == "Deleted 7 training records; settings are kept.\n")

        let replaced = try run("import", fixture.path, "--replace", "--data", database)
        #expect(replaced.output.hasPrefix("Imported 7 records, replacing 0 stored records"))
    }

    @Test(
        "stats of a file an earlier Peach filled with a cent error of 1e200 and -1e308: numbers, and the rows set aside"
    )
    func statsOfAnEarlierFile() throws {
        // A database as an earlier Peach left it after importing a CSV with such rows.
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: database).deletingLastPathComponent(), withIntermediateDirectories: true)
        let queue = try DatabaseQueue(path: database)
        try AppDatabase.migrator.migrate(queue, upTo: "v6: settings changed at, no pending exercises")
        try queue.write { db in
            for (index, error) in [-3.5, 1e200, -1e308, 4].enumerated() {
                try db.execute(
                    sql:
                        "INSERT INTO pitchMatchingRecord (exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem, initialCentOffset, userCentError) VALUES (?, ?, 60, 60, 'P1', 'up', 'equalTemperament', 40, ?)",
                    arguments: [UUID().uuidString, 1_772_368_496_000 + Int64(index), error])
            }
        }
        try queue.close()
        let stats = try run("stats", "--data", database)
        #expect(stats.status == 0, "\(stats.errors)")
        #expect(stats.output.range(of: #"\b(nan|inf|-inf)\b"#, options: .regularExpression) == nil, "\(stats.output)")
        #expect(stats.output.contains("2 records stored by an earlier Peach break the rules of every record"))
        let lines = stats.output.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        // The two rows within the rules, −3.5 and +4 cents: a bias of +0.3 cents over 2 attempts.
        #expect(
            lines.contains { $0.hasPrefix("Pitch Matching: bias now +0.3 cents") && $0.hasSuffix("; 2 attempts") },
            "\(stats.output)")
    }

    @Test("export to a full disk or past a file-size limit: a message and status 1, never a trap, no file left")
    func exportFailsCleanly() throws {
        let stored = try AppDatabase.open(path: database)
        for record in sampleRecords(count: 2_000) { try stored.store(record) }
        let shell = URL(fileURLWithPath: "/bin/sh")
        // Standard output on a full disk (/dev/full: every write fails with ENOSPC).
        let full = try runProcess(shell, ["-c", #"exec "$0" export --data "$1" > /dev/full"#, peach.path, database])
        #expect(full.status == 1, "\(full.errors)")
        #expect(full.errors.contains("The disk is full: cannot write standard output (No space left on device)"))
        // A file that cannot grow past 8 KiB (the export is about 130 KiB): SIGXFSZ ignored, so
        // the write fails with EFBIG as on a full disk, half-way through.
        let output = folder.appendingPathComponent("out/export.csv")
        try FileManager.default.createDirectory(
            at: output.deletingLastPathComponent(), withIntermediateDirectories: true)
        let limited = try runProcess(
            shell,
            [
                "-c", #"trap '' XFSZ; ulimit -f 16; exec "$0" export --data "$1" --output "$2""#, peach.path, database,
                output.path,
            ])
        #expect(limited.status == 1, "\(limited.errors)")
        #expect(limited.errors.contains("Cannot write \(output.path): File too large."), "\(limited.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path).isEmpty)
    }

    @Test("a SoundFont of 1.5 GiB, mostly a hole in its samples, costs the pages read; an 8 GiB file is refused unread")
    func largeSoundFonts() throws {
        let original = SoundFont.debianPath
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        func number(at offset: Int) -> Int {
            bytes[offset..<offset + 4].reversed().reduce(0) { $0 << 8 | Int($1) }
        }
        func id(at offset: Int) -> String { String(decoding: bytes[offset..<offset + 4], as: UTF8.self) }
        // The LIST sdta chunk at the top level, and its smpl chunk.
        var sdta = 12
        while id(at: sdta) != "LIST" || id(at: sdta + 8) != "sdta" { sdta += 8 + number(at: sdta + 4) }
        let smpl = sdta + 12
        #expect(id(at: smpl) == "smpl")
        let smplEnd = smpl + 8 + number(at: smpl + 4)
        // The same SoundFont with 1.5 GiB more sample data, nobody's samples, never written (a hole).
        let hole = 3 << 29
        var patched = bytes
        for sizeField in [4, sdta + 4, smpl + 4] {
            let size = UInt32(number(at: sizeField) + hole)
            for byte in 0..<4 { patched[sizeField + byte] = UInt8(truncatingIfNeeded: size >> (8 * byte)) }
        }
        let large = folder.appendingPathComponent("large.sf3")
        #expect(FileManager.default.createFile(atPath: large.path, contents: Data(patched[..<smplEnd])))
        let handle = try FileHandle(forWritingTo: large)
        try handle.seek(toOffset: UInt64(smplEnd + hole))
        try handle.write(contentsOf: patched[smplEnd...])
        try handle.close()

        let expected = try run("soundfont", original)
        for arguments in [["soundfont", large.path], ["soundfont", large.path, "--prepare", "40", "--keys", "55-60"]] {
            let (result, peakKiB) = try runMeasuringMemory(peach, arguments)
            #expect(result.status == 0, "\(result.errors)")
            #expect(peakKiB < 200_000, "\(arguments): \(peakKiB) KiB beyond the test's own peak")
            if arguments.count == 2 { #expect(result.output == expected.output) }
        }
        // A sparse file of 8 GiB: larger than any SoundFont (a RIFF file holds at most 4 GiB).
        let huge = folder.appendingPathComponent("huge.sf2")
        #expect(FileManager.default.createFile(atPath: huge.path, contents: nil))
        #expect(truncate(huge.path, 8 << 30) == 0)
        let (refused, peakKiB) = try runMeasuringMemory(peach, ["soundfont", huge.path])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains("the file is 8589934592 bytes, more than a SoundFont can be"), "\(refused.errors)")
        #expect(peakKiB < 100_000, "\(peakKiB) KiB beyond the test's own peak")
    }

    @Test("a SoundFont path that is a named pipe, a folder or a device: serve and soundfont refuse it at once")
    func soundFontNotAFile() throws {
        let fifo = folder.appendingPathComponent("pipe.sf3").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let directory = folder.appendingPathComponent("sounds.sf3").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let link = folder.appendingPathComponent("link.sf3").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        let paths = [
            ("a named pipe", fifo), ("a folder", directory), ("a character device", "/dev/null"),
            ("a named pipe", link),
        ]
        for (kind, path) in paths {
            for command in [["soundfont", path], ["serve", "--port", "0", "--data", database, "--soundfont", path]] {
                // Opening a named pipe waits for a writer: before, both commands hung here.
                let result = try runProcess(peach, command, environment: environment, timeLimit: 20)
                #expect(!result.timedOut, "\(command) hung")
                #expect(result.status == 1, "\(command): \(result.errors)")
                #expect(
                    result.errors.contains(
                        "\(path) is \(kind), not a SoundFont file; it was not opened. Give the path of an SF2 or SF3 file."
                    ), "\(command): \(result.errors)")
                #expect(!result.output.contains("Peach is running"))
            }
        }
        #expect(!FileManager.default.fileExists(atPath: database), "a refused start creates no database")
    }

    @Test("import --replace says what it would delete and changes nothing without --yes; with --yes it replaces")
    func replaceNeedsYes() throws {
        let stored = try AppDatabase.open(path: database)
        for record in sampleRecords(count: 7) { try stored.store(record) }
        let counts = try stored.recordCounts()
        let fixture = folder.appendingPathComponent("other.csv")
        let other = try AppDatabase.inMemory()
        for record in sampleRecords(count: 3) { try other.store(record) }
        try other.exportCSV().write(to: fixture, atomically: true, encoding: .utf8)

        let refused = try run("import", fixture.path, "--replace", "--data", database)
        #expect(refused.status != 0)
        #expect(refused.output.isEmpty)
        let first = try #require(counts.first).isoText
        let last = try #require(counts.last).isoText
        #expect(
            refused.errors.contains(
                "Replacing deletes the 7 stored records from \(first) to \(last) and imports 3 records from the file."
            ), "\(refused.errors)")
        #expect(refused.errors.contains("Nothing was changed. Run the command again with --yes to replace."))
        #expect(try AppDatabase.open(path: database).recordCounts() == counts)

        let replaced = try run("import", fixture.path, "--replace", "--yes", "--data", database)
        #expect(replaced.status == 0, "\(replaced.errors)")
        #expect(replaced.output.hasPrefix("Imported 3 records, replacing 7 stored records"))
        #expect(try AppDatabase.open(path: database).recordCounts().total == 3)
    }

    @Test("errors go to stderr with a non-zero exit status and no stack trace")
    func errors() throws {
        let bad = folder.appendingPathComponent("bad.csv")
        try Data(
            (CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
                + "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,67,G4,P9,equalTemperament,12.5,true,,,,,,,,,\n").utf8
        ).write(to: bad)
        let importing = try run("import", bad.path, "--data", database)
        #expect(importing.status != 0)
        #expect(importing.output.isEmpty)
        #expect(importing.errors.contains("line 3, column interval: \"P9\" is not an interval"))
        #expect(importing.errors.contains("Nothing was imported."))

        #expect(!FileManager.default.fileExists(atPath: database), "a refused import leaves no database behind")

        // A bad row after thousands of good ones (read in the import's transaction, written 64
        // at a time): nothing is imported, and a database that was there is as it was.
        var rows = CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
        for second in 0..<5_000 {
            let time = Timestamp(millisecondsSince1970: 1_772_366_400_000 + Int64(second) * 1000).isoText
            rows += "pitchDiscrimination,\(time),60,C4,60,C4,P1,equalTemperament,12.5,true,,,,,,,,,\n"
        }
        let late = folder.appendingPathComponent("late.csv")
        try Data(
            (rows + "pitchDiscrimination,2026-03-01T13:00:00Z,60,C4,67,G4,P9,equalTemperament,12.5,true,,,,,,,,,\n")
                .utf8
        )
        .write(to: late)
        let fixture = folder.appendingPathComponent("ios.csv")
        try Data(CSVExchangeTests.iOSFixture.utf8).write(to: fixture)
        #expect(try run("import", fixture.path, "--data", database).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let refused = try run("import", late.path, "--data", database)
        #expect(refused.status != 0 && refused.errors.contains("line 5003, column interval"), "\(refused.errors)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        #expect(try AppDatabase.open(path: database, access: .reading).recordCounts().total == 7)

        let missing = try run("import", folder.appendingPathComponent("nope.csv").path, "--data", database)
        #expect(missing.status != 0)
        #expect(missing.errors.contains("Cannot read"))

        let notes = folder.appendingPathComponent("notes.txt")
        try Data("just text\n".utf8).write(to: notes)
        let foreign = try run("stats", "--data", notes.path)
        #expect(foreign.status != 0)
        #expect(foreign.errors.contains("is not a Peach database"))
        #expect(try String(contentsOf: notes, encoding: .utf8) == "just text\n")

        let empty = try run("stats", "--data", "")
        #expect(empty.status != 0)
        #expect(empty.errors.contains("--data needs the path"))

        for result in [importing, missing, foreign, empty] {
            #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Stack dump"))
        }
    }

    @Test("a damaged database: serve stops with the message, import and reset change nothing, check names it")
    func damaged() throws {
        do {
            let opened = try AppDatabase.open(path: database)
            for record in sampleRecords(count: 3_000) { try opened.store(record) }
        }
        var bytes = try Data(contentsOf: URL(fileURLWithPath: database))
        for index in (bytes.count / 2)..<(bytes.count / 2 + 3 * 4096) { bytes[index] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: database))
        let csv = folder.appendingPathComponent("ios.csv")
        try Data(CSVExchangeTests.iOSFixture.utf8).write(to: csv)

        // The server starts without reading every page, and stops when the check beside it
        // finds the damage.
        let serve = try run("serve", "--port", "0", "--data", database)
        let importing = try run("import", csv.path, "--data", database)
        let reset = try run("reset", "--yes", "--data", database)
        let check = try run("check", "--data", database)
        for result in [serve, importing, reset, check] {
            #expect(result.status != 0)
            #expect(result.errors.contains("is damaged"), "\(result.errors)")
            #expect(!result.errors.contains("Fatal error") && !result.errors.contains("Stack dump"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
    }

    @Test("peach serve without the wasm core serves the pages, tells the browser there is none and says what to build")
    func missingWasmCore() throws {
        let missing = folder.appendingPathComponent("nowhere/peach-core.wasm").path
        let server = try RunningServer(peach, data: database, arguments: ["--wasm-core", missing])
        let port = try #require(server.waitForPort(), "\(server.errors)")
        let module = try #require(RunningServer.request(port: port, "GET", "/assets/peach-core-url.js"))
        #expect(String(decoding: module.body, as: UTF8.self) == "export const peachCoreURL = null;\n")
        #expect(RunningServer.request(port: port, "GET", "/")?.status == 200)
        server.stop()
        let errors = server.allErrors
        #expect(errors.contains("The wasm core \(missing) is missing"), "\(errors)")
        #expect(errors.contains("Run scripts/build-wasm.sh"), "\(errors)")
    }

    @Test("without --data, the database is under $XDG_DATA_HOME/peach")
    func defaultLocation() throws {
        // `stats` only reads and creates nothing; `reset` writes, so it makes the file.
        #expect(try run("stats").status == 0)
        #expect(!FileManager.default.fileExists(atPath: environment["XDG_DATA_HOME"]! + "/peach/peach.sqlite"))
        #expect(try run("reset", "--yes").status == 0)
        #expect(FileManager.default.fileExists(atPath: environment["XDG_DATA_HOME"]! + "/peach/peach.sqlite"))
    }
}
