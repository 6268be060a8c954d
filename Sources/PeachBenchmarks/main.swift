// Runs benchmark suites by name: `swift run -c release PeachBenchmarks core` (several names, or
// none for all). Each suite is one line in `suites`; add yours there.
import Foundation

let suites: [String: () throws -> Void] = [
    "core": CoreBenchmarks.run
]

let requested = Array(CommandLine.arguments.dropFirst())
let names = requested.isEmpty ? suites.keys.sorted() : requested
for name in names {
    guard let suite = suites[name] else {
        FileHandle.standardError.write(
            Data("Unknown suite \"\(name)\"; known suites: \(suites.keys.sorted().joined(separator: ", ")).\n".utf8))
        exit(2)
    }
    try suite()
}
