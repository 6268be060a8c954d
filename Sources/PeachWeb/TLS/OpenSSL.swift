import Foundation

/// Runs Debian's `openssl` command line: the X.509 library that creates Peach's certificate
/// authority and issues its server certificates (`LocalCertificateAuthority`).
///
/// Why the command and not swift-certificates: OpenSSL is already on every Debian machine
/// (and security-updated with it), its `x509v3` extensions are the reference that browsers'
/// certificate checks are tested against, and it adds no second copy of BoringSSL to compile
/// (swift-crypto brings its own, beside swift-nio-ssl's) on the small machines Peach runs on.
/// The cost is a missing command at run time, which `TLSError.openSSLMissing` explains.
struct OpenSSL: Sendable {
    /// The command found on `PATH` or in the usual places.
    let executable: URL

    /// The `openssl` on `PATH` (or in `fallbackFolders`), or `TLSError.openSSLMissing`.
    static func find(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        fallbackFolders: [String] = ["/usr/bin", "/usr/local/bin"]
    ) throws -> OpenSSL {
        let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init) + fallbackFolders
        for folder in folders where !folder.isEmpty {
            let candidate = URL(fileURLWithPath: folder).appendingPathComponent("openssl")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return OpenSSL(executable: candidate) }
        }
        throw TLSError.openSSLMissing
    }

    /// Runs `openssl ARGUMENTS` and returns its standard output; a non-zero exit is
    /// `TLSError.openSSLFailed` with its standard error, `step` saying what it was doing.
    @discardableResult
    func run(_ arguments: [String], step: String) throws -> String {
        let result = try status(arguments)
        guard result.status == 0 else { throw TLSError.openSSLFailed(step: step, output: result.error) }
        return result.output
    }

    /// Runs `openssl ARGUMENTS`: its exit status, standard output and standard error (trimmed).
    func status(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw TLSError.openSSLMissing
        }
        // Read both before waiting, so that a full pipe cannot block the command.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        )
    }
}
