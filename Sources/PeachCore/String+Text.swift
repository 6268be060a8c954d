extension StringProtocol {
    /// The text without the ASCII white space (spaces, tabs, line breaks) at its ends: what HTTP
    /// headers, JSON and settings values pad with. Foundation's `trimmingCharacters(in:)` is not
    /// available to the core; Unicode's wider white space would pull the Unicode property
    /// tables into the wasm core (20 KB) for nothing a person types into Peach.
    /// - Complexity: O(n).
    public func trimmingWhitespace() -> String {
        let bytes = Array(utf8)
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }) else { return "" }
        let last = bytes.lastIndex { !isSpace($0) }!
        return String(decoding: bytes[first...last], as: UTF8.self)
    }

    /// The text with ASCII capitals in lower case, as language tags compare (BCP 47 tags are
    /// ASCII); other characters unchanged.
    public func asciiLowercased() -> String {
        String(decoding: utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
    }
}

extension String {
    // On `String` alone, not `StringProtocol`: each is compiled once into the wasm core.

    /// Whether the two texts are the same UTF-8 bytes. Every text Peach compares — setting names
    /// and values, codes, language tags — is ASCII it defines itself, where this is what `==`
    /// means; `==` compares canonical equivalence, which pulls Unicode's normalization tables and
    /// their code (about 25 KB gzip) into the wasm core.
    /// - Complexity: O(n).
    public func hasSameBytes(as other: String) -> Bool {
        utf8.elementsEqual(other.utf8)
    }

    /// Whether the text starts with `prefix`'s bytes (see `hasSameBytes(as:)`).
    public func hasPrefixBytes(_ prefix: String) -> Bool {
        utf8.count >= prefix.utf8.count && utf8.prefix(prefix.utf8.count).elementsEqual(prefix.utf8)
    }

    /// Whether the text ends with `suffix`'s bytes (see `hasSameBytes(as:)`).
    public func hasSuffixBytes(_ suffix: String) -> Bool {
        utf8.count >= suffix.utf8.count && utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8)
    }

    /// The parts between the `separator` bytes, empty parts left out: `"a,,b"` split at `,` is
    /// `a`, `b`. By bytes, as `hasSameBytes(as:)` compares; `split` on `Character`s would pull in
    /// Unicode's grapheme tables.
    public func splitBytes(_ separator: Unicode.Scalar) -> [String] {
        var parts: [String] = []
        var part: [UInt8] = []
        for byte in utf8 {
            if byte != UInt8(separator.value) {
                part.append(byte)
            } else if !part.isEmpty {
                parts.append(String(decoding: part, as: UTF8.self))
                part.removeAll(keepingCapacity: true)
            }
        }
        if !part.isEmpty { parts.append(String(decoding: part, as: UTF8.self)) }
        return parts
    }
}

extension String {
    /// The text as a message quotes it: at most 40 Unicode scalars and "…", so that a huge bad
    /// value never makes a huge message. Scalars rather than characters: counting characters
    /// would pull Unicode's grapheme tables into the wasm core, for values nobody types.
    public var shownInMessage: String {
        guard unicodeScalars.count > 40 else { return self }
        var shown = ""
        shown.unicodeScalars.append(contentsOf: unicodeScalars.prefix(40))
        return shown + "…"
    }

    /// The text with every occurrence of `target` replaced by `replacement`, left to right.
    /// Foundation's `replacingOccurrences(of:with:)` and the standard library's regex-based
    /// `replacing(_:with:)` are not available in Embedded Swift. Matching whole UTF-8 byte
    /// sequences is exact because UTF-8 is self-synchronising: no character's bytes start
    /// inside another's.
    /// - Complexity: O(n · m) for a target of m bytes.
    public func replacingEvery(_ target: String, with replacement: String) -> String {
        let source = Array(utf8)
        let pattern = Array(target.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(source.count)
        var index = 0
        while index < source.count {
            if index + pattern.count <= source.count, source[index..<index + pattern.count].elementsEqual(pattern) {
                result += replacement.utf8
                index += pattern.count
            } else {
                result.append(source[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
