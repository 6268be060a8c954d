/// A small, fast random number generator that repeats its sequence for a given seed, so tests,
/// benchmarks and simulations are reproducible (the core takes its randomness as a parameter).
///
/// SplitMix64: G. L. Steele, D. Lea and C. H. Flood, "Fast splittable pseudorandom number
/// generators", OOPSLA 2014; the constants are those of S. Vigna's reference implementation
/// `splitmix64.c` (public domain, https://prng.di.unimi.it/splitmix64.c). It passes BigCrush,
/// has a period of 2⁶⁴, and every seed (including 0) gives a full-quality sequence. Not for
/// anything cryptographic.
/// - Complexity: O(1) per number; 8 bytes of state.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Hashable, Sendable {
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
