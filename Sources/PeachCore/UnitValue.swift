/// A number in a unit (`Cents`, `Decibels`): a `Double` wrapped so that one unit cannot be passed
/// where another is meant, written as a literal where the unit is clear from the context
/// (`let bound: Cents = 100`). Two values of a unit add and subtract to the same unit; anything
/// else (a ratio, a logarithm) is computed on `value`.
public protocol UnitValue: Hashable, Comparable, Sendable, AdditiveArithmetic, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral
{
    var value: Double { get }
    init(_ value: Double)
}

extension UnitValue {
    public init(floatLiteral value: Double) {
        self.init(value)
    }

    public init(integerLiteral value: Int) {
        self.init(Double(value))
    }

    public static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.value + rhs.value) }
    public static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.value - rhs.value) }
    public static prefix func - (operand: Self) -> Self { Self(-operand.value) }

    // All four comparisons are Double's, so that one with not a number is false, as the record
    // rules need ("written so that NaN fails too"): Comparable's own `<=` is `!(rhs < lhs)`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.value < rhs.value }
    public static func <= (lhs: Self, rhs: Self) -> Bool { lhs.value <= rhs.value }
    public static func > (lhs: Self, rhs: Self) -> Bool { lhs.value > rhs.value }
    public static func >= (lhs: Self, rhs: Self) -> Bool { lhs.value >= rhs.value }
}
