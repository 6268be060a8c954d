/// A time offset as a percentage of one sixteenth note at the tempo played: what Compare Timing's
/// offsets and thresholds and Fill the Gap's bias and spread are measured in. Tempo-free, so that
/// a musician can compare figures across tempos ("4 % early"); the records keep milliseconds and
/// their tempo, and the two convert at that tempo (docs/rhythm.md).
public struct SixteenthPercent: UnitValue {
    public var value: Double

    public init(_ value: Double) {
        self.value = value
    }

    /// `offsetMs` at `tempo` as a percentage of its sixteenth (signed like the offset).
    public init(offsetMs: Double, at tempo: TempoBPM) {
        value = tempo.percentOfSixteenth(offsetMs)
    }

    /// This offset in milliseconds at `tempo`.
    public func milliseconds(at tempo: TempoBPM) -> Double {
        tempo.milliseconds(percentOfSixteenth: value)
    }

    /// The size of the offset, without its sign.
    public var magnitude: SixteenthPercent { SixteenthPercent(abs(value)) }

    /// The range between two percentages (a statistic's interval, computed on `Double`s).
    public static func range(_ range: ClosedRange<Double>) -> ClosedRange<SixteenthPercent> {
        SixteenthPercent(range.lowerBound)...SixteenthPercent(range.upperBound)
    }
}
