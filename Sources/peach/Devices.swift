import ArgumentParser
import Foundation
import PeachCore
import PeachStore

/// `peach devices` and `peach devices revoke ID`: the devices paired in LAN mode.
struct Devices: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the devices paired with `peach serve --lan`, or revoke one.",
        subcommands: [List.self, Revoke.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List paired devices (the default).")

        @OptionGroup var store: StoreOptions

        func run() async throws {
            let devices = try store.openDatabase(.reading).devices()
            guard !devices.isEmpty else {
                print("No paired devices. Run `peach serve --lan` and open the address it shows on your device.")
                return
            }
            let rows = devices.map { device in
                [String(device.id), device.name, Self.format(device.createdAt), Self.format(device.lastSeenAt)]
            }
            let header = ["ID", "NAME", "PAIRED", "LAST SEEN"]
            let widths = (0..<header.count).map { column in
                ([header] + rows).map { $0[column].count }.max() ?? 0
            }
            for row in [header] + rows {
                print(
                    zip(row, widths).enumerated().map { index, cell in
                        index == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
                    }.joined(separator: "  "))
            }
        }

        /// UTC, to the second: `2026-03-01 12:34:56Z` (the core's one ISO 8601 writer, with a
        /// space for the `T`, which reads better in a table).
        static func format(_ date: Date) -> String {
            let milliseconds = Timestamp(date).millisecondsSince1970
            let second = Timestamp(millisecondsSince1970: milliseconds - ((milliseconds % 1000) + 1000) % 1000)
            return second.isoText.replacingEvery("T", with: " ")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Revoke a paired device: its next request to a running Peach is refused.")

        @Argument(help: "The device's ID (see `peach devices`).")
        var id: Int64

        @OptionGroup var store: StoreOptions

        func run() async throws {
            guard try store.openDatabase(.writing).removeDevice(id: id) else {
                throw UnknownDevice(id: id)
            }
            print("Revoked device \(id); it must pair again to use Peach.")
        }
    }

    /// `peach devices revoke` with an id no device has.
    struct UnknownDevice: Error, CustomStringConvertible {
        let id: Int64
        var description: String { "There is no paired device with ID \(id); `peach devices` lists them." }
    }
}
