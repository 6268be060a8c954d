import ArgumentParser
import Foundation
import PeachStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `peach export`: every record as CSV, oldest first.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write all training records as CSV (Peach export format 3, as the iOS app reads it).",
        discussion: "Writes to standard output unless --output is given. Settings are not exported.")

    @OptionGroup var store: StoreOptions

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the CSV to this file instead of standard output.", valueName: "file"))
    var output: String?

    func run() async throws {
        // Never over the history, also one not created yet: a CSV there replaces it.
        if let output { try store.files.checkWritable(output) }
        let database = try store.openDatabase(.reading)
        guard let output else {
            let standardOutput = FileOutput(descriptor: STDOUT_FILENO, name: "standard output")
            try database.exportCSV(standardOutput.write)
            return
        }
        // Written beside the target and renamed into place, so that a failed export (a full
        // disk) never leaves half a file where a complete one was expected, nor a part beside it.
        let target = URL(fileURLWithPath: output)
        let temporary = target.deletingLastPathComponent()
            .appendingPathComponent(".\(target.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial")
        try store.files.checkWritable(temporary.path)
        // A new file, never one already there: a link left at this name would lead the write
        // elsewhere (O_EXCL does not follow it).
        unlink(temporary.path)
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw ValidationError(
                "Cannot write \(output): \(String(cString: strerror(errno))). Check that its folder exists and that you may write to it."
            )
        }
        do {
            defer { close(descriptor) }
            let file = FileOutput(descriptor: descriptor, name: output)
            try database.exportCSV(file.write)
            try file.synchronize()
            // rename(2) replaces an existing file atomically.
            guard rename(temporary.path, target.path) == 0 else {
                throw ValidationError("Cannot write \(output): \(String(cString: strerror(errno))).")
            }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }
}
