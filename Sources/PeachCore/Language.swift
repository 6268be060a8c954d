/// The languages Peach speaks: every text exists in each (`Texts`).
public enum Language: String, CaseIterable, Hashable, Sendable {
    case english = "en"
    case german = "de"

    /// The first supported language in an `Accept-Language` header, by quality (RFC 9110
    /// §12.5.4), or English.
    public init(acceptLanguage header: String?) {
        let ranked = (header ?? "").split(separator: ",").enumerated().compactMap {
            index, part -> (tag: String, quality: Double, index: Int)? in
            let fields = part.split(separator: ";").map { $0.trimmingWhitespace() }
            guard let tag = fields.first?.asciiLowercased(), !tag.isEmpty else { return nil }
            let quality =
                fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { DecimalText.parse(String($0.dropFirst(2))) }
                ?? 1
            return (tag, quality, index)
        }
        let best = ranked.filter { $0.quality > 0 }
            .sorted { ($0.quality, -$0.index) > ($1.quality, -$1.index) }
            .lazy.compactMap { entry in
                Language.allCases.first { entry.tag == $0.rawValue || entry.tag.hasPrefix($0.rawValue + "-") }
            }
            .first
        self = best ?? .english
    }
}
