/// A metronome tempo in quarter notes per minute. Rhythm training plays sixteenth notes of it,
/// so its unit of time is the sixteenth: a user sees offsets as a percentage of one (a tempo-free
/// figure a musician can compare), the store keeps them in milliseconds (docs/rhythm.md).
public struct TempoBPM: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let value: Int

    /// The tempos a record may have: what the Peach apps let a musician choose (40–200 BPM).
    public static let recordable = 40...200

    /// A tempo of `recordable`, else nil.
    public init?(_ value: Int) {
        guard Self.recordable.contains(value) else { return nil }
        self.value = value
    }

    /// One sixteenth note in milliseconds: a quarter note is 60,000 / BPM ms, a sixteenth a
    /// quarter of it.
    public var sixteenthMs: Double { 15_000 / Double(value) }

    /// `offsetMs` as a percentage of a sixteenth note at this tempo (signed like the offset).
    public func percentOfSixteenth(_ offsetMs: Double) -> Double { offsetMs / sixteenthMs * 100 }

    /// The percentage `percent` of a sixteenth note at this tempo, in milliseconds.
    public func milliseconds(percentOfSixteenth percent: Double) -> Double { percent / 100 * sixteenthMs }

    /// The furthest an offset may be from the grid: half a sixteenth. Further on, a note is
    /// nearer the neighbouring step than its own, and a tap there belongs to that step.
    public var offsetBoundMs: Double { sixteenthMs / 2 }

    public static func < (lhs: TempoBPM, rhs: TempoBPM) -> Bool { lhs.value < rhs.value }

    public var description: String { "\(value) BPM" }
}
