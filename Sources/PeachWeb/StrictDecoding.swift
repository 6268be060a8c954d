import Foundation

/// Strict request bodies: a key the endpoint does not know is refused (400 `malformedBody`
/// naming it) instead of ignored, so that a typo never looks accepted (docs/openapi.yaml says
/// `additionalProperties: false`); so is a key given twice, which `JSONDecoder` would quietly
/// read as its first value (RFC 8259 §4 leaves repeated names to the implementation).
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

    /// The first name given twice in one object of `json`, which must be valid JSON (it runs
    /// after `JSONDecoder` accepted the body). Names are compared as `JSONDecoder` reads them,
    /// escapes decoded. - Complexity: O(n) in the bytes.
    static func repeatedKey(in json: Data) -> String? {
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
                objects.removeLast()
            case UInt8(ascii: ","):
                atName = objects.last.map { $0 != nil } ?? false
            case UInt8(ascii: "\""):
                var end = index + 1
                while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
                if atName {
                    let raw = bytes[index...end]
                    let name =
                        raw.contains(UInt8(ascii: "\\"))
                        ? (try? JSONDecoder().decode(String.self, from: Data(raw))) ?? ""
                        : String(decoding: raw.dropFirst().dropLast(), as: UTF8.self)
                    if objects[objects.count - 1]!.insert(name).inserted == false { return name }
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
