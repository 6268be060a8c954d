import Foundation
import NIOCore
import PeachViews
import PeachCore
import PeachStore
import SoundFont

/// The curated sound sources (`SoundSource`) and the click of rhythm training, prepared from the
/// SoundFont into what a browser plays (docs/sounds.md) and kept in a folder of Peach's own —
/// `sounds/` beside the database, created readable by its owner only (0700):
///
/// - one FLAC file per zone (lossless: the loop points stay on their frames; about half the bytes
///   of a WAV), named by the SHA-256 of its bytes, so that a browser may keep it for ever;
/// - `index.json`, which lists them, written last and atomically (a new file, `.index.json.partial`,
///   renamed over the old), so that an interrupted preparation leaves no index and is simply done
///   again on the next start;
/// - `prepared-from`, what the index was made from (the SoundFont's path, size and modification
///   time, and this preparation's version and sources): when it differs, the sounds are
///   prepared again.
///
/// The folder holds nothing else: a folder with any other file in it (`--sounds-folder` pointed
/// at a music folder) is refused, untouched, before anything is written or removed. So the files
/// a new preparation no longer lists, which it removes, are always Peach's own. Nor may the
/// folder be, or hold, the database's files, nor any file written there be one of them
/// (`DatabaseFileSet`: a link left in the folder that leads to the database).
public struct PreparedSounds: Sendable {
    /// `/sounds/index.json`, served as the assets are (an ETag, revalidated).
    let index: Assets.File
    /// Where the zones' FLAC files are.
    let folder: URL
    /// How long the preparation took; `nil` when the folder already held it.
    public let preparationSeconds: Double?
    /// How many instruments the index lists.
    public let instrumentCount: Int

    /// The velocity of every note: a firm mezzo-forte to forte, where the presets' samples are
    /// full-bodied; Peach's loudness is set by its own gain (`PreparedZone.gain`).
    static let velocity = 100

    /// The click of rhythm training: General MIDI percussion key 76, the hi wood block, of the
    /// drum kit's Standard preset (bank 128, program 0) — short, dry and with a sharp attack, so
    /// that its onset is heard exactly and it never stands beside the notes as a pitch.
    static let click = (bank: 128, program: 0, key: 76)

    /// Raised whenever what the preparation writes changes, so that a kept folder is prepared again.
    /// 6: the index lists the click (the instruments' files are those of 5, byte for byte, so
    /// a folder prepared again keeps them and adds the click's file).
    static let preparationVersion = 6

    /// Reads the prepared sounds from `folder`, or prepares them from the SoundFont at
    /// `soundFontPath` first when the folder has none for this file; nothing is written over
    /// the files of `database`.
    /// - Throws: `SoundsUnavailable` saying what is missing or broken and what to do.
    public static func load(
        soundFontPath: String, folder: URL, keepingClearOf database: DatabaseFileSet? = nil
    ) throws(SoundsUnavailable) -> PreparedSounds {
        if let database {
            do {
                try database.checkFolder(folder.path)
            } catch {
                throw SoundsUnavailable(
                    "\(error) Peach plays only the sine: pass --sounds-folder with a new or empty folder.")
            }
        }
        // The file itself, not a link to it: Debian's path is a symbolic link, whose own size and
        // date never change when the file it points to does.
        let file = URL(fileURLWithPath: soundFontPath).resolvingSymlinksInPath().path
        let attributes: [FileAttributeKey: Any]
        do {
            attributes = try FileManager.default.attributesOfItem(atPath: file)
        } catch {
            throw SoundsUnavailable(
                "The SoundFont \(soundFontPath) is missing, so Peach plays only the sine. Install Debian's "
                    + "fluidr3mono-gm-soundfont (scripts/install-deps.sh) or pass --soundfont with a SoundFont file.")
        }
        let size = (attributes[.size] as? NSNumber)?.int64Value ?? -1
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let origin =
            "\(file)\n\(size) bytes, modified \(modified)\npreparation \(preparationVersion)\n"
            + SoundSource.allCases.map(\.rawValue).joined(separator: " ") + "\n"
        let indexURL = folder.appendingPathComponent("index.json")
        let originURL = folder.appendingPathComponent("prepared-from")
        try checkOwnFolder(folder)
        if let kept = try? String(contentsOf: originURL, encoding: .utf8), kept == origin,
            let index = try? Data(contentsOf: indexURL),
            let decoded = try? JSONDecoder().decode(SoundsIndex.self, from: index)
        {
            return PreparedSounds(
                index: indexFile(index), folder: folder, preparationSeconds: nil,
                instrumentCount: decoded.sources.count)
        }
        let started = Date()
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let index = try prepare(soundFontPath: soundFontPath, folder: folder, database: database)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let bytes = try encoder.encode(index)
            try write(bytes, to: indexURL, database: database)
            try write(Data(origin.utf8), to: originURL, database: database)
            let listed = index.sources.flatMap { $0.zones.map(\.url) } + [index.click?.zone.url].compactMap { $0 }
            removeUnlisted(in: folder, keeping: Set(listed))
            return PreparedSounds(
                index: indexFile(bytes), folder: folder,
                preparationSeconds: Date().timeIntervalSince(started), instrumentCount: index.sources.count)
        } catch let problem as SoundsUnavailable {
            throw problem
        } catch let refusal as StoreError {
            throw SoundsUnavailable("\(refusal) Peach plays only the sine.")
        } catch let error as SoundFontError {
            throw SoundsUnavailable(
                "The SoundFont \(soundFontPath) cannot be used, so Peach plays only the sine: \(error). Reinstall "
                    + "fluidr3mono-gm-soundfont or pass --soundfont with another SoundFont file.")
        } catch {
            throw SoundsUnavailable(
                "Peach could not keep the prepared sounds in \(folder.path), so it plays only the sine: "
                    + "\(error.localizedDescription). Check that the folder can be written.")
        }
    }

    /// Decodes every curated preset's zones and the click's and writes their FLAC files; returns
    /// the index.
    /// - Complexity: O(total length of the curated presets' samples).
    private static func prepare(soundFontPath: String, folder: URL, database: DatabaseFileSet?) throws -> SoundsIndex {
        let font = try SoundFont(contentsOf: soundFontPath)
        var sources: [SoundsIndex.Source] = []
        for source in SoundSource.allCases {
            guard let program = source.generalMIDIProgram else { continue }
            guard let preset = font.preset(bank: 0, program: program) else {
                throw SoundsUnavailable(
                    "The SoundFont \(soundFontPath) has no General MIDI preset \(program) (\(source.rawValue)), so Peach "
                        + "plays only the sine. Use a General MIDI SoundFont such as fluidr3mono-gm-soundfont.")
            }
            var zones = try font.prepareZones(
                bank: 0, program: program, keys: TrainingSettings.noteBounds, velocity: velocity)
            // Keys the preset leaves out (the violin ends at 103, the choir at 96) are played by
            // the nearest zone, as far as it has to stretch: every note of the range sounds.
            if !zones.isEmpty {
                zones[0].keyLow = TrainingSettings.noteBounds.lowerBound
                zones[zones.count - 1].keyHigh = TrainingSettings.noteBounds.upperBound
            }
            let indexed = try zones.map { try kept($0, in: folder, database: database) }
            sources.append(
                SoundsIndex.Source(
                    id: source.rawValue, preset: .init(name: preset.name, bank: 0, program: program), zones: indexed))
        }
        // The click is prepared as an instrument's zone, for its one key: the same decoding, gain
        // and FLAC. A SoundFont without that key gives no click (the browser synthesizes one).
        var click: SoundsIndex.Click?
        if let preset = font.preset(bank: Self.click.bank, program: Self.click.program),
            let zone = try font.prepareZones(
                bank: Self.click.bank, program: Self.click.program, keys: Self.click.key...Self.click.key,
                velocity: velocity
            ).first
        {
            click = SoundsIndex.Click(
                preset: .init(name: preset.name, bank: Self.click.bank, program: Self.click.program),
                key: Self.click.key, zone: try kept(zone, in: folder, database: database))
        }
        return SoundsIndex(
            version: SoundsIndex.version,
            soundFont: .init(
                name: font.info.name, file: URL(fileURLWithPath: soundFontPath).lastPathComponent),
            sources: sources, click: click)
    }

    /// Writes `zone`'s FLAC file into `folder`, named by its SHA-256, unless it is there already;
    /// returns the zone as the index lists it.
    private static func kept(_ zone: PreparedZone, in folder: URL, database: DatabaseFileSet?) throws
        -> SoundsIndex.Zone
    {
        let name = hexadecimal(SHA256.hash(zone.flac)) + ".flac"
        let url = folder.appendingPathComponent(name)
        if !FileManager.default.fileExists(atPath: url.path) {
            try write(Data(zone.flac), to: url, database: database)
        }
        return SoundsIndex.Zone(
            keyLow: zone.keyLow, keyHigh: zone.keyHigh,
            rootHertz: Frequency.concertA.shifted(by: Cents(zone.pitchCents - 6900)).hertz,
            sampleRate: zone.sampleRate, frames: zone.frames, loopStart: zone.loopStart,
            loopEnd: zone.loopEnd, gain: zone.gain, url: PageRoute.soundsPrefix + name, bytes: zone.flac.count)
    }

    /// Whether `name` is a file Peach writes into the sounds folder: the index, what it was
    /// prepared from, a zone's sound named by its SHA-256 (`.flac`; `.wav` from earlier
    /// preparations), or one of these being written (`.NAME.partial`).
    static func isOwnFile(_ name: String) -> Bool {
        if name.hasPrefix("."), name.hasSuffix(".partial") {
            return isOwnFile(String(name.dropFirst().dropLast(".partial".count)))
        }
        if name == "index.json" || name == "prepared-from" { return true }
        guard let dot = name.lastIndex(of: "."), [".flac", ".wav"].contains(name[dot...]) else { return false }
        let hash = name[..<dot]
        return hash.count == 64 && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// Refuses a folder that holds anything Peach does not write there (see `isOwnFile`), before
    /// anything in it is written or removed. A folder that does not exist yet is Peach's to make.
    private static func checkOwnFolder(_ folder: URL) throws(SoundsUnavailable) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let others = names.filter { !isOwnFile($0) }.sorted()
        guard others.isEmpty else {
            let shown =
                others.prefix(3).joined(separator: ", ") + (others.count > 3 ? " and \(others.count - 3) more" : "")
            throw SoundsUnavailable(
                "The folder \(folder.path) holds files Peach did not write (\(shown)), so Peach plays only the sine "
                    + "and leaves the folder untouched: it keeps the prepared sounds in a folder of its own, where it "
                    + "removes the sounds it no longer needs. Pass --sounds-folder with a new or empty folder.")
        }
    }

    /// Writes `data` to `url` through `.NAME.partial` beside it, renamed into place: a file
    /// that is there is whole, and an interrupted write leaves a name Peach recognises. The
    /// partial file is always a new one: a link left at its name is removed, not followed.
    private static func write(_ data: Data, to url: URL, database: DatabaseFileSet?) throws {
        let partial = url.deletingLastPathComponent().appendingPathComponent("." + url.lastPathComponent + ".partial")
        try database?.checkWritable(url.path)
        try database?.checkWritable(partial.path)
        unlink(partial.path)
        try data.write(to: partial, options: .withoutOverwriting)
        guard rename(partial.path, url.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Removes Peach's own files that the new index no longer lists: zones of an earlier
    /// preparation, a write an interruption left (best effort: a file left behind costs only
    /// disk space). `checkOwnFolder` has made sure that there is nothing else.
    private static func removeUnlisted(in folder: URL, keeping urls: Set<String>) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names
        where isOwnFile(name) && name != "index.json" && name != "prepared-from"
            && !urls.contains(PageRoute.soundsPrefix + name)
        {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The index as it is served: compressed once at the best quality (26 KB of JSON for the
    /// eight instruments, 7 KB in Brotli), since every device asks for it.
    private static func indexFile(_ data: Data) -> Assets.File {
        Assets.File(
            bytes: ByteBuffer(bytes: data), contentType: Assets.contentType(forExtension: "json"),
            etag: "\"" + Assets.fingerprint(data) + "\""
        ).compressed(keptIn: nil)
    }

    static func hexadecimal(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}

/// Why the instrument sounds cannot be served: the message says what is missing or broken and
/// what to do (`peach serve` logs it; the browser plays the sine and says so).
public struct SoundsUnavailable: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
