/// A pitch difference in cents: a hundredth of a 12-TET semitone, 1200 to the octave. What the
/// offsets and errors of exercises and records, the chain's magnitudes, the thresholds and their
/// intervals, the bias and spread of pitch matching and the sizes of intervals are measured in,
/// typed so that a number in another unit (hertz, semitones, decibels, a slider position) cannot
/// take their place. Arithmetic beyond adding and comparing (a ratio of two thresholds, a
/// logarithm) is done on `value`: no multiplication operator, which would slow the type checking
/// of every expression with `*` and a literal.
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

    /// The range between two numbers of cents (a statistic's interval, computed on `Double`s).
    public static func range(_ range: ClosedRange<Double>) -> ClosedRange<Cents> {
        Cents(range.lowerBound)...Cents(range.upperBound)
    }

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
