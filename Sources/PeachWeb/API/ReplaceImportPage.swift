import PeachStore
import PeachViews

/// The question before a replace import deletes stored records, for browsers without scripts:
/// what it deletes (how many, from when to when) and adds, and two explicit answers.
public struct ReplaceImportPage: Sendable {
    public var texts: Texts
    public var question: ReplaceNotConfirmed
    /// The token that confirms this replace (PendingReplace).
    public var token: String
    /// The stored records changed after an earlier "yes": say so above the new figures.
    public var changedSinceAsked: Bool

    public init(texts: Texts, question: ReplaceNotConfirmed, token: String, changedSinceAsked: Bool) {
        self.texts = texts
        self.question = question
        self.token = token
        self.changedSinceAsked = changedSinceAsked
    }

    public func render() -> String {
        var children: [HTML] = [el("h1", .text(texts.server.importReplaceQuestion))]
        if changedSinceAsked {
            children.append(
                el("p", ["id": "import-changed", "role": "alert"], .text(texts.server.importReplaceChanged)))
        }
        children += [
            el(
                "p", ["id": "import-question"],
                .text(texts.replaceDetails(stored: question.stored, importing: question.importing))),
            el(
                "form",
                ["id": "import-confirm-form", "method": "post", "action": PageRoute.settingsImportConfirm.path],
                el("input", ["type": "hidden", "name": "token", "value": token]),
                el(
                    "button", ["type": "submit", "name": "answer", "value": "replace", "class": "danger"],
                    .text(texts.settingsPage.importReplaceConfirm)),
                .text(" "),
                el(
                    "button", ["type": "submit", "name": "answer", "value": "cancel"],
                    .text(texts.settingsPage.resetCancel))
            ),
        ]
        return Layout(
            texts: texts, title: texts.server.importReplaceQuestion + " — " + texts.app.appName, page: "import-confirm",
            navigation: [Layout.backToStart(texts)]
        ).render(main: el("main", ["id": "main"], children: children))
    }
}
