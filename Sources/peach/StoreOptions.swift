import ArgumentParser
import Foundation
import PeachStore

/// The database option every command shares.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .customLong("data"),
        help: ArgumentHelp(
            "The Peach database file (created with its folder if needed).",
            discussion: "Default: $XDG_DATA_HOME/peach/peach.sqlite, or ~/.local/share/peach/peach.sqlite.",
            valueName: "path"))
    var data: String?

    func validate() throws {
        if let data, data.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--data needs the path of a database file.")
        }
    }

    /// The database file these options name.
    var path: String { data ?? AppDatabase.defaultPath() }

    /// The database file and the files SQLite keeps beside it, which no command writes over.
    var files: DatabaseFileSet { DatabaseFileSet(path: path) }

    /// Opens the database for `access`: `.reading` for commands that only read, so that they
    /// leave the file (and its `-wal`) exactly as they found them.
    func openDatabase(_ access: AppDatabase.Access) throws -> AppDatabase {
        try AppDatabase.open(path: path, access: access)
    }
}
