import Foundation
import PeachStore
import SoundFont
import Testing

@testable import PeachWeb

/// The folders the server writes its own files to — the prepared sounds and the compressed
/// copies — never reach the database or the files SQLite keeps beside it (docs/cli.md, "Files").
@Suite("The server's own folders keep clear of the database")
struct DatabaseKeptClearTests {
    static let soundFont = SoundFont.debianPath

    /// A folder with a Peach database `data/peach.sqlite` in it; removed after `body`.
    func withDatabase(_ body: (_ folder: URL, _ database: String) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-clear-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("data/peach.sqlite").path
        // One connection, closed as it goes: the file alone, no -wal or -shm.
        _ = try AppDatabase.open(path: database, access: .writing)
        try body(folder, database)
    }

    @Test("a sounds folder that is, or holds, the database's folder is refused before anything is written")
    func soundsFolderHoldingTheDatabase() throws {
        try withDatabase { folder, database in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
            let data = folder.appendingPathComponent("data")
            let link = folder.appendingPathComponent("sounds-link")
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: data)
            for sounds in [data, folder, link, folder.appendingPathComponent("data/../data")] {
                #expect {
                    try PreparedSounds.load(
                        soundFontPath: Self.soundFont, folder: sounds, keepingClearOf: DatabaseFileSet(path: database))
                } throws: { error in
                    let message = (error as? SoundsUnavailable)?.description ?? ""
                    return message.contains("The folder \(sounds.path) holds the Peach database \(database)")
                        && message.contains("plays only the sine")
                }
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["peach.sqlite"])
            #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
        }
    }

    @Test("a link in the sounds folder that leads to the database is never written through")
    func linkInTheSoundsFolder() throws {
        try withDatabase { folder, database in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
            let sounds = folder.appendingPathComponent("sounds")
            try FileManager.default.createDirectory(at: sounds, withIntermediateDirectories: true)
            // A name Peach takes for its own (an interrupted write of the index).
            try FileManager.default.createSymbolicLink(
                atPath: sounds.appendingPathComponent(".index.json.partial").path, withDestinationPath: database)
            #expect {
                try PreparedSounds.load(
                    soundFontPath: Self.soundFont, folder: sounds, keepingClearOf: DatabaseFileSet(path: database))
            } throws: { error in
                ((error as? SoundsUnavailable)?.description ?? "").contains(
                    ".index.json.partial is the Peach database itself")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
        }
    }

    @Test("no compressed copy is kept in a folder that holds the database, nor at its name")
    func compressedCopies() throws {
        try withDatabase { folder, database in
            let bytes = try Data(contentsOf: URL(fileURLWithPath: database))
            let data = folder.appendingPathComponent("data")
            let text = Array(String(repeating: "peach, pitch and interval; ", count: 400).utf8)
            let copies = CompressedCopies(folder: data, database: DatabaseFileSet(path: database))
            #expect(!copies.encodings(of: text).isEmpty)
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path) == ["peach.sqlite"])
            // A database named as the copy would be, in a folder of its own.
            let named = folder.appendingPathComponent("named")
            try FileManager.default.createDirectory(at: named, withIntermediateDirectories: true)
            let copyName = "\(Assets.fingerprint(Data(text)))-\(text.count).br"
            let renamed = named.appendingPathComponent(copyName).path
            try FileManager.default.copyItem(atPath: database, toPath: renamed)
            let cache = folder.appendingPathComponent("cache")
            try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: cache.appendingPathComponent(copyName).path, withDestinationPath: renamed)
            for place in [named, cache] {
                _ = CompressedCopies(folder: place, database: DatabaseFileSet(path: renamed)).encodings(of: text)
                #expect(try Data(contentsOf: URL(fileURLWithPath: renamed)) == bytes, "\(place.lastPathComponent)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == bytes)
        }
    }
}
