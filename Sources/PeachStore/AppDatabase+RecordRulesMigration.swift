import GRDB

extension AppDatabase {
    /// Migration v7: the record tables hold the rules every record follows (the core's
    /// `InvalidRecord`), and an id has one spelling.
    ///
    /// - A pitch matching's `userCentError` is within ±200 cents, the slider's reach (v1 allowed
    ///   ±1e308: a CSV row of 1e200 put infinities, and one of 1e308 NaN, into every statistic,
    ///   and every device's sync failed until it was removed). The other columns' CHECKs of v1
    ///   are the rules already.
    /// - `exerciseID` is a canonical UUID, lowercase (`RecordID`): v1 kept any text, so the same
    ///   id in capitals and in small letters was two records, and the CSV import made capitals.
    ///
    /// SQLite cannot add a CHECK to a table, so both tables are rebuilt (SQLite's "making other
    /// kinds of table schema changes", within the migration's transaction). Nothing is dropped:
    /// a row whose values break a rule (a cent error beyond ±200) is set aside whole, as JSON
    /// with the reason, in `setAsideRecord` (docs/cli.md says how to read it); a row whose id is
    /// no UUID, or the id of an earlier row spelled differently, keeps its record under a new
    /// random id. Written in SQL only, as every migration, so that later code cannot change
    /// what it does: the bounds are numbers here, and a test holds them to the core's
    /// (`AppDatabaseTests.checksHoldTheRules`, at every edge of every field).
    /// - Complexity: O(n log n) for n records, once.
    static func migrateToRecordRules(_ db: Database) throws {
        let canonicalID = [8, 4, 4, 4, 12].map { String(repeating: "[0-9a-f]", count: $0) }.joined(separator: "-")
        let intervals = "'P1','m2','M2','m3','M3','P4','d5','P5','m6','M6','m7','M7','P8'"
        let semitones = """
            CASE interval WHEN 'P1' THEN 0 WHEN 'm2' THEN 1 WHEN 'M2' THEN 2 WHEN 'm3' THEN 3 \
            WHEN 'M3' THEN 4 WHEN 'P4' THEN 5 WHEN 'd5' THEN 6 WHEN 'P5' THEN 7 WHEN 'm6' THEN 8 \
            WHEN 'M6' THEN 9 WHEN 'm7' THEN 10 WHEN 'M7' THEN 11 WHEN 'P8' THEN 12 END
            """
        let context = """
            id INTEGER PRIMARY KEY,
            exerciseID TEXT NOT NULL UNIQUE CHECK (exerciseID GLOB '\(canonicalID)'),
            timestamp INTEGER NOT NULL CHECK (timestamp BETWEEN -62167219200000 AND 253402300799999),
            referenceNote INTEGER NOT NULL CHECK (referenceNote BETWEEN 0 AND 127),
            targetNote INTEGER NOT NULL CHECK (targetNote BETWEEN 0 AND 127),
            interval TEXT NOT NULL CHECK (interval IN (\(intervals))),
            direction TEXT NOT NULL CHECK (direction IN ('up', 'down') AND (interval <> 'P1' OR direction = 'up')),
            tuningSystem TEXT NOT NULL CHECK (tuningSystem IN ('equalTemperament', 'justIntonation', 'pythagorean'))
            """
        let targetMatchesInterval = """
            CHECK (targetNote = referenceNote + (\(semitones)) * (CASE direction WHEN 'up' THEN 1 ELSE -1 END))
            """
        let contextColumns = "id, exerciseID, timestamp, referenceNote, targetNote, interval, direction, tuningSystem"
        try db.execute(
            sql: """
                CREATE TABLE setAsideRecord (
                    id INTEGER PRIMARY KEY,
                    reason TEXT NOT NULL,
                    record TEXT NOT NULL
                ) STRICT;
                CREATE INDEX comparisonRecord_lowerID ON comparisonRecord(lower(exerciseID));
                CREATE INDEX pitchMatchingRecord_lowerID ON pitchMatchingRecord(lower(exerciseID));
                """)
        // Which rows break a rule of the values, and why: v1's CHECKs of a comparison's values
        // and of the initial offset are the rules already.
        let tables: [(name: String, values: String, valueChecks: String, broken: String, reason: String)] = [
            (
                "comparisonRecord", "centOffset, isCorrect",
                """
                centOffset REAL NOT NULL CHECK (centOffset <> 0 AND centOffset BETWEEN -100 AND 100),
                isCorrect INTEGER NOT NULL CHECK (isCorrect IN (0, 1))
                """, "0", ""
            ),
            (
                "pitchMatchingRecord", "initialCentOffset, userCentError",
                """
                initialCentOffset REAL NOT NULL CHECK (initialCentOffset BETWEEN -100 AND 100),
                userCentError REAL NOT NULL CHECK (userCentError BETWEEN -200 AND 200)
                """,
                "NOT (userCentError BETWEEN -200 AND 200)", "its userCentError is beyond ±200 cents"
            ),
        ]
        for table in tables {
            // An earlier row: lower in this table, or in the comparison table (whose rows stay first).
            let earlier =
                table.name == "comparisonRecord"
                ? "EXISTS (SELECT 1 FROM comparisonRecord other WHERE lower(other.exerciseID) = lower(row.exerciseID) AND other.id < row.id)"
                : "EXISTS (SELECT 1 FROM pitchMatchingRecord other WHERE lower(other.exerciseID) = lower(row.exerciseID) AND other.id < row.id) OR EXISTS (SELECT 1 FROM comparisonRecord other WHERE lower(other.exerciseID) = lower(row.exerciseID))"
            let id = """
                CASE WHEN lower(exerciseID) GLOB '\(canonicalID)' AND NOT (\(earlier)) THEN lower(exerciseID)
                ELSE lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4'
                    || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + abs(random() % 4), 1)
                    || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))) END
                """
            let fields = (contextColumns + ", " + table.values).split(separator: ", ")
                .map { "'\($0)', \($0)" }.joined(separator: ", ")
            try db.execute(
                sql: """
                    INSERT INTO setAsideRecord (reason, record)
                        SELECT '\(table.reason)', json_object('table', '\(table.name)', \(fields))
                        FROM \(table.name) WHERE \(table.broken) ORDER BY id;
                    CREATE TABLE \(table.name)_v7 (
                        \(context),
                        \(table.valueChecks),
                        \(targetMatchesInterval)
                    ) STRICT;
                    INSERT INTO \(table.name)_v7 (\(contextColumns), \(table.values))
                        SELECT id, \(id), timestamp, referenceNote, targetNote, interval, direction,
                            tuningSystem, \(table.values)
                        FROM \(table.name) row WHERE NOT (\(table.broken));
                    """)
        }
        for table in tables {
            try db.execute(
                sql: """
                    DROP TABLE \(table.name);
                    ALTER TABLE \(table.name)_v7 RENAME TO \(table.name);
                    CREATE INDEX \(table.name)_timestamp ON \(table.name)(timestamp);
                    """)
        }
    }
}
