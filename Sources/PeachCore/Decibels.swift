/// A level difference in decibels, `20 · log10` of an amplitude ratio: how much louder or softer a
/// comparison's target plays than its reference. Typed so that a level cannot be mistaken for a
/// pitch difference (`Cents`), the other signed offset an exercise carries.
public struct Decibels: UnitValue {
    public var value: Double

    public init(_ value: Double) {
        self.value = value
    }
}
