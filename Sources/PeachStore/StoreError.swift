import Foundation

/// Why the store could not do what was asked: each case says what went wrong and what to do.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not an SQLite database at all.
    case notADatabase(path: String)
    /// The file is an SQLite database that Peach did not create.
    case notAPeachDatabase(path: String)
    /// The file claims to be a Peach database but SQLite cannot read it.
    case corrupt(path: String, detail: String)
    /// The file was written by a newer Peach whose schema this version does not know.
    case newerSchema(path: String)
    /// The folder for a new database could not be created, or the file could not be opened.
    case cannotOpen(path: String, detail: String)
    /// Another process held the database longer than the busy timeout.
    case busy(detail: String)
    /// The path names something other than a regular file (a folder, a named pipe, a device),
    /// which SQLite would block on or write a journal beside; `kind` says what, in words.
    case notAFile(path: String, kind: String)
    /// A `-wal` file beside the database was written for another database file; applying it
    /// would show (and then write) that other database's contents.
    case foreignWAL(path: String)
    /// The disk (or the filesystem's quota) is full: the transaction was rolled back.
    case diskFull(path: String)
    /// The file this database has open is no longer the file at `path`: it was deleted, moved
    /// or replaced while open. Nothing more is written, so nothing is acknowledged that no file
    /// at `path` holds. What the open file held was copied to `keptIn` (nil if that failed).
    case databaseMoved(path: String, keptIn: String?)
    /// The file at `path` was overwritten in place while open (a copy over it): nothing more is
    /// written, and the `-wal` is kept out of it.
    case databaseOverwritten(path: String)
    /// A Peach server (or a restore) holds the file: only one may have it at a time.
    case inUse(path: String)
    /// A change to the file was cut off (a Peach stopped while creating it: its rollback
    /// `-journal` is beside it). A command that writes undoes the unfinished change as it opens
    /// the file; a reading command writes nothing, so it cannot read the file until then.
    case interruptedWrite(path: String)
    /// A file to write (a backup, an export) is the database or one of the files SQLite keeps
    /// beside it (`DatabaseFileSet`); `role` says which, and what writing there would do.
    case databaseFile(path: String, role: String)
    /// A folder of Peach's own files (the prepared sounds) is, or holds, the database's files.
    case databaseFolder(path: String, database: String)
    /// The file to restore is not a Peach history: empty, not SQLite, or no Peach schema.
    case notABackup(path: String, detail: String)
    /// Any other SQLite failure, with SQLite's own words.
    case database(detail: String)

    /// Whether the disk was full (the server answers it with a 507, not a 500).
    public var isDiskFull: Bool {
        if case .diskFull = self { true } else { false }
    }

    /// Whether the database file was deleted, moved, replaced or overwritten while open (a 503).
    public var isDatabaseDisplaced: Bool {
        switch self {
        case .databaseMoved, .databaseOverwritten: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notADatabase(let path):
            "\(path) is not a Peach database (it is not an SQLite file at all). Peach has left it untouched; "
                + "choose another file with --data, or move this one away."
        case .notAPeachDatabase(let path):
            "\(path) is an SQLite database, but not one written by Peach. Peach has left it untouched; "
                + "choose another file with --data, or move this one away."
        case .corrupt(let path, let detail):
            "\(path) is damaged and cannot be read (\(detail)). Peach has left it untouched; restore it from a "
                + "backup, or move it away and start a new one (an exported CSV can be imported again)."
        case .newerSchema(let path):
            "\(path) was written by a newer version of Peach. Peach has left it untouched; update Peach to open it."
        case .cannotOpen(let path, let detail):
            "Cannot open the database \(path): \(detail). Check that the folder exists or can be created and "
                + "that you may write to it, or choose another file with --data."
        case .busy(let detail):
            "The database is busy: another Peach process kept it locked too long (\(detail)). Try again in a moment."
        case .notAFile(let path, let kind):
            "\(path) is \(kind), not a database file. Peach has not opened it; give --data the path of a Peach "
                + "database file, or of a new file to create."
        case .foreignWAL(let path):
            "\(path)-wal beside \(path) belongs to another database file (left by a crash, copied there, or left by "
                + "a Peach server whose file was deleted or replaced while it ran), "
                + "so reading it would show that other database's records. Peach has left both files untouched; "
                + "move \(path)-wal away (and \(path)-shm with it) to open \(path) as it is, or put the right "
                + "database file beside it."
        case .diskFull(let path):
            "The disk holding \(path) is full: nothing was stored. Free some space on it, then try again "
                + "(what was stored before is safe)."
        case .databaseMoved(let path, let keptIn):
            "The database file \(path) was deleted, moved or replaced while Peach had it open, so Peach stores "
                + "nothing more (it would be in no file at \(path)); this change was not kept. "
                + (keptIn.map {
                    "Everything Peach had stored is kept in \($0). Stop Peach; to go on with that history, run "
                        + "peach restore \($0) --yes (or start Peach with --data \($0)); the devices send again "
                        + "what it lacks. "
                }
                    ?? "Stop Peach and start it again to open the file now at \(path). ")
                + "To go back to a backup, use peach restore, never a copy over the open file."
        case .databaseOverwritten(let path):
            "The database file \(path) was overwritten while Peach had it open (a copy over it), so Peach stores "
                + "nothing more; this change was not kept. Stop Peach, then bring the backup back with peach restore "
                + "BACKUP --yes (never a copy over the file Peach serves); the devices send again what it lacks."
        case .inUse(let path):
            "A Peach server is serving \(path) (or a restore is writing it): one server per file. Stop that server "
                + "(Ctrl-C where it runs) first, or use another file with --data."
        case .interruptedWrite(let path):
            "The last change to \(path) was cut off (a Peach stopped while writing it; \(path)-journal holds what "
                + "undoes it). This command only reads, so it has left both files untouched; start peach serve once, "
                + "which undoes the unfinished change as it opens the file, then run this command again."
        case .databaseFile(let path, let role):
            "\(path) is \(role); choose another file."
        case .databaseFolder(let path, let database):
            "The folder \(path) holds the Peach database \(database) (or the files SQLite keeps beside it): Peach "
                + "keeps its own files in a folder where nothing of the history is; choose another folder."
        case .notABackup(let path, let detail):
            "\(path) is not a Peach backup: \(detail). Nothing was changed; restore a file made by peach backup."
        case .database(let detail):
            "The database reported an error: \(detail)."
        }
    }
}
