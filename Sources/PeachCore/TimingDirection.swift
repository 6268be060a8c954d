/// Which way a note is off its place on the grid: early (before it) or late (after it). A record
/// keeps it as the sign of its offset (negative = early); Compare Timing tracks the two
/// directions apart, because listeners hear them unequally (docs/rhythm.md).
public enum TimingDirection: Int, CaseIterable, Sendable {
    case early, late

    /// The direction of a signed offset (negative = early).
    public init(offsetMs: Double) {
        self = offsetMs < 0 ? .early : .late
    }

    /// −1 for early, +1 for late: the sign this direction gives an offset.
    public var sign: Double { self == .early ? -1 : 1 }
}
