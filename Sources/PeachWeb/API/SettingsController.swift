import Foundation
import Hummingbird
import PeachCore
import PeachViews

/// `GET /api/settings` and `PUT /api/settings` (docs/api.md): settings as text, changed all or
/// nothing, saved at once.
struct SettingsController: Sendable {
    let history: ServerHistory
    let localizer: Localizer

    func addRoutes(to router: Router<PeachRequestContext>) {
        router.get(RouterPath(APIRoute.settings.path), use: show)
        router.put(RouterPath(APIRoute.settings.path), use: update)
    }

    /// A setting's value as sent: text, a number, or (for intervals) a list of codes.
    struct SettingValue: Decodable {
        let text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else if let number = try? container.decode(Double.self) {
                self.text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            } else {
                self.text = try container.decode([String].self).joined(separator: ",")
            }
        }
    }

    /// The longest value any setting can take (all 25 interval codes, comma-separated, are 174
    /// characters). A longer one is refused before it is parsed or echoed in a message.
    static let maximumValueLength = 256

    /// Refuses (422 `outOfRange`) a value longer than `maximumValueLength`.
    static func checkLengths(_ changes: [String: String], texts: Texts) throws {
        for (key, value) in changes.sorted(by: { $0.key < $1.key }) where value.utf8.count > maximumValueLength {
            throw APIError(
                .unprocessableContent, code: "outOfRange",
                message: texts.server.errorValueTooLong(key.shownInMessage, maximumValueLength))
        }
    }

    @Sendable func show(request: Request, context: PeachRequestContext) async throws -> Response {
        try JSONResponse.make(["settings": await history.settings.values])
    }

    @Sendable func update(request: Request, context: PeachRequestContext) async throws -> Response {
        let texts = await localizer.texts(for: request)
        let changes = try await request.decodeJSON([String: SettingValue].self, texts: texts).mapValues(\.text)
        try Self.checkLengths(changes, texts: texts)
        do {
            let settings = try await history.updateSettings(changes)
            return try JSONResponse.make(["settings": settings.values])
        } catch let error as SettingsError {
            throw APIError(error, texts)
        }
    }
}
