import GRDB
import PeachCore

extension AppDatabase {
    /// The stored settings; absent keys have their defaults.
    ///
    /// A stored value this version does not accept (a key it does not know, a value outside
    /// today's bounds) falls back to its default rather than locking the user out of training.
    public func loadSettings() throws -> TrainingSettings {
        try loadSyncedSettings().settings
    }

    /// The stored settings with when each was last changed (0 for a setting never changed).
    public func loadSyncedSettings() throws -> SyncedSettings {
        try Self.mapErrors(path: path) { try writer.read(Self.syncedSettings) }
    }

    /// `loadSyncedSettings()` within a transaction.
    static func syncedSettings(_ db: Database) throws -> SyncedSettings {
        var stored: [String: String] = [:]
        var changedAt: [String: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value, changedAt FROM setting") {
            stored[row[0]] = row[1] as String
            changedAt[row[0]] = row[2] as Int64
        }
        return SyncedSettings(settings: settings(from: stored), changedAt: changedAt)
    }

    /// Settings from stored text, each value that this version does not accept replaced by
    /// its default.
    private static func settings(from stored: [String: String]) -> TrainingSettings {
        let known = stored.filter { TrainingSettings.Key(rawValue: $0.key) != nil }
        if let settings = try? TrainingSettings(values: known) { return settings }
        var settings = TrainingSettings()
        let pair = [TrainingSettings.Key.noteRangeLower.rawValue, TrainingSettings.Key.noteRangeUpper.rawValue]
        try? settings.apply(known.filter { pair.contains($0.key) })
        for (key, value) in known where !pair.contains(key) {
            try? settings.apply([key: value])
        }
        return settings
    }

    /// Stores the settings in one transaction; a setting whose value differs from the stored
    /// one is stamped as changed at `changedAt` (PUT /api/settings passes the server's now),
    /// the others keep their time. Only values that differ from the defaults, or that were ever
    /// changed, are kept, so that a default changed by a later version reaches users who never
    /// touched it, and a change back to the default still wins over an older one from a device.
    public func saveSettings(_ settings: TrainingSettings, changedAt: Timestamp? = nil) throws {
        try Self.mapErrors(path: path) {
            try write { db in
                let current = try Self.syncedSettings(db)
                var times = current.changedAt
                if let changedAt {
                    for (key, value) in settings.values where value != current.settings.values[key] {
                        times[key] = changedAt.millisecondsSince1970
                    }
                }
                try Self.store(SyncedSettings(settings: settings, changedAt: times), in: db)
            }
        }
    }

    /// Applies settings from a device, last writer wins per setting (`SyncedSettings.merging`),
    /// reading and writing in one transaction so that no other change slips in between.
    /// Returns the settings now stored, with their times, and the changes refused.
    public func applySyncedSettings(_ changes: [String: SyncedSettings.Change]) throws -> (
        SyncedSettings, [SyncedSettings.Refusal]
    ) {
        try Self.mapErrors(path: path) {
            try write { db in
                let (merged, refused) = try Self.syncedSettings(db).merging(changes)
                try Self.store(merged, in: db)
                return (merged, refused)
            }
        }
    }

    private static func store(_ synced: SyncedSettings, in db: Database) throws {
        let defaults = TrainingSettings().values
        for (key, value) in synced.settings.values.sorted(by: { $0.key < $1.key }) {
            let changedAt = synced.changedAt[key] ?? 0
            if value == defaults[key] && changedAt == 0 {
                try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
            } else {
                try db.execute(
                    sql: """
                        INSERT INTO setting (key, value, changedAt) VALUES (?, ?, ?)
                        ON CONFLICT (key) DO UPDATE SET value = excluded.value, changedAt = excluded.changedAt
                        """,
                    arguments: [key, value, changedAt])
            }
        }
    }
}
