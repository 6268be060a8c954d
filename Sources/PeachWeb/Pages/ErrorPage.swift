import PeachCore
import PeachViews

/// The page a browser shows when Peach cannot serve a page address: an unknown address, a
/// method the address does not take, a refused form (another website's, too large) or a
/// failure on the server. It says what happened in the reader's language and leads back to
/// Start, as every secondary page does (hub and spoke, docs/pages.md).
public struct ErrorPage: Sendable {
    public var texts: Texts
    public var title: String
    public var message: String

    public init(texts: Texts, title: String, message: String) {
        self.texts = texts
        self.title = title
        self.message = message
    }

    /// An address without a page.
    public static func notFound(_ texts: Texts) -> ErrorPage {
        ErrorPage(texts: texts, title: texts.server.pageNotFoundTitle, message: texts.server.pageNotFound)
    }

    /// A request refused with `message` (a 4xx) or failed on the server (a 5xx).
    public static func failed(_ texts: Texts, serverError: Bool, message: String) -> ErrorPage {
        ErrorPage(
            texts: texts, title: serverError ? texts.server.serverErrorTitle : texts.server.requestRefusedTitle,
            message: message)
    }

    public func render() -> String {
        // No route: the page answers at whatever address could not be served (`Layout.route`).
        Layout(
            texts: texts, title: title + " — " + texts.app.appName, route: nil,
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: """
                <main id="main"><h1>\(title)</h1><p>\(message)</p>\
                <p><a href="\(PageRoute.start.path)">\(texts.app.backToStart)</a></p></main>
                """)
    }
}
