/// `GET /sounds/index.json` (docs/sounds.md): every prepared instrument with its zones, and the
/// click of rhythm training.
struct SoundsIndex: Codable, Sendable {
    struct SoundFontOrigin: Codable, Sendable {
        let name: String
        let file: String
    }

    struct Preset: Codable, Sendable {
        let name: String
        let bank: Int
        let program: Int
    }

    struct Zone: Codable, Sendable {
        let keyLow: Int
        let keyHigh: Int
        /// Hertz of the sample data played at its own rate: the core's, so that the browser only
        /// divides frequencies (`playbackRate = frequency / rootHertz`).
        let rootHertz: Double
        let sampleRate: Int
        let frames: Int
        let loopStart: Int?
        let loopEnd: Int?
        let gain: Double
        let url: String
        let bytes: Int
    }

    struct Source: Codable, Sendable {
        let id: String
        let preset: Preset
        let zones: [Zone]
    }

    /// The click: one key of a percussion preset, a zone of its own that the browser plays at
    /// its own rate (docs/sounds.md, "The click").
    struct Click: Codable, Sendable {
        let preset: Preset
        /// The General MIDI percussion key (76, the hi wood block).
        let key: Int
        let zone: Zone
    }

    static let version = 2

    let version: Int
    let soundFont: SoundFontOrigin
    let sources: [Source]
    /// Absent where the SoundFont has no such key (the browser then synthesizes its click).
    let click: Click?
}
