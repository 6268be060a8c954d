import PeachCore

/// The settings with, for each, when it was last changed: what devices and the server exchange
/// so that a setting changed on two devices resolves the same way everywhere — last writer wins
/// per setting (docs/api.md, `POST /api/sync/settings`).
public struct SyncedSettings: Sendable, Equatable {
    public var settings: TrainingSettings
    /// Milliseconds since 1970 of each setting's last change, by `TrainingSettings.Key` raw
    /// value; a setting never changed is absent (read it as 0).
    public var changedAt: [String: Int64]

    public init(settings: TrainingSettings = TrainingSettings(), changedAt: [String: Int64] = [:]) {
        self.settings = settings
        self.changedAt = changedAt
    }

    /// A device's value of one setting, as text, and when it was changed there.
    public struct Change: Sendable, Equatable {
        public var value: String
        public var changedAt: Int64

        public init(value: String, changedAt: Int64) {
            self.value = value
            self.changedAt = changedAt
        }
    }

    /// A change that was not applied, and why.
    public struct Refusal: Sendable, Equatable {
        public var key: String
        public var error: SettingsError

        public init(key: String, error: SettingsError) {
            self.key = key
            self.error = error
        }
    }

    /// When `key` was last changed here: 0 if never.
    public func changedAt(_ key: String) -> Int64 { changedAt[key] ?? 0 }

    /// These settings with a device's changes applied, last writer wins per setting.
    ///
    /// A change applies if it is later than the one held for its key (on a tie the value held
    /// stays, so that applying the same changes twice changes nothing). The later changes are
    /// applied all at once if the core accepts them together (the two bounds of the note range
    /// are checked as a pair, whatever their times); otherwise one at a time in order of
    /// `changedAt` (then key), the two note-range bounds together when both are later, each
    /// change the core refuses — alone or with what is already applied, such as a note range
    /// narrower than 12 semitones — skipped and returned. An unknown key is refused.
    /// - Complexity: O(k log k) for k changes.
    public func merging(_ changes: [String: Change]) -> (SyncedSettings, [Refusal]) {
        var refused: [Refusal] = []
        var later: [(key: String, change: Change)] = []
        for (key, change) in changes {
            if TrainingSettings.Key(rawValue: key) == nil {
                refused.append(Refusal(key: key, error: .unknownSetting(key)))
            } else if change.changedAt > changedAt(key) {
                later.append((key, change))
            }
        }
        later.sort { ($0.change.changedAt, $0.key) < ($1.change.changedAt, $1.key) }
        var merged = self
        func accept(_ accepted: [(key: String, change: Change)]) {
            for (key, change) in accepted { merged.changedAt[key] = change.changedAt }
        }
        var all = merged.settings
        if (try? all.apply(Dictionary(uniqueKeysWithValues: later.map { ($0.key, $0.change.value) }))) != nil {
            merged.settings = all
            accept(later)
            return (merged, refused.sorted { $0.key < $1.key })
        }
        let bounds: Set<String> = [
            TrainingSettings.Key.noteRangeLower.rawValue, TrainingSettings.Key.noteRangeUpper.rawValue,
        ]
        let bothBounds = later.filter { bounds.contains($0.key) }.count == 2
        var done = Set<String>()
        for (key, change) in later where !done.contains(key) {
            var group = [(key: key, change: change)]
            if bothBounds && bounds.contains(key) { group = later.filter { bounds.contains($0.key) } }
            var updated = merged.settings
            if (try? updated.apply(Dictionary(uniqueKeysWithValues: group.map { ($0.key, $0.change.value) }))) != nil {
                merged.settings = updated
                accept(group)
            } else {
                // Together they fail: each alone, in order, so that the one that can stays.
                for item in group {
                    do {
                        var single = merged.settings
                        try single.apply([item.key: item.change.value])
                        merged.settings = single
                        accept([item])
                    } catch {
                        refused.append(Refusal(key: item.key, error: error))
                    }
                }
            }
            for item in group { done.insert(item.key) }
        }
        return (merged, refused.sorted { $0.key < $1.key })
    }
}
