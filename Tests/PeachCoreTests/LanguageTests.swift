import PeachCore
import Testing

@Suite("Language from Accept-Language")
struct LanguageTests {
    @Test(
        "the first supported language by quality, else English",
        arguments: [
            ("de-DE,de;q=0.9,en;q=0.8", Language.german), ("fr,en;q=0.5", .english), ("", .english), ("de", .german),
            ("en-US,en;q=0.9,de;q=0.8", .english), ("fr;q=0.9,de;q=0.7,en;q=0.5", .german),
            ("en;q=0.2, DE;q=0.8", .german),
            ("de;q=0,en;q=0.1", .english), ("fr, it", .english), ("*", .english), ("deu", .english),
            // Of equal qualities, the one named first.
            ("de,en", .german), ("en , de", .english), ("de;q=0.5,,en;q=0.5", .german), ("de;q=abc,en", .german),
        ])
    func fromHeader(header: String, expected: Language) {
        #expect(Language(acceptLanguage: header) == expected)
    }

    @Test("no header means English")
    func missingHeader() {
        #expect(Language(acceptLanguage: nil) == .english)
    }
}
