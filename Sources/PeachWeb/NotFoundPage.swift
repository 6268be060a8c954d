import PeachCore

/// The answer to an address without a page.
public struct NotFoundPage: Sendable {
    public var texts: Texts

    public init(texts: Texts) {
        self.texts = texts
    }

    public func render() -> String {
        Layout(
            texts: texts, title: texts.pageNotFoundTitle + " — " + texts.appName, page: "not-found",
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: el(
                "main", ["id": "main"],
                el("h1", .text(texts.pageNotFoundTitle)),
                el("p", .text(texts.pageNotFound)),
                el("p", el("a", ["href": PageRoute.start.path], .text(texts.backToStart)))
            ))
    }
}
