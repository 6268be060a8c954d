/// The id a device gave a record: a UUID in its canonical form of 36 characters, hexadecimal
/// digits in groups of 8-4-4-4-12 (`8c1f0e4a-5b7d-4c2e-9f10-2a3b4c5d6e7f`), in either case.
///
/// Kept in one spelling, lowercase, as `crypto.randomUUID()` writes it: the same 128 bits sent
/// in capitals are the same record, never a second one. Nothing else is an id — not the forms
/// Foundation's `UUID(uuidString:)` also takes (a leading space, a `0x` prefix, an embedded
/// space), which would store one record under several spellings. The record tables' CHECK
/// holds `exerciseID` to this form.
public struct RecordID: Hashable, Sendable, CustomStringConvertible {
    /// The id in its one stored spelling.
    public let text: String

    /// Where the hyphens are; every other character is a hexadecimal digit.
    static let hyphens: Set<Int> = [8, 13, 18, 23]

    /// `nil` if `spelling` is not a UUID in the canonical form.
    public init?(_ spelling: String) {
        let bytes = Array(spelling.utf8)
        guard bytes.count == 36 else { return nil }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(36)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where Self.hyphens.contains(index): lowered.append(byte)
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"):
                guard !Self.hyphens.contains(index) else { return nil }
                lowered.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "F"):
                guard !Self.hyphens.contains(index) else { return nil }
                lowered.append(byte + 32)
            default: return nil
            }
        }
        text = String(decoding: lowered, as: UTF8.self)
    }

    public var description: String { text }
}
