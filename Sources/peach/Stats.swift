import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach stats`: a plain-text summary of the training data.
struct Stats: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract:
            "Show a summary: records per mode and date range, each mode's threshold with its interval and trend, "
            + "pitch matching's bias and spread.")

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let database = try store.openDatabase(.reading)
        let profile = try database.loadProfile()
        let report = StatsReport(
            path: store.path, counts: try database.recordCounts(of: profile), profile: profile,
            setAside: try database.setAsideRecordCount())
        print(report.text, terminator: "")
    }
}
