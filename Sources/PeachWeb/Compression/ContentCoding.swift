import Foundation

/// An HTTP content coding Peach compresses with (RFC 9110 §8.4.1): Brotli (RFC 7932), which
/// every current browser takes (smaller: the wasm core 150 KB against gzip's 184 KB), and gzip
/// for any client that takes only that. docs/benchmarks.md has the bytes of each.
enum ContentCoding: String, CaseIterable, Sendable {
    case brotli = "br"
    case gzip

    /// How hard to work: `best` for what is compressed once and served many times (the assets,
    /// the sound index), `fast` for a reply compressed as it is sent.
    enum Effort: Sendable {
        case best, fast
    }

    /// The coding to answer with, Brotli before gzip, among those `acceptEncoding` (the request's
    /// `Accept-Encoding`) allows and `available` offers; nil for the identity.
    /// A coding with `q=0` is refused, as is every coding `*;q=0` does not name otherwise.
    /// - Complexity: O(length of the header).
    static func negotiate(_ acceptEncoding: String?, available: some Collection<ContentCoding>) -> ContentCoding? {
        guard let acceptEncoding else { return nil }
        var weights: [String: Double] = [:]
        for item in acceptEncoding.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, !name.isEmpty else { continue }
            var weight = 1.0
            for parameter in parts.dropFirst() where parameter.hasPrefix("q=") {
                weight = Double(parameter.dropFirst(2)) ?? 0
            }
            weights[name] = weight
        }
        return allCases.first { coding in
            available.contains(coding) && (weights[coding.rawValue] ?? weights["*"] ?? 0) > 0
        }
    }

    /// `bytes` compressed, or nil if the library failed (never expected; the caller then sends
    /// the bytes as they are).
    func encode(_ bytes: some Collection<UInt8>, effort: Effort) -> [UInt8]? {
        switch self {
        case .brotli: Brotli.compress(Array(bytes), quality: effort == .best ? Brotli.bestQuality : 5)
        case .gzip: Gzip.compress(Array(bytes), level: effort == .best ? 9 : 6)
        }
    }

    /// `bytes` decompressed, or nil if they are not a whole stream of this coding.
    func decode(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        switch self {
        case .brotli: Brotli.decompress(Array(bytes))
        case .gzip: Gzip.decompress(Array(bytes))
        }
    }
}

extension ContentCoding {
    /// `bytes` in every coding that makes them smaller (a PNG or FLAC file is not: it gets none).
    static func encodings(of bytes: [UInt8], effort: Effort) -> [ContentCoding: [UInt8]] {
        var encoded: [ContentCoding: [UInt8]] = [:]
        for coding in allCases {
            if let copy = coding.encode(bytes, effort: effort), copy.count < bytes.count { encoded[coding] = copy }
        }
        return encoded
    }
}

extension ContentCoding {
    /// Whether a body of this content type gets smaller compressed: text, JSON, JavaScript, SVG,
    /// WebAssembly, and `application/octet-stream` (in Peach the profile summary's numbers).
    /// Not images and sounds, which are compressed already.
    static func compresses(contentType: String?) -> Bool {
        guard let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return type.hasPrefix("text/") || compressedTypes.contains(type)
    }

    private static let compressedTypes: Set<String> = [
        "application/json", "application/manifest+json", "application/javascript", "image/svg+xml",
        "application/wasm", "application/octet-stream",
    ]
}
