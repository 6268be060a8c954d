import PeachViews
import Testing

@testable import PeachWeb

@Suite("Pairing pages")
struct PairingPageTests {
    @Test(
        "the command to start Peach is shown as code, not between literal backticks, in both languages",
        arguments: [Texts.english, Texts.german], [PairingPage.State.required, .usedOrExpired])
    func commandAsCode(texts: Texts, state: PairingPage.State) {
        let html = PairingPage(texts: texts, state: state).render()
        #expect(html.contains("<code>peach serve --lan</code>"))
        #expect(!html.contains("`"))
    }

    @Test("a text with backticks becomes text and code in turn; one without stays one text")
    func withCode() {
        #expect(
            PairingPage.withCode("Run `a` then `b <c>`.").html == "Run <code>a</code> then <code>b &lt;c&gt;</code>.")
        #expect(PairingPage.withCode("plain & simple").html == "plain &amp; simple")
    }
}
