extension RandomNumberGenerator {
    /// A uniform integer in `range`, drawn with 64-bit arithmetic on every platform.
    /// `Int.random(in:using:)` and `randomElement(using:)` draw with the platform's word size,
    /// so the 32-bit WebAssembly build would choose other notes than the 64-bit native build
    /// from the same seed; on a 64-bit platform this draws exactly what they draw (for any range
    /// but the whole of `Int`, which Peach never draws from).
    /// - Complexity: O(1) expected (Lemire's nearly divisionless method, in the standard library).
    public mutating func integer(in range: ClosedRange<Int>) -> Int {
        let span = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound)
        return range.lowerBound &+ Int(truncatingIfNeeded: UInt64.random(in: 0...span, using: &self))
    }

    /// A uniform element of a non-empty array, drawn as `integer(in:)` draws.
    public mutating func element<Element>(of array: [Element]) -> Element {
        array[integer(in: 0...array.count - 1)]
    }
}
