import PeachCore
import Testing

/// The text helpers the core uses instead of Foundation's and of `String`'s Unicode-aware ones.
@Suite("Text helpers")
struct StringTextTests {
    @Test("texts split at a byte, empty parts left out")
    func split() {
        #expect("P5up, m3down,,".splitBytes(",") == ["P5up", " m3down"])
        #expect("".splitBytes(",").isEmpty)
        #expect("Grüße;q=1".splitBytes(";") == ["Grüße", "q=1"])
        #expect("m3down".hasSuffixBytes("down") && !"m3down".hasSuffixBytes("up"))
        #expect("q=0.5".hasPrefixBytes("q=") && !"q".hasPrefixBytes("q="))
        #expect("P5".hasSameBytes(as: "P5") && !"P5".hasSameBytes(as: "p5"))
    }

    @Test("a value in a message is at most 40 scalars and an ellipsis")
    func shownInMessage() {
        #expect("442".shownInMessage == "442")
        let forty = String(repeating: "ä", count: 40)
        #expect(forty.shownInMessage == forty)
        #expect((forty + "x").shownInMessage == forty + "…")
    }

    @Test("white space trimmed, capitals lowered and targets replaced in ASCII")
    func asciiEdits() {
        #expect(" \t de-DE \r\n".trimmingWhitespace() == "de-DE")
        #expect("   ".trimmingWhitespace().isEmpty)
        #expect("DE-at".asciiLowercased() == "de-at")
        #expect("1-2-3".replacingEvery("-", with: "\u{2212}") == "1\u{2212}2\u{2212}3")
    }
}
