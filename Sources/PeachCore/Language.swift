/// The languages Peach speaks: every text exists in each (`Texts`).
public enum Language: String, ASCIINamed, Sendable {
    case english = "en"
    case german = "de"

    /// The first supported language in an `Accept-Language` header, by quality (RFC 9110
    /// §12.5.4), or English. Read byte by byte (`hasSameBytes(as:)`): a header is ASCII.
    public init(acceptLanguage header: String?) {
        var best: (language: Language, quality: Double)?
        for part in (header ?? "").splitBytes(",") {
            let fields = part.splitBytes(";").map { $0.trimmingWhitespace() }
            guard let tag = fields.first?.asciiLowercased(), !tag.isEmpty else { continue }
            let quality =
                fields.dropFirst().first { $0.hasPrefixBytes("q=") }
                .flatMap { DecimalText.parse(String(decoding: $0.utf8.dropFirst(2), as: UTF8.self)) } ?? 1
            guard
                let language = Language.allCases.first(where: {
                    tag.hasSameBytes(as: $0.rawValue) || tag.hasPrefixBytes($0.rawValue + "-")
                })
            else { continue }
            // Strictly greater: of equal qualities, the one named first wins.
            if quality > (best?.quality ?? 0) { best = (language, quality) }
        }
        self = best?.language ?? .english
    }
}
