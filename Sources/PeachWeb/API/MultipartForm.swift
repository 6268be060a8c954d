import Foundation

/// The fields of a `multipart/form-data` body (RFC 7578), as a browser sends a form with a file
/// input when scripts are off. Only what such a form needs: each part's name, file name and
/// bytes; part headers other than `Content-Disposition` are ignored.
struct MultipartForm {
    struct Part {
        var name: String
        var filename: String?
        var data: Data
    }

    /// Why a body is not a form Peach can read.
    enum Problem: Error, Equatable {
        case noBoundary
        case malformed
    }

    var parts: [Part]

    /// The first part named `name`.
    subscript(name: String) -> Part? { parts.first { $0.name == name } }

    /// Reads `body` sent with `contentType` (which carries the boundary).
    /// - Complexity: O(n) in the body for the boundary search (the boundary is short).
    init(body: Data, contentType: String) throws(Problem) {
        guard let boundary = Self.parameter("boundary", in: contentType), !boundary.isEmpty, boundary.count <= 70
        else { throw .noBoundary }
        // Every part starts after a line "--boundary"; the last delimiter is "--boundary--".
        let delimiter = Data("\r\n--\(boundary)".utf8)
        // The body starts with the first delimiter; prefixing CRLF lets one search find them all.
        let text = Data("\r\n".utf8) + body
        var parts: [Part] = []
        guard var position = text.range(of: delimiter)?.upperBound else { throw .malformed }
        while true {
            let rest = text[position...]
            if rest.starts(with: Data("--".utf8)) { break }  // The closing delimiter.
            guard rest.starts(with: Data("\r\n".utf8)),
                let next = text.range(of: delimiter, in: (position + 2)..<text.endIndex)
            else { throw .malformed }
            parts.append(try Self.part(text[(position + 2)..<next.lowerBound]))
            position = next.upperBound
        }
        self.parts = parts
    }

    /// One part: header lines, an empty line, the content.
    private static func part(_ bytes: Data) throws(Problem) -> Part {
        guard let split = bytes.range(of: Data("\r\n\r\n".utf8)) else { throw .malformed }
        let headers = String(decoding: bytes[bytes.startIndex..<split.lowerBound], as: UTF8.self)
        let disposition = headers.split(separator: "\r\n").first {
            $0.lowercased().hasPrefix("content-disposition:")
        }
        guard let disposition, let name = parameter("name", in: String(disposition)) else { throw .malformed }
        return Part(
            name: name, filename: parameter("filename", in: String(disposition)), data: Data(bytes[split.upperBound...])
        )
    }

    /// A `key=value` or `key="value"` parameter of a header value; parameters are separated
    /// by semicolons and their keys compared case-insensitively (RFC 9110 §5.6.6).
    static func parameter(_ key: String, in header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else { continue }
            let value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                return String(value.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
            }
            return value
        }
        return nil
    }
}
