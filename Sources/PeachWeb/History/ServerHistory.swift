import Foundation
import PeachCore
import PeachStore

/// The history the server keeps, shared between requests: the perceptual profile of every
/// stored record and the settings. An actor, because every request reads it and sync, import,
/// reset and settings change it.
///
/// Training itself runs on the device (the wasm core, docs/design.md); the server receives the
/// records through sync, stores them (committed before it returns) and keeps the profile of all
/// of them current, so that the pages, `GET /api/sync/profile`, CSV export and `peach stats`
/// see every synced record at once.
///
/// It runs on a `DatabaseExecutor`, off Swift's cooperative pool, because its database writes
/// block until they are on disk.
///
/// The command line may write beside the server (`peach import`, `peach reset --yes`): before
/// each use of what it holds in memory, it asks the database whether another process
/// committed since (`AppDatabase.dataVersion`, no disk access) and, if so, reads the profile and
/// the settings again, so that no page or download shows a history the file no longer holds.
public actor ServerHistory {
    private let executor = DatabaseExecutor(label: "Peach history")
    public nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    private let database: AppDatabase
    private let now: @Sendable () -> Date
    private var profile: PerceptualProfile
    /// The settings (the command line never writes them; they are read again with the profile).
    public private(set) var settings: TrainingSettings
    /// `database.dataVersion()` when the profile and settings were read; nil until the profile
    /// is built (`prepare`).
    private var dataVersion: Int?
    /// When this history was loaded (milliseconds since 1970) and how often the profile changed
    /// since: together they name the profile as it is now (`profileVersion`).
    private let started: Int64
    private var profileChanges = 0
    /// The history's identity (`AppDatabase.identity`), as devices are told it: one they did
    /// not sync with makes them offer every answer they hold again.
    public nonisolated let historyID: String

    /// Loads the settings; the profile (one pass over all records, the part of start-up that
    /// grows with the history) is built by `prepare`, or by the first use that needs it.
    public init(database: AppDatabase, now: @escaping @Sendable () -> Date) throws {
        self.database = database
        self.now = now
        self.started = Int64((now().timeIntervalSince1970 * 1000).rounded(.down))
        self.profile = PerceptualProfile()
        self.settings = try database.loadSettings()
        self.historyID = String(try database.identity())
    }

    /// Builds the profile if it is not built yet. The server calls it once it listens, so
    /// that it answers (`/healthz`, the pages' files, the wasm core) while the profile is
    /// built; a request that needs the profile waits for it, as the actor runs one at a time.
    public func prepare() throws {
        try refresh()
    }

    /// Names the profile as it is now, for the sync API (its ETag): a device that holds this
    /// version downloads nothing. A new one with every change of the profile — a write beside
    /// the server too — and with every start of the server (the profile is built again).
    public func profileVersion() throws -> String {
        try refresh()
        return currentVersion
    }

    private var currentVersion: String { "\(started)-\(profileChanges)" }

    /// The profile's version before and after a batch of records was stored: a device whose
    /// own view of the profile was `before` holds `after` once its batch is in (its records are
    /// the change), so it need not download it.
    public struct ProfileChange: Sendable, Equatable, Encodable {
        public let before: String
        public let after: String
    }

    /// Reads the profile and the settings again if another process wrote to the database since
    /// they were read, or reads them the first time. The version is taken before reading, so
    /// that a write during the reading is read again next time.
    /// - Complexity: O(1) when nothing changed (the usual case); O(n) the first time and after a
    ///   write beside the server.
    private func refresh() throws {
        let version = try database.dataVersion()
        guard version != dataVersion else { return }
        profile = try database.loadProfile()
        settings = try database.loadSettings()
        dataVersion = version
        profileChanges += 1
    }

    // MARK: Sync

    /// Stores a batch of validated records from a device in one transaction (`clockOffset`: how
    /// far the server's clock was ahead of the device's, for the reset) and adds the ones
    /// stored now to the profile (after the commit, so that memory never holds what the disk
    /// does not). See `AppDatabase.saveSyncedRecords`.
    /// - Complexity: O(k · log n) for k records; one fsync.
    /// Also returns the history's `historyRemovals` as of this batch, which the device keeps with
    /// the newest record accepted from it.
    public func saveSyncedRecords(_ records: [AppDatabase.SyncedRecord], clockOffset: Int64 = 0) throws -> (
        outcome: AppDatabase.SyncedRecordsOutcome, profile: ProfileChange, removals: Int64
    ) {
        try refresh()
        let before = currentVersion
        let outcome = try database.saveSyncedRecords(records, clockOffset: clockOffset)
        for index in outcome.stored { profile.add(records[index].record) }
        if !outcome.stored.isEmpty { profileChanges += 1 }
        return (outcome, ProfileChange(before: before, after: currentVersion), try database.historyRemovals())
    }

    /// How many times every record was removed on purpose (`AppDatabase.historyRemovals`).
    public func historyRemovals() throws -> Int64 {
        try database.historyRemovals()
    }

    /// Whether the history holds a record of the id `id` (any training type): a device asks
    /// after the newest record this server accepted from it (docs/sync.md).
    /// - Complexity: O(log n).
    public func holdsRecord(_ id: RecordID) throws -> Bool {
        try database.holdsRecord(id)
    }

    /// The profile as a `ProfileSnapshot` with its version, made inside the actor so that no
    /// copy of the profile outlives the call (see `view`).
    public func profileSnapshot() throws -> (version: String, numbers: [Double]) {
        try refresh()
        return (currentVersion, ProfileSnapshot.encode(profile))
    }

    /// The settings with the time of each one's last change.
    public func syncedSettings() throws -> SyncedSettings {
        try database.loadSyncedSettings()
    }

    /// When the history was last reset, or nil if never: devices drop their answers made before.
    public func historyResetAt() throws -> Timestamp? {
        try database.historyResetAt()
    }

    /// Applies a device's settings, last writer wins per setting, in one transaction; the
    /// next page and CSV import see them at once.
    public func applySyncedSettings(_ changes: [String: SyncedSettings.Change]) throws -> (
        SyncedSettings, [SyncedSettings.Refusal]
    ) {
        try refresh()
        let (merged, refused) = try database.applySyncedSettings(changes)
        settings = merged.settings
        return (merged, refused)
    }

    // MARK: Views

    /// Builds a view's value from the profile and the settings inside the actor.
    ///
    /// Views take the few numbers they need instead of a copy of the profile: a copy alive
    /// while records arrive would make `profile.add` copy every history (8 bytes per record)
    /// on write. `body` runs synchronously, so it sees one consistent state.
    public func view<Value: Sendable>(
        _ body: @Sendable (PerceptualProfile, TrainingSettings) -> Value
    ) throws -> Value {
        try refresh()
        return body(profile, settings)
    }

    // MARK: Settings

    /// Applies and saves several setting changes at once, all or nothing, each changed one
    /// stamped with the server's now (last writer wins against devices' changes).
    public func updateSettings(_ changes: [String: String]) throws -> TrainingSettings {
        try refresh()
        var updated = settings
        try updated.apply(changes)
        try database.saveSettings(updated, changedAt: Timestamp(now()))
        settings = updated
        return updated
    }

    // MARK: Data

    /// Deletes every training record (settings stay), remembers now as the time of the reset
    /// (`AppDatabase.deleteAllTrainingData`) and empties the profile.
    public func deleteAllTrainingData() throws -> Int {
        let deleted = try database.deleteAllTrainingData(now: Timestamp(now()))
        dataVersion = try database.dataVersion()
        profile = PerceptualProfile()
        profileChanges += 1
        return deleted
    }

    /// Imports a CSV file read and checked (all or nothing) and rebuilds the profile from the
    /// database. A replace of stored records throws `ReplaceNotConfirmed` unless
    /// `confirmedDeletion` is what is stored now (see `AppDatabase.importCSV`).
    public func importCSV(_ file: CSVFile, mode: ImportMode, confirmedDeletion: RecordCounts?) throws -> ImportSummary {
        let summary = try database.importCSV(file, mode: mode, confirmedDeletion: confirmedDeletion)
        dataVersion = try database.dataVersion()
        profile = try database.loadProfile()
        profileChanges += 1
        return summary
    }
}
