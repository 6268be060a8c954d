import Hummingbird
import PeachCore
import PeachViews

/// Chooses a request's language: the language setting if set, else the browser's
/// `Accept-Language`, else English.
struct Localizer: Sendable {
    let history: ServerHistory

    func texts(for request: Request) async -> Texts {
        let chosen = await history.settings.language
        return Texts.of(chosen ?? Language(acceptLanguage: request.headers[.acceptLanguage]))
    }
}
