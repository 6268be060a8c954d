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

/// Runs an executable to completion as `runProcess` does, and measures how far its peak resident
/// memory (`wait4`'s `ru_maxrss`) went beyond this process's own peak (`VmHWM`): the child is
/// started with this process's memory mapped until it runs the executable (`posix_spawn`
/// clones it), and Linux counts that peak as the child's too. Output goes through files.
func runMeasuringMemory(_ executable: URL, _ arguments: [String]) throws -> (result: ProcessResult, peakKiB: Int) {
    let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    let ownPeakKiB =
        status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) } ?? 0
    let folder = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (output, errors) = (folder.appendingPathComponent("out").path, folder.appendingPathComponent("err").path)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, errors, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    let argv = ([executable.path] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    var waitStatus: Int32 = 0
    var usage = rusage()
    while wait4(pid, &waitStatus, 0, &usage) < 0 && errno == EINTR {}
    // The exit status, or 128 and the signal that ended it, as a shell reports it.
    let result = ProcessResult(
        status: waitStatus & 0x7f == 0 ? (waitStatus >> 8) & 0xff : 128 + waitStatus & 0x7f,
        output: (try? String(contentsOfFile: output, encoding: .utf8)) ?? "",
        errors: (try? String(contentsOfFile: errors, encoding: .utf8)) ?? "")
    return (result, max(0, usage.ru_maxrss - ownPeakKiB))
}
