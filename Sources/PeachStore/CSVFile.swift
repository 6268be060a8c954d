import Foundation
import PeachCore

/// A CSV file read and checked (the Peach iOS app's export format 3, docs/cli.md), ready for
/// `AppDatabase.importCSV`.
///
/// A file on disk is read as it is written, piece by piece, so its records never sit in memory
/// together: once (`init(fileAt:)`; a bad row undoes the import's transaction), or checked in a
/// pass of its own first when its records must be counted before anything is written, as for a
/// replace the user confirms (`init(checkingFileAt:)`). A file received over the network
/// (bounded by the upload limit) keeps its records, about 50 bytes each.
public struct CSVFile: Sendable {
    /// Records of the file: rows of comparison and pitch matching; nil for a file not read yet.
    public let recordCount: Int?
    private let source: Source

    private enum Source: Sendable {
        case records([TrainingRecord])
        case file(path: String)
    }

    /// How much of a file on disk is read at once.
    static let chunkBytes = 1 << 20

    /// Reads every row of `data`; any invalid one throws a `CSVError` naming its line, column
    /// and reason.
    public init(parsing data: Data) throws(CSVError) {
        var reader = Reader()
        try reader.read(data)
        self = try reader.finish()
    }

    /// Checks every row of the file at `path` in one streaming pass and keeps only the path:
    /// `AppDatabase.importCSV` reads it again as it writes. Throws a `CSVError` for an invalid
    /// row, or the system's error if the file cannot be read.
    /// - Complexity: O(n) time; memory O(1 MiB) whatever the file's size.
    public init(checkingFileAt path: String) throws {
        var parser = CSVImport.Parser()
        try Self.forEachChunk(of: path) { chunk throws(CSVError) in _ = try parser.read(chunk) }
        _ = try parser.finish()
        recordCount = parser.recordCount
        source = .file(path: path)
    }

    /// The file at `path`, not read yet, for a merge: `AppDatabase.importCSV` reads it once as it
    /// writes, and a row that is not valid (a `CSVError` naming its line) undoes the whole
    /// import. A replace needs the file counted first (`init(checkingFileAt:)`).
    public init(fileAt path: String) {
        recordCount = nil
        source = .file(path: path)
    }

    private init(records: [TrainingRecord]) {
        recordCount = records.count
        source = .records(records)
    }

    /// Calls `body` with each record, oldest row first.
    func forEachRecord(_ body: (TrainingRecord) throws -> Void) throws {
        switch source {
        case .records(let records):
            for record in records { try body(record) }
        case .file(let path):
            // Checked as it is read (also a file that changed since a first check): an error
            // thrown here undoes the whole import. Each piece is read a piece ahead of `body`,
            // on a thread of its own: the reading and the writing overlap on two cores.
            let pieces = try PiecesAhead(path: path)
            defer { pieces.close() }
            while let records = try pieces.next() {
                for record in records { try body(record) }
            }
        }
    }

    /// The records of a file, piece by piece, each piece read and checked on a thread of its
    /// own while the one before is handed out: at most two pieces' records in memory.
    private final class PiecesAhead: @unchecked Sendable {
        // `parser`, `handle`, `atEnd` and `piece` are used by one thread at a time: the
        // reading thread between `reading.enter()` and `leave()`, the caller after `wait()`.
        private let handle: FileHandle
        private var parser = CSVImport.Parser()
        private var atEnd = false
        private var piece: Result<[TrainingRecord]?, any Error> = .success(nil)
        private let reading = DispatchGroup()
        private let queue = DispatchQueue(label: "Peach CSV pieces")

        init(path: String) throws {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            readNext()
        }

        /// The next piece's records, nil after the last; starts reading the piece after it.
        func next() throws -> [TrainingRecord]? {
            reading.wait()
            let records = try piece.get()
            if records != nil { readNext() }
            return records
        }

        func close() {
            reading.wait()
            try? handle.close()
        }

        private func readNext() {
            reading.enter()
            queue.async { [self] in
                piece = Result {
                    guard !atEnd else { return nil }
                    if let chunk = try handle.read(upToCount: CSVFile.chunkBytes), !chunk.isEmpty {
                        return try parser.read(chunk)
                    }
                    atEnd = true
                    return try parser.finish()
                }
                reading.leave()
            }
        }
    }

    private static func forEachChunk(of path: String, _ body: (Data) throws -> Void) throws {
        let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        while let chunk = try handle.read(upToCount: chunkBytes), !chunk.isEmpty {
            try body(chunk)
        }
    }

    /// Reads a CSV file given piece by piece, such as an upload as it arrives, and keeps its
    /// records; the first invalid row throws as soon as it has arrived.
    public struct Reader: Sendable {
        private var parser = CSVImport.Parser()
        private var records: [TrainingRecord] = []

        public init() {}

        /// Rows read so far.
        public var rowsRead: Int { parser.recordCount }

        /// Reads the next piece of the file.
        public mutating func read(_ bytes: some Collection<UInt8>) throws(CSVError) {
            records += try parser.read(bytes)
        }

        /// Reads the rest after the last piece.
        public consuming func finish() throws(CSVError) -> CSVFile {
            records += try parser.finish()
            return CSVFile(records: records)
        }
    }
}
