import ArgumentParser
import Foundation
import PeachStore

/// `peach import FILE`: records from a CSV, all or nothing.
struct Import: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import training records from a CSV file (Peach export format 3, also from the iOS app).",
        discussion: """
            All or nothing: if any row is invalid, nothing is imported and the row, column and reason are \
            reported. Rhythm rows from the iOS app are skipped and counted. Settings are not touched.
            """)

    enum Mode: String, EnumerableFlag {
        case merge, replace

        static func help(for value: Mode) -> ArgumentHelp? {
            switch value {
            case .merge: "Add the records that are not already stored (same time to the millisecond, type and notes)."
            case .replace: "Delete every stored record first, then import the file."
            }
        }
    }

    @OptionGroup var store: StoreOptions

    @Argument(help: ArgumentHelp("The CSV file to import.", valueName: "file"))
    var file: String

    @Flag var mode: Mode = .merge

    func run() async throws {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw ValidationError("Cannot read \(file): \(error.localizedDescription)")
        }
        let database = try store.openDatabase(.writing)
        let summary = try database.importCSV(data, mode: mode == .merge ? .merge : .replace)
        print(summary)
    }
}
