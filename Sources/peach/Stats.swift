import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach stats`: a plain-text summary of the training data.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show a summary: records per mode, threshold, matching accuracy, trend and date range.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let database = try store.openDatabase(.reading)
        let report = StatsReport(
            path: store.path, counts: try database.recordCounts(), profile: try database.loadProfile(),
            settings: try database.loadSettings(), setAside: try database.setAsideRecordCount())
        print(report.text, terminator: "")
    }
}
