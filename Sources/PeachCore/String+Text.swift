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
