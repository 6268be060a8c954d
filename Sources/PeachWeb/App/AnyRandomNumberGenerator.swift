/// Any random number generator behind one concrete type, so that an actor can keep the one it
/// was given (the system's in production, a seeded one in tests) and pass it `inout` to generic code.
struct AnyRandomNumberGenerator: RandomNumberGenerator, Sendable {
    private var base: any RandomNumberGenerator & Sendable

    init(_ base: some RandomNumberGenerator & Sendable) {
        self.base = base
    }

    mutating func next() -> UInt64 {
        base.next()
    }
}
