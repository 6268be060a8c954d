import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach import FILE`: records from a CSV, all or nothing.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import training records from a CSV file (Peach export format 3, also from the iOS app).",
        discussion: """
            All or nothing: if any row is invalid, nothing is imported and the row, column and reason are \
            reported. Rhythm rows from the iOS app are skipped and counted. Settings are not touched. \
            --replace says how many stored records (and from when to when) it would delete, and deletes \
            them only with --yes.
            """)

    enum Mode: String, EnumerableFlag {
        case merge, replace

        static func help(for value: Mode) -> ArgumentHelp? {
            switch value {
            case .merge: "Add the records that are not already stored (same time to the millisecond, type and notes)."
            case .replace: "Delete every stored record first, then import the file (needs --yes)."
            }
        }
    }

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The CSV file to import.", valueName: "file"))
    var file: String

    @Flag var mode: Mode = .merge

    @Flag(help: "Confirm that --replace deletes every stored record (without it, --replace says what it would delete).")
    var yes = false

    func run() async throws {
        // Checked in one streaming pass before the database is opened: a bad row is refused
        // at once, and a large file never sits in memory (the records are read again as they
        // are written).
        let csv: CSVFile
        do {
            csv = try CSVFile(checkingFileAt: file)
        } catch let error as CSVError {
            throw error
        } catch {
            throw ValidationError("Cannot read \(file): \(error.localizedDescription)")
        }
        let database = try store.openDatabase(.writing)
        var confirmed: RecordCounts?
        if mode == .replace {
            let stored = try database.recordCounts()
            guard yes || stored.total == 0 else {
                throw ReplaceRefused(wouldDo: ReplaceNotConfirmed(stored: stored, importing: csv.recordCount))
            }
            confirmed = stored
        }
        let summary = try database.importCSV(
            csv, mode: mode == .merge ? .merge : .replace, confirmedDeletion: confirmed)
        print(summary)
    }

    /// `--replace` without `--yes`: what it would delete, and how to confirm.
    struct ReplaceRefused: Error, CustomStringConvertible {
        let wouldDo: ReplaceNotConfirmed

        var description: String {
            "\(wouldDo) Run the command again with --yes to replace."
        }
    }
}
