/// A pitch difference in cents: a hundredth of a 12-TET semitone, 1200 to the octave. What the
/// offsets and errors of exercises and records, the chain's magnitudes, the thresholds and their
/// intervals, the bias and spread of pitch matching and the sizes of intervals are measured in,
/// typed so that a number in another unit (hertz, semitones, decibels, a slider position) cannot
/// take their place. No multiplication operator: one more `*` for the type checker to weigh slows
/// every expression with `*` and a literal; a ratio or a logarithm is computed on `value`.
public struct Cents: UnitValue {
    public var value: Double

    public init(_ value: Double) {
        self.value = value
    }

    /// The size of the difference, without its sign; not a number stays not a number.
    public var magnitude: Cents { Cents(abs(value)) }

    /// The range between two numbers of cents (a statistic's interval, computed on `Double`s).
    public static func range(_ range: ClosedRange<Double>) -> ClosedRange<Cents> {
        Cents(range.lowerBound)...Cents(range.upperBound)
    }
}
