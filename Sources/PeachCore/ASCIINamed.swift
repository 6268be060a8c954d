/// An enum whose cases are named by ASCII text — settings values, codes, language tags — and
/// which is looked up and hashed by those bytes (`hasSameBytes(as:)`), never through `String`'s
/// `==` and hashing: they compare canonical equivalence, which pulls Unicode's normalization
/// tables and their code (about 25 KB gzip) into the wasm core. The build checks it:
/// scripts/build-wasm.sh links without those tables.
public protocol ASCIINamed: CaseIterable, Hashable, RawRepresentable where RawValue == String {}

extension ASCIINamed {
    /// The case whose raw value is `text`, byte for byte; `nil` for any other text. What
    /// `init?(rawValue:)` does, without `==` on strings.
    public init?(named text: String) {
        guard let match = Self.allCases.first(where: { $0.rawValue.hasSameBytes(as: text) }) else { return nil }
        self = match
    }

    /// By the name's bytes, instead of the default that hashes the raw value as a `String`.
    public func hash(into hasher: inout Hasher) {
        for byte in rawValue.utf8 { hasher.combine(byte) }
    }
}
