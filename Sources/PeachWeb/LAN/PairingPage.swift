import PeachCore
import PeachViews

/// The pages of pairing: the confirmation behind a pairing link (with its code shown, for Peach
/// on a Home Screen), the answer to a used or expired code, and the 401 a device sees before it
/// is paired — the last two with a field to type a code: Peach added to an iPhone's Home Screen
/// keeps no cookie of Safari's and opens no pairing link, so it pairs by the code
/// `peach serve --lan` prints.
public struct PairingPage: Sendable {
    public enum State: Hashable, Sendable {
        case confirm(code: String)
        case usedOrExpired
        /// This address tried too many wrong codes; it may try again in a minute.
        case tooManyAttempts
        case required
    }

    public var texts: Texts
    public var state: State
    /// Whether to offer Peach's certificate authority with the steps to trust it (HTTPS on the
    /// LAN with Peach's own authority; not with `--tls-cert`).
    public var offersAuthority: Bool

    public init(texts: Texts, state: State, offersAuthority: Bool = false) {
        self.texts = texts
        self.state = state
        self.offersAuthority = offersAuthority
    }

    public func render() -> String {
        let words = texts.pairing
        let heading: String
        let body: Markup
        switch state {
        case .confirm(let code):
            heading = words.title
            let homeScreen = words.homeScreen.replacingEvery("{code}", with: "`\(code)`")
            body = """
                <p>\(words.explanation)</p>\
                <form id="pair-form" method="post" action="\(PageRoute.pair.path)">\
                <input type="hidden" name="code" value="\(code)"><button type="submit">\(words.button)</button></form>\
                <p id="pair-home-screen" class="hint">\(Self.withCode(homeScreen))</p>
                """
        case .usedOrExpired:
            // A device paired by this very link (opened twice, or reloaded) goes on to Start;
            // any other is shown there how to pair.
            heading = words.usedTitle
            body = """
                <p>\(words.usedOrExpired)</p><p>\(Self.withCode(words.howTo))</p>\(codeForm(words))\
                <p><a href="\(PageRoute.start.path)">\(texts.app.backToStart)</a></p>
                """
        case .tooManyAttempts:
            heading = words.tooManyTitle
            body = "<p>\(words.tooMany)</p><p>\(words.howTo)</p>"
        case .required:
            heading = words.requiredTitle
            body = "<p>\(words.required)</p><p>\(Self.withCode(words.howTo))</p>\(codeForm(words))"
        }
        // A device that reaches these pages before it trusts Peach's certificate sees how to.
        let trust = offersAuthority && state != .tooManyAttempts ? Self.trustSection(texts.certificate) : ""
        return Layout(texts: texts, title: heading + " — " + texts.app.appName, route: .pair, navigation: [])
            .render(main: "<main id=\"main\"><h1>\(heading)</h1>\(body)\(trust)</main>")
    }

    /// A field for the code as `peach serve --lan` prints it (any case, spaces around it allowed),
    /// posted as the confirmation page's button posts it.
    private func codeForm(_ words: PairingTexts) -> Markup {
        """
        <form id="pair-code-form" method="post" action="\(PageRoute.pair.path)">\
        <p id="pair-code-hint" class="hint">\(Self.withCode(words.codeHint))</p>\
        <div class="field"><label for="pair-code">\(words.codeLabel)</label>\
        <input id="pair-code" name="code" type="text" required maxlength="40" autocomplete="one-time-code" \
        autocapitalize="characters" autocorrect="off" spellcheck="false" aria-describedby="pair-code-hint"></div>\
        <button type="submit">\(words.button)</button></form>
        """
    }

    /// The certificate download and the steps to trust it on iPhone and iPad, and on Android.
    static func trustSection(_ texts: CertificateTexts) -> Markup {
        """
        <section id="trust-certificate" aria-labelledby="trust-certificate-title">\
        <h2 id="trust-certificate-title">\(texts.title)</h2><p>\(texts.explanation)</p>\
        <p><a id="certificate-download" href="\(PageRoute.certificateAuthority.path)">\(texts.download)</a></p>\
        <h3>\(texts.appleHeading)</h3><ol>\(texts.appleSteps.map(step))</ol>\
        <h3>\(texts.androidHeading)</h3><ol>\(texts.androidSteps.map(step))</ol></section>
        """
    }

    private static func step(_ text: String) -> Markup {
        "<li>\(text)</li>"
    }

    /// A text whose commands are written between backticks (`peach serve --lan`), with each
    /// command as a `<code>` element: the texts stay readable as plain text in the JSON errors.
    static func withCode(_ text: String) -> Markup {
        var markup: Markup = ""
        let parts = text.split(separator: "`", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() where !part.isEmpty {
            markup += index.isMultiple(of: 2) ? "\(String(part))" : "<code>\(String(part))</code>"
        }
        return markup
    }
}
