import PeachCore
import PeachViews

/// The confirmation step before all training data is deleted.
public struct ResetPage: Sendable {
    public var texts: Texts

    public init(texts: Texts) {
        self.texts = texts
    }

    public func render() -> String {
        Layout(
            texts: texts, title: texts.settingsPage.resetData + " — " + texts.app.appName, page: "reset",
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: el(
                "main", ["id": "main"],
                el("h1", .text(texts.server.resetQuestion)),
                el("p", .text(texts.settingsPage.resetExplanation)),
                el(
                    "form", ["id": "reset-form", "method": "post", "action": PageRoute.settingsReset.path],
                    el("input", ["type": "hidden", "name": "confirm", "value": "true"]),
                    el("button", ["type": "submit", "class": "danger"], .text(texts.settingsPage.resetConfirm)),
                    .text(" "),
                    el("a", ["href": PageRoute.settings.path], .text(texts.settingsPage.resetCancel))
                )
            ))
    }
}
