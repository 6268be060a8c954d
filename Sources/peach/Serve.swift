import ArgumentParser
import Foundation
import Hummingbird
import PeachStore
import PeachWeb

/// `peach serve`: the app itself. Serves Peach to a browser until interrupted; Ctrl-C (or
/// SIGTERM) stops it gracefully, letting requests in flight finish, so an answer being recorded
/// is committed before the server exits.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Serve Peach to your browser (the default command).",
        discussion: """
            Prints the address to open and serves until you press Ctrl-C. Use --host 0.0.0.0 to \
            train from a phone or tablet on the same network.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The port to listen on (0 picks a free one).")
    var port = 8080

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let database = try store.openDatabase()
        let host = self.host
        let app = try await buildApplication(
            database: database,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: "Peach"),
            allowedHosts: AllowedHosts(servingHost: host, port: port),
            onServerRunning: { port in
                let shown =
                    ["0.0.0.0", "::", ""].contains(host) ? "localhost" : host.contains(":") ? "[\(host)]" : host
                // Written unbuffered, so the address shows at once also when stdout is a pipe.
                FileHandle.standardOutput.write(
                    Data(
                        """
                        Peach is running. Open http://\(shown):\(port.map(String.init) ?? "?")/ in your browser.
                        Training data: \(database.path). Press Ctrl-C to stop.

                        """.utf8))
            })
        try await app.runService()
    }
}
