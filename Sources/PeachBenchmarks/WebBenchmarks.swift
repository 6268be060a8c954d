import Foundation
import Hummingbird
import Logging
import PeachCore
import PeachFixtures
import PeachStore
import PeachViews
import PeachWeb

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's benchmarks, on a real file with 1,000,000 records and the real server on a
/// loopback port: `swift run -c release PeachBenchmarks web` (results in docs/benchmarks.md).
///
/// - start-up: from launching `peach serve` to its first `200` of `/healthz`, and in this
///   process from opening the database to the same (the profile is loaded before the server
///   listens);
/// - sync upload: 10,000 new records in batches of 500 (`POST /api/sync/records`)
///   over a kept-alive loopback connection — reading and checking the body, the durable
///   transaction, the profile update — as the total and per batch, the server's own time (its
///   `Server-Timing` header) and the round trip at the client; then the same batches again
///   (a retry: every record already stored);
/// - first sync of a new device: `GET /api/sync/profile`, its bytes and time.
enum WebBenchmarks {
    static let records = ProcessInfo.processInfo.environment["PEACH_BENCH_RECORDS"].flatMap(Int.init) ?? 1_000_000
    static let uploadedRecords = 10_000
    static let batchSize = 500

    static func run() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peach-web-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("peach.sqlite").path
        print("Web benchmarks in \(folder.path)")

        // A database of a million records: the benchmarks' history.
        let seeded = try AppDatabase.open(path: path)
        _ = try seeded.importCSV(BenchmarkHistory.csv(count: records), mode: .replace)
        print("database:                        \(records) records")

        measureLongHistorySnapshot()
        try measureServeStartup(path: path)

        let portBox = PortBox()
        let start = ContinuousClock.now
        let database = try AppDatabase.open(path: path)
        let opened = ContinuousClock.now - start
        let app = try await buildApplication(quietServer(database) { port in portBox.set(port ?? 0) })
        let built = ContinuousClock.now - start
        let server = Task { try await app.runService() }
        defer { server.cancel() }
        let port = await portBox.wait()
        try await onOwnThread {
            let client = try LoopbackClient(port: port)
            let health = try client.request("GET", "/healthz")
            let startup = ContinuousClock.now - start
            precondition(health.status == 200)
            print(
                "open + profile + /healthz 200:   \(secondsText(startup))  (open \(secondsText(opened)), "
                    + "profile and routes \(secondsText(built - opened)), listening and first request \(secondsText(startup - built)))"
            )
            try measureSync(client: client, label: "durable file")
            for page in ["/", "/comparison", "/settings", "/profile"] {
                // The Start page (with the profile preview) and the Profile page are
                // rendered from the in-memory profile; timed at the client, 51 requests.
                var samples: [Duration] = []
                var bytes = 0
                for _ in 0..<51 {
                    let begin = ContinuousClock.now
                    let response = try client.request("GET", page)
                    samples.append(ContinuousClock.now - begin)
                    precondition(response.status == 200)
                    bytes = response.body.utf8.count
                }
                print(
                    "page \(page):".padding(toLength: 33, withPad: " ", startingAt: 0)
                        + "\(bytes) bytes of HTML, median \(DecimalText.fixed(samples.sorted()[25].milliseconds, fractionDigits: 3)) ms"
                )
            }
        }
        server.cancel()

        // The same on an in-memory database of the same records: the server's own work without
        // the fsync of the durable write.
        let memory = try AppDatabase.inMemory()
        _ = try memory.importCSV(BenchmarkHistory.csv(count: records), mode: .replace)
        let memoryPort = PortBox()
        let memoryApp = try await buildApplication(quietServer(memory) { port in memoryPort.set(port ?? 0) })
        let memoryServer = Task { try await memoryApp.runService() }
        defer { memoryServer.cancel() }
        let memoryPortNumber = await memoryPort.wait()
        try await onOwnThread {
            try measureSync(client: try LoopbackClient(port: memoryPortNumber), label: "in memory, no fsync")
        }
    }

    /// Runs the blocking client on a thread of its own. On the cooperative pool (one thread per
    /// core, two here) a client waiting in `recv` would hold half the threads the server's tasks
    /// and the training actor run on, and its tail would be the benchmark's, not the server's.
    /// The server on `database` at 127.0.0.1 on a port the system chooses, logging only what is
    /// critical (a log line per request would be timed too), telling `running` its port.
    static func quietServer(
        _ database: AppDatabase, running: @escaping @Sendable (Int?) async -> Void
    ) -> PeachServerConfiguration {
        var server = PeachServerConfiguration(database: database)
        server.application = ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0))
        server.logger.logLevel = .critical
        server.onServerRunning = running
        return server
    }

    static func secondsText(_ duration: Duration) -> String {
        DecimalText.fixed(Benchmark.seconds(duration), fractionDigits: 3) + " s"
    }

    static func onOwnThread(_ body: @escaping @Sendable () throws -> Void) async throws {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }

    /// The start-up figure as a user meets it: from launching the release `peach serve`
    /// on the database (a new process: loading the binary, opening, the profile, listening) to
    /// its first `200` of `/healthz`; median of 5 launches. Needs the `peach` product beside this
    /// one (`swift build -c release --product peach`).
    static func measureServeStartup(path: String) throws {
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("peach")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("peach serve → /healthz 200:      skipped (first: swift build -c release --product peach)")
            return
        }
        var samples: [Duration] = []
        var profileSamples: [Duration] = []
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["serve", "--port", "0", "--data", path]
            let output = Pipe()
            process.standardOutput = output
            let start = ContinuousClock.now
            try process.run()
            // "Peach is running. Open http://127.0.0.1:PORT/ …" once it listens.
            var text = ""
            while !text.contains("/ in your browser") {
                let data = output.fileHandleForReading.availableData
                precondition(!data.isEmpty, "peach serve stopped: \(text)")
                text += String(decoding: data, as: UTF8.self)
            }
            let port = Int(text.split(separator: "127.0.0.1:")[1].prefix { $0.isNumber })!
            let client = try LoopbackClient(port: port)
            let health = try client.request("GET", "/healthz")
            samples.append(ContinuousClock.now - start)
            precondition(health.status == 200)
            // The profile is built once the server listens: the first request that needs it.
            let profile = try client.request("GET", APIRoute.syncProfile.path)
            profileSamples.append(ContinuousClock.now - start)
            precondition(profile.status == 200)
            process.interrupt()
            process.waitUntilExit()
        }
        for (label, samples) in [
            ("peach serve → /healthz 200:", samples), ("  → first profile download:", profileSamples),
        ] {
            let sorted = samples.sorted()
            print(
                label.padding(toLength: 33, withPad: " ", startingAt: 0)
                    + String(
                        format: "median %.3f s  (fastest %.3f s, slowest %.3f s, n=5)", Benchmark.seconds(sorted[2]),
                        Benchmark.seconds(sorted[0]), Benchmark.seconds(sorted[4])))
        }
    }

    /// `uploadedRecords` new records as JSON batches of `batchSize`, after the database's
    /// history (the device trained since), drawn as the history is, ids made as a device makes them.
    static func uploadBatches() -> [String] {
        let uploaded = Array(
            BenchmarkHistory.records(
                count: uploadedRecords, seed: 15, start: BenchmarkHistory.after(count: Self.records)))
        return stride(from: 0, to: uploadedRecords, by: batchSize).map { first in
            let items = uploaded[first..<first + batchSize].map { record in
                let (fields, context): (String, ExerciseContext) =
                    switch record {
                    case .comparison(let r):
                        (
                            #""trainingType":"pitchDiscrimination","centOffset":\#(BenchmarkHistory.decimal(r.centOffset)),"isCorrect":\#(r.isCorrect)"#,
                            r.context
                        )
                    case .pitchMatching(let r):
                        (
                            #""trainingType":"pitchMatching","initialCentOffset":\#(BenchmarkHistory.decimal(r.initialCentOffset)),"userCentError":\#(BenchmarkHistory.decimal(r.userCentError))"#,
                            r.context
                        )
                    case .rhythmOffsetDetection, .continuousRhythmMatching:
                        preconditionFailure("the benchmark history is drawn from pitch records only")
                    }
                return
                    #"{"id":"\#(UUID().uuidString.lowercased())","timestamp":\#(record.timestamp.millisecondsSince1970),"referenceNote":\#(context.referenceNote.rawValue),"targetNote":\#(context.targetNote.rawValue),"tuningSystem":"\#(context.tuningSystem.rawValue)",\#(fields)}"#
            }
            return #"{"records":["# + items.joined(separator: ",") + "]}"
        }
    }

    static func measureSync(client: LoopbackClient, label: String) throws {
        let batches = uploadBatches()
        for pass in ["new records", "retry, all stored"] {
            var samples: [Double] = []
            var serverSamples: [Double] = []
            let begin = ContinuousClock.now
            for batch in batches {
                let start = ContinuousClock.now
                let reply = try client.request("POST", APIRoute.syncRecords.path, body: batch)
                samples.append((ContinuousClock.now - start).milliseconds)
                precondition(reply.status == 200, "upload failed: \(reply.body.prefix(500))")
                precondition(
                    (reply.json["accepted"] as? [Any])?.count == batchSize, "refused: \(reply.body.prefix(500))")
                serverSamples.append(reply.serverMilliseconds!)
            }
            let total = ContinuousClock.now - begin
            print(
                "sync upload \(uploadedRecords) in \(batches.count) batches (\(pass)):".padding(
                    toLength: 55, withPad: " ", startingAt: 0) + "total \(secondsText(total))  (\(label))")
            for (what, values) in [("server", serverSamples), ("round trip", samples)] {
                let sorted = values.sorted()
                print(
                    "  per batch of \(batchSize), \(what):".padding(toLength: 55, withPad: " ", startingAt: 0)
                        + String(
                            format: "median %.1f ms  p99 %.1f ms  max %.1f ms  (n=%d)", sorted[sorted.count / 2],
                            sorted[Int((Double(sorted.count) * 0.99).rounded(.up)) - 1], sorted.last!, sorted.count))
            }
        }
        var profileSamples: [Double] = []
        var decodeSamples: [Double] = []
        var bytes: [UInt8] = []
        for _ in 0..<11 {
            let start = ContinuousClock.now
            let reply = try client.request("GET", APIRoute.syncProfile.path)
            profileSamples.append((ContinuousClock.now - start).milliseconds)
            precondition(reply.status == 200)
            bytes = reply.bytes
            // What the device does next (here natively; the wasm core runs the same Swift).
            let decodeStart = ContinuousClock.now
            let numbers = stride(from: 0, to: bytes.count, by: 8).map { offset in
                Double(bitPattern: bytes[offset..<offset + 8].reversed().reduce(0) { $0 << 8 | UInt64($1) })
            }
            precondition(PerceptualProfile(snapshot: numbers) != nil, "the snapshot does not decode")
            decodeSamples.append((ContinuousClock.now - decodeStart).milliseconds)
        }
        print(
            "first sync: GET /api/sync/profile:".padding(toLength: 55, withPad: " ", startingAt: 0)
                + "\(bytes.count) bytes, median \(DecimalText.fixed(profileSamples.sorted()[5], fractionDigits: 1)) ms, decoded natively in \(DecimalText.fixed(decodeSamples.sorted()[5], fractionDigits: 1)) ms (n=11, \(label))"
        )
    }

    /// The benchmark database's records span about 35 days, so its snapshot is small; a history
    /// of the same size spread over three years of daily training is the large case: 1,000,000
    /// records, one every 95 s, every note of C2–C6, all four modes (unison and fifths), offsets
    /// log-uniform over 0.1–100 cents, so that every offset bin of every week is occupied: the
    /// snapshot's worst case.
    static func measureLongHistorySnapshot() {
        var profile = PerceptualProfile()
        for record in SeededRecords(
            count: 1_000_000, seed: 95, start: BenchmarkHistory.start,
            spacing: 94_608...94_608, intervals: [.perfectFifthUp], tuningSystems: [.equalTemperament])
        {
            profile.add(record)
        }
        var numbers: [Double] = []
        var encode: [Double] = []
        var decode: [Double] = []
        for _ in 0..<5 {
            let begin = ContinuousClock.now
            numbers = ProfileSnapshot.encode(profile)
            let middle = ContinuousClock.now
            precondition(PerceptualProfile(snapshot: numbers) != nil)
            decode.append((ContinuousClock.now - middle).milliseconds)
            encode.append((middle - begin).milliseconds)
        }
        print(
            "snapshot of 1M records over 3 years:".padding(toLength: 55, withPad: " ", startingAt: 0)
                + "\(numbers.count * 8) bytes, encoded in \(DecimalText.fixed(encode.sorted()[2], fractionDigits: 1)) ms, decoded in \(DecimalText.fixed(decode.sorted()[2], fractionDigits: 1)) ms (native, n=5)"
        )
    }
}

/// The bound port, handed from the server's start-up callback to the benchmark.
actor PortBox {
    private var port: Int?
    private var waiters: [CheckedContinuation<Int, Never>] = []

    nonisolated func set(_ port: Int) {
        Task { await self.store(port) }
    }

    private func store(_ port: Int) {
        self.port = port
        for waiter in waiters { waiter.resume(returning: port) }
        waiters.removeAll()
    }

    func wait() async -> Int {
        if let port { return port }
        return await withCheckedContinuation { waiters.append($0) }
    }
}

/// A minimal HTTP/1.1 client on one kept-alive loopback connection: enough to time requests
/// without a client library's own overhead.
final class LoopbackClient {
    struct Reply {
        var status: Int
        var body: String
        /// The body's bytes (a binary body is not text).
        var bytes: [UInt8]
        /// The server's own time from its `Server-Timing: app;dur=…` header, in milliseconds.
        var serverMilliseconds: Double?
        var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    init(port: Int) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else { throw POSIXError(.ECONNREFUSED) }
        var one: Int32 = 1
        setsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(socket) }

    func request(_ method: String, _ path: String, body: String? = nil) throws -> Reply {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        let bytes = Array((head + "\r\n" + (body ?? "")).utf8)
        _ = bytes.withUnsafeBytes { send(socket, $0.baseAddress, bytes.count, 0) }
        // Read the head, then Content-Length bytes of body.
        while true {
            if let end = headEnd(), let length = contentLength(end) {
                let total = end + 4 + length
                while buffer.count < total { try fill() }
                let headText = String(decoding: buffer[0..<end], as: UTF8.self)
                let status = Int(headText.split(separator: " ")[1]) ?? 0
                let bodyBytes = Array(buffer[(end + 4)..<total])
                let bodyText = String(decoding: bodyBytes, as: UTF8.self)
                buffer.removeFirst(total)
                let timing = headText.split(separator: "\r\n").first { $0.lowercased().hasPrefix("server-timing:") }
                let serverMilliseconds = timing.flatMap { $0.split(separator: "dur=").last }.flatMap { Double($0) }
                return Reply(
                    status: status, body: bodyText, bytes: bodyBytes,
                    serverMilliseconds: serverMilliseconds)
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, 65_536, 0) }
        guard count > 0 else { throw POSIXError(.ECONNRESET) }
        buffer += chunk[0..<count]
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4)
        where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    private func contentLength(_ end: Int) -> Int? {
        let head = String(decoding: buffer[0..<end], as: UTF8.self).lowercased()
        for line in head.split(separator: "\r\n") where line.hasPrefix("content-length:") {
            return Int(line.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces))
        }
        return 0
    }
}
