import Foundation

/// `If-None-Match` against an ETag (RFC 9110 §13.1.2): the weak comparison, so that a copy the
/// browser holds in one content coding is still current when the same content is offered in
/// another (every coding's ETag names the same content; a compressed one is marked weak, `W/`).
enum EntityTag {
    /// Whether `ifNoneMatch` (a list of ETags, or `*`) names `etag`.
    static func matches(_ ifNoneMatch: String?, _ etag: String) -> Bool {
        guard let ifNoneMatch else { return false }
        let wanted = opaque(etag)
        return ifNoneMatch.split(separator: ",").contains { item in
            let tag = item.trimmingCharacters(in: .whitespaces)
            return tag == "*" || opaque(tag) == wanted
        }
    }

    /// A strong ETag made weak (`W/` in front): for a compressed copy of the bytes it names.
    static func weak(_ etag: String) -> String {
        etag.hasPrefix("W/") ? etag : "W/" + etag
    }

    private static func opaque(_ tag: some StringProtocol) -> Substring {
        let tag = Substring(tag)
        return tag.hasPrefix("W/") ? tag.dropFirst(2) : tag
    }
}
