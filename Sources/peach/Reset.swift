import ArgumentParser
import PeachCore
import PeachStore

/// `peach reset --yes`: deletes all training data; settings stay.
struct Reset: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Delete all training records (settings stay). Requires --yes.",
        discussion: "There is no undo; run `peach export --output backup.csv` first if you may want them back.")

    @OptionGroup var store: StoreOptions

    @Flag(help: "Confirm that every training record should be deleted.")
    var yes = false

    func validate() throws {
        guard yes else {
            throw ValidationError(
                "This deletes all training records and cannot be undone; run `peach reset --yes` to confirm.")
        }
    }

    func run() async throws {
        let deleted = try store.openDatabase(.writing).deleteAllTrainingData(now: .now)
        print("Deleted \(deleted) training record\(deleted == 1 ? "" : "s"); settings are kept.")
    }
}
