import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach backup FILE`: a copy of the database, consistent also while a server writes.
struct Backup: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Copy the database to a file, safely also while `peach serve` runs.",
        discussion: """
            Uses SQLite's online backup: the copy is the database at one instant (records, settings, \
            paired devices), one file readable by you only, written beside FILE and renamed into place. \
            Bring it back with `peach restore FILE`. Never copy the database file with cp while Peach runs.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The file to write the backup to (replaced if it exists).", valueName: "file"))
    var file: String

    func run() async throws {
        try store.files.checkWritable(file)
        guard FileManager.default.fileExists(atPath: store.path) else {
            throw ValidationError("There is no database at \(store.path) to back up; give its path with --data.")
        }
        let counts = try store.openDatabase(.reading).backup(to: file)
        print("Backed up \(counts.total) record\(counts.total == 1 ? "" : "s") and the settings to \(file).")
    }
}
