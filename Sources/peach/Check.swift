import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach check`: reads every page of the database now. Starting and writing no longer wait for
/// a whole-file check before they begin (it runs beside them, and writes wait for it); this is
/// the same check on demand, for a file copied from elsewhere or kept for a long time.
struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Read every page of the database and say whether it is undamaged.",
        discussion: """
            Reads the file only (also while `peach serve` runs). A damaged database is named with what \
            is wrong and the way back: `peach restore` from a backup.
            """)

    @OptionGroup var store: StoreOptions

    func run() async throws {
        guard FileManager.default.fileExists(atPath: store.path) else {
            throw ValidationError("There is no database at \(store.path) to check; give its path with --data.")
        }
        let database = try store.openDatabase(.reading)
        try database.check()
        let counts = try database.recordCounts()
        print("\(store.path) is undamaged: \(counts.total) record\(counts.total == 1 ? "" : "s") read.")
    }
}
