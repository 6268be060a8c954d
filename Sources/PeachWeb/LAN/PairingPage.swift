import PeachCore
import PeachViews

/// The pages of pairing: the confirmation behind a pairing link, the answer to a used or
/// expired code, and the 401 a device sees before it is paired.
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
        let heading: String
        let body: [HTML]
        switch state {
        case .confirm(let code):
            heading = texts.pairTitle
            body = [
                el("p", .text(texts.pairExplanation)),
                el(
                    "form", ["id": "pair-form", "method": "post", "action": PageRoute.pair.path],
                    el("input", ["type": "hidden", "name": "code", "value": code]),
                    el("button", ["type": "submit"], .text(texts.pairButton))
                ),
            ]
        case .usedOrExpired:
            // A device paired by this very link (opened twice, or reloaded) goes on to Start;
            // any other is shown there how to pair.
            heading = texts.pairUsedTitle
            body = [
                el("p", .text(texts.pairUsedOrExpired)), el("p", children: Self.withCode(texts.pairHowTo)),
                el("p", el("a", ["href": PageRoute.start.path], .text(texts.backToStart))),
            ]
        case .tooManyAttempts:
            heading = texts.pairTooManyTitle
            body = [el("p", .text(texts.pairTooMany)), el("p", .text(texts.pairHowTo))]
        case .required:
            heading = texts.pairRequiredTitle
            body = [el("p", .text(texts.pairRequired)), el("p", children: Self.withCode(texts.pairHowTo))]
        }
        // A device that reaches these pages before it trusts Peach's certificate sees how to.
        let trust = offersAuthority && state != .tooManyAttempts ? [Self.trustSection(texts.certificate)] : []
        return Layout(texts: texts, title: heading + " — " + texts.appName, page: "pair", navigation: [])
            .render(main: el("main", ["id": "main"], children: [el("h1", .text(heading))] + body + trust))
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
