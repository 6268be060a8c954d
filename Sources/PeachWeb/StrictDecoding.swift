/// Strict request bodies: a key the endpoint does not know is refused (400 `malformedBody`
/// naming it) instead of ignored, so that a typo never looks accepted (docs/openapi.yaml says
/// `additionalProperties: false`).
enum StrictDecoding {
    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Throws `DecodingError.dataCorrupted` at the first key of the object that is not one of
    /// `Keys`. - Complexity: O(number of keys).
    static func refuseUnknownKeys<Keys: CodingKey & CaseIterable>(_ decoder: any Decoder, allowed: Keys.Type) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let known = Set(Keys.allCases.map(\.stringValue))
        if let unknown = container.allKeys.first(where: { !known.contains($0.stringValue) }) {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [unknown], debugDescription: "unknown key \(unknown.stringValue)"))
        }
    }
}
