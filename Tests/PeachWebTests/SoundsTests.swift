import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import PeachCore
import PeachStore
import SoundFont
import Testing

@testable import PeachWeb

/// The instrument sounds prepared from Debian's SoundFont (installed by scripts/install-deps.sh)
/// and served at /sounds/ (docs/sounds.md).
@Suite("Instrument sounds", .serialized)
struct SoundsTests {
    static let soundFont = SoundFont.debianPath

    /// One preparation for the suite, in a folder of its own.
    static let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("peach-sounds-\(UUID().uuidString)")
    static let prepared = Result { () throws(SoundsUnavailable) in
        try PreparedSounds.load(soundFontPath: soundFont, folder: folder)
    }

    static func index() throws -> SoundsIndex {
        try JSONDecoder().decode(SoundsIndex.self, from: Data(prepared.get().index.bytes.readableBytesView))
    }

    @Test("Every curated source is prepared, its zones covering each key of 21–108 exactly once")
    func curatedSources() throws {
        let index = try Self.index()
        #expect(index.sources.map(\.id) == SoundSource.allCases.filter { $0 != .sine }.map(\.rawValue))
        #expect(index.soundFont.file == "FluidR3Mono_GM.sf3")
        for source in index.sources {
            #expect(!source.zones.isEmpty, "\(source.id)")
            let keys = source.zones.flatMap { Array($0.keyLow...$0.keyHigh) }
            #expect(keys == Array(TrainingSettings.noteBounds), "\(source.id): \(keys)")
            for zone in source.zones {
                #expect(zone.sampleRate >= 8000 && zone.frames > 0 && zone.gain > 0 && zone.gain.isFinite)
                if let start = zone.loopStart, let end = zone.loopEnd {
                    #expect(0 <= start && start < end && end <= zone.frames, "\(source.id) \(zone.url)")
                }
                #expect(zone.bytes > 42 && zone.bytes < 44 + 2 * zone.frames, "FLAC: smaller than its WAV would be")
            }
        }
    }

    @Test("Each zone's FLAC file is named by the SHA-256 of its bytes")
    func contentAddressed() throws {
        let index = try Self.index()
        let urls = Set(index.sources.flatMap { $0.zones.map(\.url) })
        for url in urls {
            let name = String(url.dropFirst("/sounds/".count))
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(PreparedSounds.hexadecimal(SHA256.hash(data)) + ".flac" == name)
            #expect(data.prefix(4) == Data("fLaC".utf8))
        }
    }

    @Test("A second start reads the prepared sounds instead of preparing them again")
    func keptInTheFolder() throws {
        let first = try Self.prepared.get()
        let again = try PreparedSounds.load(soundFontPath: Self.soundFont, folder: Self.folder)
        #expect(first.preparationSeconds != nil)
        #expect(again.preparationSeconds == nil)
        #expect(again.index.bytes == first.index.bytes)
    }

    @Test("The folder Peach makes is its owner's only (0700)")
    func privateFolder() throws {
        _ = try Self.prepared.get()
        let mode = try FileManager.default.attributesOfItem(atPath: Self.folder.path)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test("A folder holding files Peach did not write is refused and left untouched, whatever their names")
    func foreignFilesAreNeverDeleted() throws {
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("peach-music-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fresh, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fresh) }
        // A music folder: songs whose names look like sounds, and one that Peach would list.
        let songs = ["song.flac", "take 2.wav", String(repeating: "A", count: 64) + ".flac", "notes.txt"]
        for song in songs { try Data("music".utf8).write(to: fresh.appendingPathComponent(song)) }
        // The same in a folder that holds a complete preparation as well.
        let kept = fresh.appendingPathExtension("kept")
        try FileManager.default.copyItem(at: Self.folder, to: kept)
        defer { try? FileManager.default.removeItem(at: kept) }
        try Data("music".utf8).write(to: kept.appendingPathComponent("song.flac"))
        for folder in [fresh, kept] {
            let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            #expect {
                try PreparedSounds.load(soundFontPath: Self.soundFont, folder: folder)
            } throws: { error in
                let message = (error as? SoundsUnavailable)?.description ?? ""
                return message.contains("\(folder.path) holds files Peach did not write")
                    && message.contains(folder == kept ? "(song.flac)" : "AAAA") && message.contains("--sounds-folder")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
        }
        for song in songs { #expect(try Data(contentsOf: fresh.appendingPathComponent(song)) == Data("music".utf8)) }
    }

    @Test("A new preparation removes only Peach's own files it no longer lists")
    func removesOnlyItsOwnFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-sounds-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.folder, to: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        // An earlier preparation's zone, a write an interruption left, and another SoundFont's origin.
        let stale = String(repeating: "0", count: 64) + ".flac"
        for name in [stale, ".index.json.partial"] {
            try Data("old".utf8).write(to: folder.appendingPathComponent(name))
        }
        try Data("another SoundFont\n".utf8).write(to: folder.appendingPathComponent("prepared-from"))
        let prepared = try PreparedSounds.load(soundFontPath: Self.soundFont, folder: folder)
        #expect(prepared.preparationSeconds != nil)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(!names.contains(stale) && !names.contains(".index.json.partial"))
        #expect(names == Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.path)))
    }

    @Test("Served: the index revalidated by its ETag, a zone's file cached for a year, other names not found")
    func served() async throws {
        let index = try Self.index()
        let zone = try #require(index.sources.first?.zones.first)
        let shelf = SoundShelf(soundFontPath: Self.soundFont, folder: Self.folder, logger: Logger(label: "test"))
        try await withApp(database: try .inMemory(), sounds: shelf) { client in
            let response = try await client.get("/sounds/index.json")
            #expect(response.status == .ok)
            #expect(response.headers[.cacheControl] == "no-cache")
            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(uri: "/sounds/index.json", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)

            let file = try await client.get(zone.url)
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "audio/flac")
            #expect(file.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(file.body.readableBytes == zone.bytes)

            for missing in [
                "/sounds/" + String(repeating: "0", count: 64) + ".flac", "/sounds/prepared-from",
                "/sounds/" + String(repeating: "A", count: 64) + ".flac", "/sounds/..%2Fpeach.sqlite",
                "/sounds/" + String(repeating: "0", count: 64) + ".wav",
            ] {
                #expect(try await client.get(missing).status == .notFound, "\(missing)")
            }
        }
    }

    @Test("The served index lists the click, the drum kit's hi wood block: a short zone of its own, served like a zone")
    func click() async throws {
        _ = try Self.prepared.get()
        let shelf = SoundShelf(soundFontPath: Self.soundFont, folder: Self.folder, logger: Logger(label: "test"))
        try await withApp(database: try .inMemory(), sounds: shelf) { client in
            let index = try await client.get("/sounds/index.json")
            #expect(index.status == .ok)
            let served = try JSONDecoder().decode(SoundsIndex.self, from: Data(index.body.readableBytesView))
            let click = try #require(served.click)
            #expect(click.preset.name == "Standard" && click.preset.bank == 128 && click.preset.program == 0)
            #expect(click.key == 76)
            let zone = click.zone
            #expect(zone.keyLow == 76 && zone.keyHigh == 76)
            #expect(zone.loopStart == nil && zone.loopEnd == nil)
            #expect(zone.gain > 0 && zone.gain.isFinite)
            #expect(Double(zone.frames) / Double(zone.sampleRate) < 0.5, "a click, not a note: \(zone.frames) frames")
            let name = String(zone.url.dropFirst("/sounds/".count))
            let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
            #expect(PreparedSounds.hexadecimal(SHA256.hash(data)) + ".flac" == name)
            let file = try await client.get(zone.url)
            #expect(file.status == .ok)
            #expect(file.headers[.contentType] == "audio/flac")
            #expect(file.headers[.cacheControl] == "public, max-age=31536000, immutable")
            #expect(Data(file.body.readableBytesView) == data)
        }
    }

    @Test("No SoundFont: the sounds answer 503 saying what to install, the server runs on")
    func missingSoundFont() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-sounds-\(UUID().uuidString)")
        let shelf = SoundShelf(soundFontPath: "/nonexistent/GM.sf3", folder: folder, logger: Logger(label: "test"))
        try await withApp(database: try .inMemory(), sounds: shelf) { client in
            let response = try await client.get("/sounds/index.json")
            #expect(response.status == .serviceUnavailable)
            // A page for the browser, which plays the sine and says so in its own words.
            #expect(response.text.contains("fluidr3mono-gm-soundfont"), "\(response.text)")
            #expect(try await client.get("/").status == .ok)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.json").path))
    }

    @Test("A broken SoundFont: unavailable with the parser's reason, and no index is written")
    func brokenSoundFont() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-sounds-\(UUID().uuidString)")
        let broken = folder.appendingPathExtension("sf3")
        let original = try Data(contentsOf: URL(fileURLWithPath: Self.soundFont))
        try original.prefix(200_000).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        #expect {
            try PreparedSounds.load(soundFontPath: broken.path, folder: folder)
        } throws: { error in
            (error as? SoundsUnavailable)?.description.contains("cannot be used") == true
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.json").path))
    }
}
