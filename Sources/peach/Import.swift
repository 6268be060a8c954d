import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach import FILE`: records from a CSV, all or nothing.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Import training records from a CSV file (Peach export formats 1 to 3, from Peach, its iOS or web app).",
        discussion: """
            All or nothing: if any row is invalid, nothing is imported and the row, column and reason are \
            reported. Files of the iOS app's formats 1 and 2 and the web app's format 1 are read as \
            the iOS app migrates them. Rhythm rows from the iOS app are skipped and counted. Settings are not touched. \
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
        // A large file never sits in memory: it is read piece by piece as it is written, in one
        // transaction that a bad row undoes. A replace is checked in a pass of its own first, so
        // that what it would do can be said (with the file's record count) before anything is
        // written.
        let csv: CSVFile
        do {
            // Opened once here, so that a file that cannot be read is said before the database
            // is opened.
            try FileHandle(forReadingFrom: URL(fileURLWithPath: file)).close()
            csv = mode == .replace ? try CSVFile(checkingFileAt: file) : CSVFile(fileAt: file)
        } catch let error as CSVError {
            throw error
        } catch {
            throw ValidationError("Cannot read \(file): \(error.localizedDescription)")
        }
        let isNew = !FileManager.default.fileExists(atPath: store.path)
        do {
            print(try importing(csv))
        } catch let error as CSVError where isNew {
            // The database this import made holds nothing: no file is left where there was none.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }
            throw error
        }
    }

    /// Imports `csv` into the database, closed again when this returns.
    private func importing(_ csv: CSVFile) throws -> ImportSummary {
        let database = try store.openDatabase(.writing)
        var confirmed: RecordCounts?
        if mode == .replace {
            let stored = try database.recordCounts()
            guard yes || stored.total == 0 else {
                throw ReplaceRefused(wouldDo: ReplaceNotConfirmed(stored: stored, importing: csv.recordCount ?? 0))
            }
            confirmed = stored
        }
        return try database.importCSV(csv, mode: mode == .merge ? .merge : .replace, confirmedDeletion: confirmed)
    }

    /// `--replace` without `--yes`: what it would delete, and how to confirm.
    struct ReplaceRefused: Error, CustomStringConvertible {
        let wouldDo: ReplaceNotConfirmed

        var description: String {
            "\(wouldDo) Run the command again with --yes to replace."
        }
    }
}
