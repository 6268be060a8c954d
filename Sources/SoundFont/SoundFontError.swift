/// Why a SoundFont could not be read, resolved or decoded: what is wrong and where, in words a
/// person can act on. Every malformed input ends here, never in a trap.
public enum SoundFontError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read at all (missing, unreadable).
    case unreadableFile(path: String, reason: String)
    /// The path names something other than a regular file (`kind`: "a named pipe", "a folder",
    /// …), which is refused before it is opened: opening a named pipe waits for a writer forever.
    case notAFile(path: String, kind: String)
    /// The bytes are not a RIFF `sfbk` file.
    case notASoundFont(String)
    /// The file is a SoundFont, but a chunk, record or index in it is wrong.
    case malformed(String)
    /// The file has no preset with this bank and program.
    case noSuchPreset(bank: Int, program: Int)
    /// A sample's data could not be turned into frames.
    case undecodableSample(name: String, reason: String)
    /// A prepared sound could not be encoded as FLAC (no frames, a sample rate FLAC cannot
    /// hold, or libFLAC failing).
    case unencodable(String)

    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read the SoundFont \(path): \(reason)"
        case .notAFile(let path, let kind):
            "\(path) is \(kind), not a SoundFont file; it was not opened. Give the path of an SF2 or SF3 file."
        case .notASoundFont(let reason): "not a SoundFont: \(reason)"
        case .malformed(let reason): "malformed SoundFont: \(reason)"
        case .noSuchPreset(let bank, let program): "the SoundFont has no preset at bank \(bank), program \(program)"
        case .undecodableSample(let name, let reason): "sample '\(name)' could not be decoded: \(reason)"
        case .unencodable(let reason): "the prepared sound could not be encoded as FLAC: \(reason)"
        }
    }
}
