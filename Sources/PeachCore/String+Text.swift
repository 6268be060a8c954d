extension StringProtocol {
    /// The text without the white space (spaces, tabs, line breaks) at its ends. Foundation's
    /// `trimmingCharacters(in:)` is not available to the core.
    /// - Complexity: O(n).
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
        let last = lastIndex { !$0.isWhitespace }!
        return String(self[first...last])
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
