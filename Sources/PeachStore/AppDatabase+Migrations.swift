import GRDB

extension AppDatabase {
    /// The schema, one migration per change, append-only: a migration that has shipped is never
    /// edited, so that a database written by any earlier Peach opens and keeps all its data.
    /// Written in SQL, never in terms of app types, so that later code changes cannot change it.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: records and settings") { db in
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            let intervals = "'P1','m2','M2','m3','M3','P4','d5','P5','m6','M6','m7','M7','P8'"
            // The 12-TET semitones of each interval, to tie the target note to the reference.
            let semitones = """
                CASE interval WHEN 'P1' THEN 0 WHEN 'm2' THEN 1 WHEN 'M2' THEN 2 WHEN 'm3' THEN 3 \
                WHEN 'M3' THEN 4 WHEN 'P4' THEN 5 WHEN 'd5' THEN 6 WHEN 'P5' THEN 7 WHEN 'm6' THEN 8 \
                WHEN 'M6' THEN 9 WHEN 'm7' THEN 10 WHEN 'M7' THEN 11 WHEN 'P8' THEN 12 END
                """
            // Columns every record has: when, which notes, which interval in which tuning.
            // timestamp: milliseconds since 1970-01-01T00:00:00Z, in years 0000–9999 (what a
            // CSV timestamp can write).
            let context = """
                id INTEGER PRIMARY KEY,
                exerciseID TEXT NOT NULL UNIQUE,
                timestamp INTEGER NOT NULL CHECK (timestamp BETWEEN -62167219200000 AND 253402300799999),
                referenceNote INTEGER NOT NULL CHECK (referenceNote BETWEEN 0 AND 127),
                targetNote INTEGER NOT NULL CHECK (targetNote BETWEEN 0 AND 127),
                interval TEXT NOT NULL CHECK (interval IN (\(intervals))),
                direction TEXT NOT NULL CHECK (direction IN ('up', 'down') AND (interval <> 'P1' OR direction = 'up')),
                tuningSystem TEXT NOT NULL CHECK (tuningSystem IN ('equalTemperament', 'justIntonation', 'pythagorean'))
                """
            // The target note is the reference moved by the interval in its direction.
            let targetMatchesInterval = """
                CHECK (targetNote = referenceNote + (\(semitones)) * (CASE direction WHEN 'up' THEN 1 ELSE -1 END))
                """
            // NaN is stored as NULL (caught by NOT NULL); ±infinity fails the range checks.
            try db.execute(
                sql: """
                    CREATE TABLE comparisonRecord (
                        \(context),
                        centOffset REAL NOT NULL CHECK (centOffset <> 0 AND centOffset BETWEEN -100 AND 100),
                        isCorrect INTEGER NOT NULL CHECK (isCorrect IN (0, 1)),
                        \(targetMatchesInterval)
                    ) STRICT;
                    CREATE INDEX comparisonRecord_timestamp ON comparisonRecord(timestamp);
                    CREATE TABLE pitchMatchingRecord (
                        \(context),
                        initialCentOffset REAL NOT NULL CHECK (initialCentOffset BETWEEN -100 AND 100),
                        userCentError REAL NOT NULL CHECK (userCentError BETWEEN -1e308 AND 1e308),
                        \(targetMatchesInterval)
                    ) STRICT;
                    CREATE INDEX pitchMatchingRecord_timestamp ON pitchMatchingRecord(timestamp);
                    CREATE TABLE setting (
                        key TEXT PRIMARY KEY,
                        value TEXT NOT NULL
                    ) STRICT;
                    """)
        }
        migrator.registerMigration("v2: paired devices") { db in
            // A device paired in LAN mode. Only the SHA-256 of its session token is
            // kept, so a copy of the database does not let anyone in. Times in milliseconds since
            // 1970 like the records. The UNIQUE index on tokenHash is the per-request lookup.
            try db.execute(
                sql: """
                    CREATE TABLE device (
                        id INTEGER PRIMARY KEY,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                        tokenHash BLOB NOT NULL UNIQUE CHECK (length(tokenHash) = 32),
                        createdAt INTEGER NOT NULL,
                        lastSeenAt INTEGER NOT NULL CHECK (lastSeenAt >= createdAt)
                    ) STRICT;
                    """)
        }
        migrator.registerMigration("v3: pending exercises") { db in
            // Exercises issued and not yet answered, so that an answer arriving after
            // a restart is still recorded. `exercise` is the server's own encoding; the store
            // does not read it. Written with the answer that issues them and deleted in the
            // transaction that records their answer; bounded by the server's caps.
            try db.execute(
                sql: """
                    CREATE TABLE pendingExercise (
                        exerciseID TEXT PRIMARY KEY CHECK (length(exerciseID) = 36),
                        client TEXT NOT NULL CHECK (length(client) <= 200),
                        issuedAt INTEGER NOT NULL,
                        exercise BLOB NOT NULL
                    ) STRICT, WITHOUT ROWID;
                    """)
        }
        migrator.registerMigration("v4: database identity") { db in
            // A random identity for this database file in page 1's header (user_version), so
            // that a -wal left by another database is recognised and refused, not applied
            // (DatabaseIdentity explains the check). Set once, never changed.
            try db.execute(sql: "PRAGMA user_version = \(Int32.random(in: 1...Int32.max))")
        }
        migrator.registerMigration("v5: device ids are never reused") { db in
            // SQLite reuses the highest rowid once its row is deleted, so a device paired after
            // a revoked one got the revoked one's id: `peach devices revoke 3` could
            // then name a device the user never meant. AUTOINCREMENT never hands out an id
            // again; SQLite cannot add it to a table, so the table is rebuilt (SQLite's
            // "making other kinds of table schema changes", steps in one transaction).
            try db.execute(
                sql: """
                    CREATE TABLE device_v5 (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
                        tokenHash BLOB NOT NULL UNIQUE CHECK (length(tokenHash) = 32),
                        createdAt INTEGER NOT NULL,
                        lastSeenAt INTEGER NOT NULL CHECK (lastSeenAt >= createdAt)
                    ) STRICT;
                    INSERT INTO device_v5 (id, name, tokenHash, createdAt, lastSeenAt)
                        SELECT id, name, tokenHash, createdAt, lastSeenAt FROM device;
                    DROP TABLE device;
                    ALTER TABLE device_v5 RENAME TO device;
                    """)
        }
        migrator.registerMigration("v6: settings changed at, no pending exercises") { db in
            // Sync: a setting changed on two devices resolves by last writer wins, so
            // each setting keeps when it was last changed (milliseconds since 1970; 0 = never,
            // which every stored value so far gets). Training runs on the device, so the
            // server no longer issues exercises: the pending ones go.
            try db.execute(
                sql: """
                    ALTER TABLE setting ADD COLUMN changedAt INTEGER NOT NULL DEFAULT 0;
                    DROP TABLE pendingExercise;
                    """)
        }
        migrator.registerMigration("v7: the record rules, one spelling of an id") { db in
            try migrateToRecordRules(db)
        }
        migrator.registerMigration("v8: when the history was reset") { db in
            // A reset deletes every record; devices that still hold answers made before it (not
            // yet synced, or offline during the reset) learn of it at their next sync and drop
            // them, and the server drops any such answer uploaded later (docs/sync.md, "A
            // reset"). One row at most: the time of the last reset, in milliseconds since 1970.
            try db.execute(
                sql: """
                    CREATE TABLE historyReset (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        resetAt INTEGER NOT NULL
                    ) STRICT;
                    """)
        }
        migrator.registerMigration("v9: rhythm records") { db in
            // Compare Timing's answers and Fill the Gap's trials (docs/rhythm.md), with the rules
            // of `RhythmOffsetDetectionRecord` and `ContinuousRhythmMatchingRecord`: a tempo of
            // 40–200 BPM; offsets in ms, at most half a sixteenth (7500 / BPM ms) from the beat; a
            // Compare Timing offset never zero. A Fill the Gap position without a mean, and a
            // trial whose counted taps are not known (one read from a CSV file), are NULL. Ids and
            // times follow the rules of the pitch tables (v7).
            let canonicalID = [8, 4, 4, 4, 12].map { String(repeating: "[0-9a-f]", count: $0) }.joined(separator: "-")
            let start = """
                id INTEGER PRIMARY KEY,
                exerciseID TEXT NOT NULL UNIQUE CHECK (exerciseID GLOB '\(canonicalID)'),
                timestamp INTEGER NOT NULL CHECK (timestamp BETWEEN -62167219200000 AND 253402300799999)
                """
            let halfSixteenth = "7500.0 / tempoBPM"
            func position(_ index: Int) -> String {
                let column = "meanOffsetMsPosition\(index)"
                return "\(column) REAL CHECK (\(column) IS NULL OR abs(\(column)) <= \(halfSixteenth))"
            }
            try db.execute(
                sql: """
                    CREATE TABLE rhythmOffsetDetectionRecord (
                        \(start),
                        tempoBPM INTEGER NOT NULL CHECK (tempoBPM BETWEEN 40 AND 200),
                        offsetMs REAL NOT NULL CHECK (offsetMs <> 0 AND abs(offsetMs) <= \(halfSixteenth)),
                        isCorrect INTEGER NOT NULL CHECK (isCorrect IN (0, 1))
                    ) STRICT;
                    CREATE INDEX rhythmOffsetDetectionRecord_timestamp ON rhythmOffsetDetectionRecord(timestamp);
                    CREATE TABLE continuousRhythmMatchingRecord (
                        \(start),
                        tempoBPM INTEGER NOT NULL CHECK (tempoBPM BETWEEN 40 AND 200),
                        meanOffsetMs REAL NOT NULL CHECK (abs(meanOffsetMs) <= \(halfSixteenth)),
                        \((0..<4).map(position).joined(separator: ",\n")),
                        hitCount INTEGER CHECK (hitCount IS NULL OR hitCount BETWEEN 1 AND 16)
                    ) STRICT;
                    CREATE INDEX continuousRhythmMatchingRecord_timestamp ON continuousRhythmMatchingRecord(timestamp);
                    """)
        }
        migrator.registerMigration("v10: how often the history's records were removed") { db in
            // Each reset and each replacing import removes every record, on purpose: a device
            // whose answers such a removal took must not offer them again, while one whose
            // answers an older copy of the file lacks must (docs/sync.md, "A restored or
            // displaced history"). One row at most: how many such removals the history had.
            try db.execute(
                sql: """
                    CREATE TABLE historyRemovals (
                        id INTEGER PRIMARY KEY CHECK (id = 1),
                        count INTEGER NOT NULL CHECK (count >= 0)
                    ) STRICT;
                    """)
        }
        return migrator
    }
}
