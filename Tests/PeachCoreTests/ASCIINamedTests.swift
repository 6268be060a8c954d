import PeachCore
import Testing

/// Names are matched and hashed by their bytes (the wasm core has no Unicode tables): the same
/// cases as `init?(rawValue:)` finds, and hashing that agrees with equality.
@Suite("Cases named by ASCII text")
struct ASCIINamedTests {
    @Test("a name finds its case, byte for byte, and nothing else")
    func lookup() {
        for language in Language.allCases { #expect(Language(named: language.rawValue) == language) }
        for key in TrainingSettings.Key.allCases { #expect(TrainingSettings.Key(named: key.rawValue) == key) }
        #expect(Language(named: "DE") == nil)
        #expect(Language(named: "de ") == nil)
        #expect(Language(named: "") == nil)
        #expect(SoundSource(named: "piano") == .piano)
        #expect(TrainingMode(named: "comparison\u{0}") == nil)
    }

    @Test("sets and dictionaries keyed by such cases hold each once")
    func hashing() {
        let directions: Set = [Direction.up, .down, .up]
        #expect(directions.count == 2)
        let intervals: Set = [DirectedInterval(.perfectFifth, .up), DirectedInterval(.perfectFifth, .down)]
        #expect(intervals.count == 2)
        #expect(intervals.contains(DirectedInterval(.perfectFifth, .down)))
        var sources: [SoundSource: Int] = [:]
        for source in SoundSource.allCases + SoundSource.allCases { sources[source, default: 0] += 1 }
        #expect(sources.count == SoundSource.allCases.count && sources.values.allSatisfy { $0 == 2 })
    }
}
