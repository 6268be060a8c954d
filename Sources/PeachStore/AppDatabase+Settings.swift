import GRDB
import PeachCore

extension AppDatabase {
    /// The stored settings; absent keys have their defaults.
    ///
    /// A stored value this version does not accept (a key it does not know, a value outside
    /// today's bounds) falls back to its default rather than locking the user out of training.
    public func loadSettings() throws -> TrainingSettings {
        let stored = try Self.mapErrors(path: path) {
            try writer.read { db in
                try Dictionary(
                    Row.fetchAll(db, sql: "SELECT key, value FROM setting").map { ($0[0] as String, $0[1] as String) },
                    uniquingKeysWith: { first, _ in first })
            }
        }
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

    /// Stores the settings in one transaction. Only values that differ from the defaults are
    /// kept, so that a default changed by a later version reaches users who never touched it.
    public func saveSettings(_ settings: TrainingSettings) throws {
        let defaults = TrainingSettings().values
        try Self.mapErrors(path: path) {
            try write { db in
                for (key, value) in settings.values.sorted(by: { $0.key < $1.key }) {
                    if value == defaults[key] {
                        try db.execute(sql: "DELETE FROM setting WHERE key = ?", arguments: [key])
                    } else {
                        try db.execute(
                            sql:
                                "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                            arguments: [key, value])
                    }
                }
            }
        }
    }
}
