import Foundation
import GRDB
import PeachCore
import Testing

@testable import PeachStore

@Suite("CSV exchange: export, import, round trip")
struct CSVExchangeTests {
    @Test("export → import into an empty database → export gives the same bytes")
    func roundTrip() throws {
        let source = try AppDatabase.inMemory()
        for record in sampleRecords(count: 2_000) { try source.store(record) }
        let exported = try source.exportCSV()
        let target = try AppDatabase.inMemory()
        let summary = try target.importCSV(Data(exported.utf8), mode: .merge)
        #expect(summary.added == 2_000)
        #expect(try target.exportCSV() == exported)
        #expect(try allRecords(target) == allRecords(source))
    }

    @Test("the export starts with the format line and the exact header; one row per record, oldest first")
    func exportShape() throws {
        let database = try AppDatabase.inMemory()
        try database.store(
            pitchMatching(at: 1_772_368_500, reference: 69, interval: .perfectFifthUp, initial: -37.5, error: 4))
        try database.store(
            comparison(
                at: 1_772_368_496.25, reference: 60, interval: DirectedInterval(.majorThird, .down),
                centOffset: -0.000001, isCorrect: false, tuningSystem: .justIntonation))
        try database.store(comparison(at: 1_772_368_497, reference: 48))
        let lines = try database.exportCSV().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(
            lines == [
                "# peach-export-format:3",
                "trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3",
                "pitchDiscrimination,2026-03-01T12:34:56.250Z,60,C4,56,G#3,M3,justIntonation,-0.000001,false,,,,,,,,,",
                "pitchDiscrimination,2026-03-01T12:34:57Z,48,C3,48,C3,P1,equalTemperament,12.5,true,,,,,,,,,",
                "pitchMatching,2026-03-01T12:35:00Z,69,A4,76,E5,P5,equalTemperament,,,-37.5,4.0,,,,,,,",
                "",
            ])
    }

    @Test("merging a file into a database that holds part of it adds only the rest")
    func merge() throws {
        let records = sampleRecords(count: 300, seed: 7)
        let full = try AppDatabase.inMemory()
        for record in records { try full.store(record) }
        let exported = Data(try full.exportCSV().utf8)

        let partial = try AppDatabase.inMemory()
        for record in records[100..<220] { try partial.store(record) }
        let summary = try partial.importCSV(exported, mode: .merge)
        #expect(
            summary
                == ImportSummary(mode: .merge, added: 180, skippedDuplicates: 120, replaced: 0))
        #expect(summary.description == "Imported 180 records; skipped 120 already present.")
        #expect(try partial.exportCSV() == full.exportCSV())

        let again = try partial.importCSV(exported, mode: .merge)
        #expect(again.added == 0 && again.skippedDuplicates == 300)
    }

    @Test("replace deletes every stored record, then imports the file; settings stay")
    func replace() throws {
        let database = try AppDatabase.inMemory()
        var settings = TrainingSettings()
        try settings.setValue("pythagorean", for: .tuningSystem)
        try database.saveSettings(settings)
        for record in sampleRecords(count: 50, seed: 3) { try database.store(record) }
        let other = try AppDatabase.inMemory()
        for record in sampleRecords(count: 20, seed: 4) { try other.store(record) }
        let summary = try database.importCSV(
            Data(try other.exportCSV().utf8), mode: .replace, confirmedDeletion: try database.recordCounts())
        #expect(
            summary
                == ImportSummary(mode: .replace, added: 20, skippedDuplicates: 0, replaced: 50))
        #expect(try database.exportCSV() == other.exportCSV())
        #expect(try database.loadSettings() == settings)
        // Counted as a removal on purpose, so that no device brings the deleted records back.
        #expect(try database.historyRemovals() == 1)
        _ = try database.importCSV(Data(try other.exportCSV().utf8), mode: .merge)
        #expect(try database.historyRemovals() == 1, "a merge removes nothing")
    }

    @Test("replace deletes nothing unless the records it deletes were confirmed as they are now")
    func replaceNeedsConfirmation() throws {
        let database = try AppDatabase.inMemory()
        let records = sampleRecords(count: 50, seed: 3)
        for record in records.dropLast() { try database.store(record) }
        let shown = try database.recordCounts()
        let other = try AppDatabase.inMemory()
        for record in sampleRecords(count: 20, seed: 4) { try other.store(record) }
        let file = try CSVFile(parsing: Data(try other.exportCSV().utf8))

        let unconfirmed = try #require(throws: ReplaceNotConfirmed.self) {
            try database.importCSV(file, mode: .replace)
        }
        #expect(unconfirmed == ReplaceNotConfirmed(stored: shown, importing: 20))
        #expect(shown.total == 49 && shown.first == records.first?.timestamp && shown.last == records[48].timestamp)

        // A record arrives between the question and the answer: the answer no longer fits.
        try database.store(records[49])
        let stale = try #require(throws: ReplaceNotConfirmed.self) {
            try database.importCSV(file, mode: .replace, confirmedDeletion: shown)
        }
        #expect(stale.stored == (try database.recordCounts()))
        #expect(try database.recordCounts().total == 50)

        let now = try database.recordCounts()
        #expect(try database.importCSV(file, mode: .replace, confirmedDeletion: now).replaced == 50)
        // An empty database has nothing to lose: no confirmation needed.
        let empty = try AppDatabase.inMemory()
        #expect(try empty.importCSV(file, mode: .replace).added == 20)
    }

    /// Written from the format (docs/cli.md, "The CSV format", and the iOS app's test-data
    /// generator): CRLF line ends as Python's csv module writes them, columns in the iOS app's
    /// order, quoted fields, whole and fractional seconds, unison and interval rows up and down,
    /// both training types, and both kinds of rhythm row.
    static let iOSFixture = [
        "# peach-export-format:3",
        "trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3",
        "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,60,C4,P1,equalTemperament,-12.5,true,,,,,,,,,",
        "\"pitchDiscrimination\",\"2026-03-01T12:35:01.5Z\",\"55\",\"G3\",\"62\",\"D4\",\"P5\",\"justIntonation\",\"7.3\",\"false\",,,,,,,,,",
        "pitchMatching,2026-03-01T12:35:07.123456Z,72,C5,72,C5,P1,equalTemperament,,,18.2,-4.6,,,,,,,",
        "rhythmOffsetDetection,2026-03-01T12:36:00Z,,,,,,,,true,,,120,-35.5,,,,,",
        "pitchMatching,2026-03-02T08:00:00.999Z,64,E4,61,C#4,m3,equalTemperament,,,-20.0,3.0,,,,,,,",
        "continuousRhythmMatching,2026-03-02T08:01:00Z,,,,,,,,,,,90,,12.4,10.1,,-3.2,8.8",
        "pitchDiscrimination,2026-03-02T08:02:00.010Z,70,A#4,58,A#3,P8,equalTemperament,0.4,true,,,,,,,,,",
        "",
    ].joined(separator: "\r\n")

    @Test(
        "a Peach iOS export (format 3, CRLF, quoted fields, fractional seconds, rhythm rows) imports with the right values"
    )
    func iOSImport() throws {
        let database = try AppDatabase.inMemory()
        let summary = try database.importCSV(Data(Self.iOSFixture.utf8), mode: .merge)
        #expect(summary == ImportSummary(mode: .merge, added: 7, skippedDuplicates: 0, replaced: 0))
        #expect(summary.description == "Imported 7 records.")
        let base = 1_772_368_496.0  // 2026-03-01T12:34:56Z
        let day2 = 1_772_438_400.0  // 2026-03-02T08:00:00Z
        #expect(
            try allRecords(database) == [
                comparison(at: base, reference: 60, centOffset: -12.5, isCorrect: true),
                comparison(
                    at: base + 5.5, reference: 55, interval: .perfectFifthUp, centOffset: 7.3, isCorrect: false,
                    tuningSystem: .justIntonation),
                pitchMatching(at: base + 11.123, reference: 72, initial: 18.2, error: -4.6),
                .rhythmOffsetDetection(
                    RhythmOffsetDetectionRecord(
                        timestamp: Timestamp(millisecondsSince1970: 1_772_368_560_000), tempo: TempoBPM(120)!,
                        offsetMs: -35.5, isCorrect: true)),
                pitchMatching(
                    at: day2 + 0.999, reference: 64, interval: DirectedInterval(.minorThird, .down), initial: -20,
                    error: 3),
                .continuousRhythmMatching(
                    ContinuousRhythmMatchingRecord(
                        timestamp: Timestamp(millisecondsSince1970: 1_772_438_460_000), tempo: TempoBPM(90)!,
                        meanOffsetMs: 12.4, positionMeanOffsetsMs: [10.1, nil, -3.2, 8.8], hitCount: nil)),
                comparison(
                    at: day2 + 120.01, reference: 70, interval: DirectedInterval(.octave, .down), centOffset: 0.4,
                    isCorrect: true),
            ])
        let counts = try database.recordCounts()
        #expect(counts[.comparison] == 1 && counts[.intervalComparison] == 2)
        #expect(counts[.pitchMatching] == 1 && counts[.intervalPitchMatching] == 1)
        #expect(counts[.rhythmOffsetDetection] == 1 && counts[.continuousRhythmMatching] == 1)
    }

    /// What the Peach iOS app writes (its CSV record formatter): LF line ends, times to the
    /// second as `Date.formatted(.iso8601)` writes them, numbers as Swift prints a `Double`, every
    /// training type, rows by time.
    static let iOSExport = [
        "# peach-export-format:3",
        CSVFormat.header,
        "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,60,C4,P1,equalTemperament,-12.5,true,,,,,,,,,",
        "rhythmOffsetDetection,2026-03-01T12:35:00Z,,,,,,,,false,,,80,23.4375,,,,,",
        "rhythmOffsetDetection,2026-03-01T12:35:02Z,,,,,,,,true,,,80,-4.0,,,,,",
        "pitchMatching,2026-03-01T12:35:07Z,64,E4,61,C#4,m3,pythagorean,,,-20.0,3.25,,,,,,,",
        "continuousRhythmMatching,2026-03-01T12:36:00Z,,,,,,,,,,,200,,-1.5,,-2.0,,-1.0",
        "continuousRhythmMatching,2026-03-01T12:36:00Z,,,,,,,,,,,90,,12.4,10.1,,-3.2,8.8",
        "rhythmOffsetDetection,2026-03-02T08:00:00Z,,,,,,,,true,,,40,-93.75,,,,,",
        "",
    ].joined(separator: "\n")

    @Test("an iOS export with rhythm rows imports without a row skipped and exports back byte for byte")
    func iOSRoundTrip() throws {
        let database = try AppDatabase.inMemory()
        #expect(try database.importCSV(Data(Self.iOSExport.utf8), mode: .merge).added == 7)
        #expect(try database.exportCSV() == Self.iOSExport)
        // Merged again: every row is already there, rhythm rows by time, tempo and type.
        let again = try database.importCSV(Data(Self.iOSExport.utf8), mode: .merge)
        #expect(again.added == 0 && again.skippedDuplicates == 7)
        #expect(try database.exportCSV() == Self.iOSExport)
        let counts = try database.recordCounts()
        #expect(counts[.rhythmOffsetDetection] == 3 && counts[.continuousRhythmMatching] == 2 && counts.total == 7)
    }

    @Test("import accepts what spreadsheets do to a file: a byte order mark, TRUE, blank lines, offsets, spaces")
    func lenientImport() throws {
        let text =
            "\u{FEFF}# peach-export-format:3\r\n" + CSVFormat.header + "\r\n\r\n"
            + "pitchDiscrimination, 2026-03-01T13:34:56+01:00 ,60,C4,60,C4,P1,equalTemperament, 12.5 ,TRUE,,,,,,,,,\r\n"
            + "\r\n"
        let database = try AppDatabase.inMemory()
        #expect(try database.importCSV(Data(text.utf8), mode: .merge).added == 1)
        #expect(try allRecords(database) == [comparison(at: 1_772_368_496, centOffset: 12.5, isCorrect: true)])
    }

    @Test("imported records get version-7 exercise ids that follow the records' time")
    func importedIDs() throws {
        var generator = SeededRandomNumberGenerator(seed: 1)
        let ids = (0..<1_000).map {
            ImportedExerciseID.make(milliseconds: 1_772_368_496_000 + Int64($0 / 3), using: &generator)
        }
        #expect(Set(ids).count == ids.count)
        // Sorted by time: the first 12 hex digits are the milliseconds.
        #expect(ids.map { $0.prefix(13) } == ids.map { $0.prefix(13) }.sorted())
        for id in ids {
            let uuid = try #require(UUID(uuidString: id))
            #expect(RecordID(id)?.text == id)  // lowercase: the one spelling of an id
            #expect(uuid.uuidString.lowercased() == id)
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            #expect(bytes[6] >> 4 == 7)  // version 7
            #expect(bytes[8] >> 6 == 0b10)  // RFC 9562 variant
            let milliseconds: Int64 = bytes[0..<6].reduce(0) { partial, byte in partial << 8 | Int64(byte) }
            #expect(milliseconds / 1000 == 1_772_368_496)
        }
    }

    @Test("columns are found by name, so an older iOS column order imports too")
    func columnOrder() throws {
        let text = """
            # peach-export-format:3
            trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,tempoBPM,offsetMs,initialCentOffset,userCentError,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
            pitchMatching,2026-03-01T12:34:56Z,60,C4,67,G4,P5,pythagorean,,,,,30.0,-2.5,,,,,

            """
        let database = try AppDatabase.inMemory()
        #expect(try database.importCSV(Data(text.utf8), mode: .merge).added == 1)
        #expect(
            try allRecords(database) == [
                pitchMatching(
                    at: 1_772_368_496, interval: .perfectFifthUp, initial: 30, error: -2.5, tuningSystem: .pythagorean)
            ])
    }
}
