// TEMPORARY: a stand-in with the announced AppDatabase API so that PeachWeb compiles before the
// store branch lands. Deleted when `store` is merged.
import Foundation
import PeachCore

public enum RecordOutcome: Sendable {
    case recorded
    case alreadyRecorded(TrainingRecord)
}

public enum ImportMode: String, Sendable, CaseIterable { case merge, replace }

public struct ImportSummary: Sendable, Equatable {
    public var added = 0
    public var skippedDuplicates = 0
    public var skippedRhythm = 0
}

public struct CSVError: Error, CustomStringConvertible, Sendable {
    public var description: String
}

public enum StoreError: Error, Sendable { case failed(String) }

public final class AppDatabase: @unchecked Sendable {
    let lock = NSLock()
    var records: [(UUID, TrainingRecord)] = []
    private var settings = TrainingSettings()

    private init() {}

    public static func inMemory() throws -> AppDatabase { AppDatabase() }
    public static func open(path: String) throws -> AppDatabase { AppDatabase() }
    public static func defaultPath(environment: [String: String]) -> String { "/tmp/peach.sqlite" }

    public func record(_ record: TrainingRecord, exerciseID: UUID) throws -> RecordOutcome {
        lock.lock()
        defer { lock.unlock() }
        if let existing = records.first(where: { $0.0 == exerciseID }) { return .alreadyRecorded(existing.1) }
        records.append((exerciseID, record))
        return .recorded
    }

    public func loadProfile() throws -> PerceptualProfile {
        lock.lock()
        defer { lock.unlock() }
        return PerceptualProfile(records: records.map(\.1))
    }

    public func loadSettings() throws -> TrainingSettings {
        lock.lock()
        defer { lock.unlock() }
        return settings
    }

    public func saveSettings(_ settings: TrainingSettings) throws {
        lock.lock()
        defer { lock.unlock() }
        self.settings = settings
    }

    public func deleteAllTrainingData() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        let count = records.count
        records.removeAll()
        return count
    }

    public func recordCount() throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        return records.count
    }

    public func exportCSV(to output: inout some TextOutputStream) throws {
        output.write("# peach-export-format:3\n")
    }

    public func importCSV(_ data: Data, mode: ImportMode) throws -> ImportSummary {
        if String(decoding: data, as: UTF8.self).contains("bad") { throw CSVError(description: "Row 2, column timestamp: not a date.") }
        return ImportSummary()
    }
}

extension AppDatabase {
    public func trainingRecord(exerciseID: UUID) throws -> TrainingRecord? {
        lock.lock()
        defer { lock.unlock() }
        return records.first { $0.0 == exerciseID }?.1
    }
}
