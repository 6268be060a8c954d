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
        let body: [HTML]
        switch state {
        case .confirm(let code):
            heading = words.title
            body = [
                el("p", .text(words.explanation)),
                el(
                    "form", ["id": "pair-form", "method": "post", "action": PageRoute.pair.path],
                    el("input", ["type": "hidden", "name": "code", "value": code]),
                    el("button", ["type": "submit"], .text(words.button))
                ),
                el(
                    "p", ["id": "pair-home-screen", "class": "hint"],
                    children: Self.withCode(words.homeScreen.replacingEvery("{code}", with: "`\(code)`"))),
            ]
        case .usedOrExpired:
            // A device paired by this very link (opened twice, or reloaded) goes on to Start;
            // any other is shown there how to pair.
            heading = words.usedTitle
            body = [
                el("p", .text(words.usedOrExpired)), el("p", children: Self.withCode(words.howTo)),
                codeForm(words),
                el("p", el("a", ["href": PageRoute.start.path], .text(texts.app.backToStart))),
            ]
        case .tooManyAttempts:
            heading = words.tooManyTitle
            body = [el("p", .text(words.tooMany)), el("p", .text(words.howTo))]
        case .required:
            heading = words.requiredTitle
            body = [el("p", .text(words.required)), el("p", children: Self.withCode(words.howTo)), codeForm(words)]
        }
        // A device that reaches these pages before it trusts Peach's certificate sees how to.
        let trust = offersAuthority && state != .tooManyAttempts ? [Self.trustSection(texts.certificate)] : []
        return Layout(texts: texts, title: heading + " — " + texts.app.appName, page: "pair", navigation: [])
            .render(main: el("main", ["id": "main"], children: [el("h1", .text(heading))] + body + trust))
    }

    /// A field for the code as `peach serve --lan` prints it (any case, spaces around it allowed),
    /// posted as the confirmation page's button posts it.
    private func codeForm(_ words: PairingTexts) -> HTML {
        el(
            "form", ["id": "pair-code-form", "method": "post", "action": PageRoute.pair.path],
            el("p", ["id": "pair-code-hint", "class": "hint"], children: Self.withCode(words.codeHint)),
            el(
                "div", ["class": "field"],
                el("label", ["for": "pair-code"], .text(words.codeLabel)),
                el(
                    "input",
                    [
                        "id": "pair-code", "name": "code", "type": "text", "required": nil,
                        "maxlength": "40", "autocomplete": "one-time-code", "autocapitalize": "characters",
                        "autocorrect": "off", "spellcheck": "false", "aria-describedby": "pair-code-hint",
                    ])),
            el("button", ["type": "submit"], .text(words.button)))
    }

    /// The certificate download and the steps to trust it on iPhone and iPad, and on Android.
    static func trustSection(_ texts: CertificateTexts) -> HTML {
        el(
            "section", ["id": "trust-certificate", "aria-labelledby": "trust-certificate-title"],
            children: [
                el("h2", ["id": "trust-certificate-title"], .text(texts.title)),
                el("p", .text(texts.explanation)),
                el(
                    "p",
                    el(
                        "a", ["id": "certificate-download", "href": PageRoute.certificateAuthority.path],
                        .text(texts.download))),
                el("h3", .text(texts.appleHeading)),
                el("ol", children: texts.appleSteps.map { el("li", .text($0)) }),
                el("h3", .text(texts.androidHeading)),
                el("ol", children: texts.androidSteps.map { el("li", .text($0)) }),
            ])
    }

    /// A text whose commands are written between backticks (`peach serve --lan`), with each
    /// command as a `<code>` element: the texts stay readable as plain text in the JSON errors.
    static func withCode(_ text: String) -> [HTML] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, part in
            if part.isEmpty { return nil }
            return index.isMultiple(of: 2) ? .text(String(part)) : el("code", .text(String(part)))
        }
    }
}
