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
            texts: texts, title: texts.settingsPage.resetData + " — " + texts.app.appName, route: .settingsReset,
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: """
                <main id="main"><h1>\(texts.server.resetQuestion)</h1><p>\(texts.settingsPage.resetExplanation)</p>\
                <form id="reset-form" method="post" action="\(PageRoute.settingsReset.path)">\
                <input type="hidden" name="confirm" value="true">\
                <button type="submit" class="danger">\(texts.settingsPage.resetConfirm)</button> \
                <a href="\(PageRoute.settings.path)">\(texts.settingsPage.resetCancel)</a></form></main>
                """)
    }
}
