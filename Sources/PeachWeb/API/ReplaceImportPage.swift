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
        let changed: Markup =
            changedSinceAsked
            ? "<p id=\"import-changed\" role=\"alert\">\(texts.server.importReplaceChanged)</p>" : ""
        // Named by the confirmation it asks for, whichever form's answer shows it: the import's,
        // or the confirmation's own when the records changed meanwhile.
        return Layout(
            texts: texts, title: texts.server.importReplaceQuestion + " — " + texts.app.appName,
            route: .settingsImportConfirm,
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: """
                <main id="main"><h1>\(texts.server.importReplaceQuestion)</h1>\(changed)\
                <p id="import-question">\(texts.replaceDetails(stored: question.stored, importing: question.importing))</p>\
                <form id="import-confirm-form" method="post" action="\(PageRoute.settingsImportConfirm.path)">\
                <input type="hidden" name="token" value="\(token)">\
                <button type="submit" name="answer" value="replace" class="danger">\
                \(texts.settingsPage.importReplaceConfirm)</button> \
                <button type="submit" name="answer" value="cancel">\(texts.settingsPage.resetCancel)</button></form></main>
                """)
    }
}
