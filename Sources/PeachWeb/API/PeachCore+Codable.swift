import PeachCore

// The JSON forms of the core's values, for the API and the pending-exercise rows. They live
// here, not in the core, because Codable is not available in Embedded Swift (the core's
// WebAssembly build). Same package, so these are not retroactive conformances.

extension MIDINote: Codable {
    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Int.self)
        self = try MIDINote(value)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension DirectedInterval: Codable {
    public init(from decoder: any Decoder) throws {
        self = try DirectedInterval(code: try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(code)
    }
}

extension TrainingMode: Codable {}
extension TuningSystem: Codable {}
