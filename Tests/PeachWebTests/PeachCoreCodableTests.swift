import Foundation
import PeachCore
import PeachWeb
import Testing

/// The JSON forms of the core's values live in PeachWeb (Codable is not available to the core's
/// WebAssembly build), so their tests live here.
@Suite("JSON forms of the core's values")
struct PeachCoreCodableTests {
    @Test("decoding a number outside 0–127 fails")
    func decodingRejectsOutOfRange() throws {
        let decoder = JSONDecoder()
        #expect(try decoder.decode([MIDINote].self, from: Data("[0,69,127]".utf8)).map(\.rawValue) == [0, 69, 127])
        #expect(throws: (any Error).self) { try decoder.decode([MIDINote].self, from: Data("[128]".utf8)) }
        #expect(throws: (any Error).self) { try decoder.decode([MIDINote].self, from: Data("[-1]".utf8)) }
    }
}
