import Foundation

/// An executable of this package that `swift build` / `swift test` put next to the test bundle
/// (`.build/<triple>/debug`): `peach`, for the command-line and crash-safety tests.
func builtExecutable(_ name: String) throws -> URL {
    let candidates = [
        URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent(),
        Bundle.main.bundleURL.deletingLastPathComponent(),
        Bundle.main.bundleURL,
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug"),
    ]
    for folder in candidates {
        let url = folder.appendingPathComponent(name)
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    throw ExecutableNotBuilt(name: name, searched: candidates.map(\.path))
}

struct ExecutableNotBuilt: Error, CustomStringConvertible {
    var name: String
    var searched: [String]
    var description: String {
        "\(name) is not built (looked in \(searched.joined(separator: ", "))); run `swift build` first."
    }
}

/// What a finished process said and how it ended.
struct ProcessResult {
    var status: Int32
    var output: String
    var errors: String
    /// The process was still running after the time limit and was terminated.
    var timedOut = false
}

/// Runs an executable to completion with `environment` added to this process's environment;
/// terminates it after `timeLimit` (a hang is a test failure, not a stuck test run).
func runProcess(
    _ executable: URL, _ arguments: [String], environment: [String: String] = [:], timeLimit: TimeInterval = 120
) throws -> ProcessResult {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    let errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeLimit, execute: timer)
    // Read both pipes while the process runs, so that a full pipe cannot stall it.
    nonisolated(unsafe) var errorData = Data()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { errorData = errors.fileHandleForReading.readDataToEndOfFile() }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    group.wait()
    timer.cancel()
    return ProcessResult(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        errors: String(decoding: errorData, as: UTF8.self), timedOut: process.terminationReason == .uncaughtSignal)
}
