import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `peach serve` on a database file, on a port of its choosing, without instrument sounds, with
/// any further `arguments`. Its output and errors are read as they come (a full pipe would stop
/// the server).
final class RunningServer: @unchecked Sendable {
    private let process = Process()
    private let condition = NSCondition()
    private var output = ""
    private var errorOutput = ""
    private var outputEnded = false
    private var errorsEnded = false

    init(_ peach: URL, data path: String, arguments: [String] = []) throws {
        process.executableURL = peach
        process.arguments =
            ["serve", "--port", "0", "--data", path, "--soundfont", "/nonexistent/none.sf2"] + arguments
        let (outputPipe, errorPipe) = (Pipe(), Pipe())
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        try process.run()
        try? outputPipe.fileHandleForWriting.close()
        try? errorPipe.fileHandleForWriting.close()
        for (pipe, isOutput) in [(outputPipe, true), (errorPipe, false)] {
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = pipe.fileHandleForReading.availableData
                    condition.withLock {
                        if isOutput {
                            output += String(decoding: chunk, as: UTF8.self)
                            outputEnded = chunk.isEmpty
                        } else {
                            errorOutput += String(decoding: chunk, as: UTF8.self)
                            errorsEnded = chunk.isEmpty
                        }
                    }
                    condition.broadcast()
                    if chunk.isEmpty { return }
                }
            }
        }
    }

    /// A test that ends early (a failed `#require`) leaves no server behind.
    deinit {
        if process.isRunning { kill() }
    }

    /// The port, once the server says it is running; `nil` if it ended first.
    func waitForPort() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let range = output.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression) {
                return Int(output[range].dropFirst("127.0.0.1:".count).dropLast())
            }
            if outputEnded { return nil }
            condition.wait()
        }
    }

    /// SIGKILL: the process ends at once, mid-request if it is in one, as in a power cut.
    func kill() {
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// SIGINT, as Ctrl-C: the server finishes what it is doing and exits.
    func stop() {
        Glibc.kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
    }

    var endedBySignal: Bool { process.terminationReason == .uncaughtSignal }

    /// What the server wrote to standard error so far.
    var errors: String { condition.withLock { errorOutput } }

    /// All the server wrote to standard error, once it has ended (after `stop` or `kill`).
    var allErrors: String {
        condition.lock()
        defer { condition.unlock() }
        while !errorsEnded { condition.wait() }
        return errorOutput
    }

    /// One HTTP/1.1 request on a connection of its own (`Connection: close`), blocking: the
    /// status and body, or `nil` when the connection fails (the server was killed). Blocking
    /// sockets on the caller's thread, so that a server killed mid-request can never leave a
    /// request waiting: the connection is reset and `recv` returns.
    static func request(port: Int, _ method: String, _ path: String, json: String = "") -> (status: Int, body: Data)? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        defer { close(socket) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return nil }
        let body = Array(json.utf8)
        let request =
            Array(
                ("\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n").utf8) + body
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return nil }
            sent += count
        }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            response += buffer[0..<count]
        }
        let separator = Array("\r\n\r\n".utf8)
        guard response.count >= 12,
            let headEnd = (0...response.count - 4).first(where: { Array(response[$0..<$0 + 4]) == separator }),
            response.starts(with: Array("HTTP/1.1 ".utf8)),
            let status = Int(String(decoding: response[9..<12], as: UTF8.self))
        else { return nil }
        return (status, Data(response[(headEnd + 4)...]))
    }
}
