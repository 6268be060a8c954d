import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach restore FILE --yes`: the database becomes the backup FILE.
struct Restore: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Replace the database with a backup made by `peach backup` (needs --yes).",
        discussion: """
            Brings back the backup's records, settings and paired devices, replacing everything in the \
            database. Refused while `peach serve` runs on the database: stop the server first, then start it \
            again after the restore. Without --yes (and a database that holds anything) it says what it \
            would replace and changes nothing.
            """)

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The backup to restore.", valueName: "file"))
    var file: String

    @Flag(help: "Confirm that everything in the database is replaced by the backup.")
    var yes = false

    func run() async throws {
        if !yes, let size = try? FileManager.default.attributesOfItem(atPath: store.path)[.size] as? Int, size > 0 {
            throw NotConfirmed(question: Self.question(database: store.path, backup: file))
        }
        let restored = try AppDatabase.restore(from: file, to: store.path)
        print(
            "Restored \(restored.total) record\(restored.total == 1 ? "" : "s"), the settings and paired devices from \(file)."
        )
    }

    /// A restore without `--yes` over a database that holds something: what it would replace.
    struct NotConfirmed: Error, CustomStringConvertible {
        let question: String
        var description: String { question }
    }

    /// What a restore would replace, and how to confirm it.
    static func question(database: String, backup: String) -> String {
        let replaced: String
        do {
            let counts = try AppDatabase.open(path: database, access: .reading).recordCounts()
            replaced =
                "its \(counts.total) record\(counts.total == 1 ? "" : "s")"
                + (counts.first.map { first in " from \(first.isoText) to \(counts.last!.isoText)" } ?? "")
        } catch {
            replaced = "what it holds (it cannot be read: \(error))"
        }
        return "Restoring replaces everything in \(database) — \(replaced), the settings and the paired devices — "
            + "with the backup \(backup). Nothing was changed. Run the command again with --yes to restore."
    }
}
