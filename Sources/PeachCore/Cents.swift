/// A pitch difference in cents: a hundredth of a 12-TET semitone, 1200 to the octave. What a
/// comparison's offset, a pitch matching's initial offset and its error are measured in, typed
/// so that a number in another unit (hertz, semitones, a slider position) cannot take their place.
public struct Cents: Hashable, Comparable, Sendable, AdditiveArithmetic, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    public var value: Double

    public init(_ value: Double) {
        self.value = value
    }

    public init(floatLiteral value: Double) {
        self.value = value
    }

    public init(integerLiteral value: Int) {
        self.value = Double(value)
    }

    public static let zero = Cents(0)

    /// The size of the difference, without its sign; not a number stays not a number.
    public var magnitude: Cents { Cents(abs(value)) }

    public static func + (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value + rhs.value) }
    public static func - (lhs: Cents, rhs: Cents) -> Cents { Cents(lhs.value - rhs.value) }
    public static prefix func - (cents: Cents) -> Cents { Cents(-cents.value) }
    // All four comparisons are Double's, so that one with not a number is false, as the record
    // rules need ("written so that NaN fails too"): Comparable's own `<=` is `!(rhs < lhs)`.
    public static func < (lhs: Cents, rhs: Cents) -> Bool { lhs.value < rhs.value }
    public static func <= (lhs: Cents, rhs: Cents) -> Bool { lhs.value <= rhs.value }
    public static func > (lhs: Cents, rhs: Cents) -> Bool { lhs.value > rhs.value }
    public static func >= (lhs: Cents, rhs: Cents) -> Bool { lhs.value >= rhs.value }
}
