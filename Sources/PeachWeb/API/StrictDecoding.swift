import Foundation

/// Strict request bodies: a key the endpoint does not know is refused (400 `malformedBody`
/// naming it) instead of ignored, so that a typo never looks accepted (docs/openapi.yaml says
/// `additionalProperties: false`); so are a key given twice, which `JSONDecoder` would quietly
/// read as its first value (RFC 8259 §4 leaves repeated names to the implementation), and a
/// trailing comma, which `JSONDecoder` accepts although JSON has none.
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

    /// What `JSONDecoder` lets pass but a strict reading of RFC 8259 does not.
    enum Leniency: Equatable {
        /// A name given twice in one object (`JSONDecoder` keeps the first value).
        case repeatedKey(String)
        /// A comma before `}` or `]` (`JSONDecoder` accepts `{"a": 1,}`).
        case trailingComma
    }

    /// The first leniency in `json`, which is UTF-8 that `JSONDecoder` has accepted. Names are
    /// compared as `JSONDecoder` reads them, escapes decoded. Bounds-checked throughout, so even
    /// bytes that are not JSON cannot trap. - Complexity: O(n) in the bytes.
    static func leniency(in json: Data) -> Leniency? {
        let bytes = [UInt8](json)
        var objects: [Set<String>?] = []  // One entry per open object (its names) or array (nil).
        var atName = false
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"):
                objects.append([])
                atName = true
            case UInt8(ascii: "["):
                objects.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = objects.popLast()
            case UInt8(ascii: ","):
                let next = bytes[(index + 1)...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
                if next == UInt8(ascii: "}") || next == UInt8(ascii: "]") { return .trailingComma }
                atName = objects.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                guard end < bytes.count else { return nil }
                if atName, var names = objects.last ?? nil {
                    let raw = bytes[index...end]
                    let name =
                        raw.contains(UInt8(ascii: "\\"))
                        ? (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? ""
                        : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
                    if !names.insert(name).inserted { return .repeatedKey(name) }
                    objects[objects.count - 1] = names
                    atName = false
                }
                index = end
            default:
                break
            }
            index += 1
        }
        return nil
    }
}
