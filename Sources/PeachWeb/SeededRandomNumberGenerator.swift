/// A small, fast, seedable random number generator (SplitMix64, Steele, Lea and Flood 2014),
/// so that tests and benchmarks see the same exercises on every run.
/// - Complexity: O(1) per value; 8 bytes of state.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Any random number generator behind one concrete type, so that an actor can keep the one it
/// was given and pass it `inout` to generic code.
struct AnyRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var base: any RandomNumberGenerator & Sendable

    init(_ base: some RandomNumberGenerator & Sendable) {
        self.base = base
    }

    mutating func next() -> UInt64 {
        base.next()
    }
}
