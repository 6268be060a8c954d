/// A frequency in hertz: positive and finite by construction.
public struct Frequency: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hertz: Double

    public init(hertz: Double) throws(MusicValueError) {
        guard hertz.isFinite, hertz > 0 else { throw .frequencyNotPositive(hertz) }
        self.hertz = hertz
    }

    init(uncheckedHertz: Double) {
        hertz = uncheckedHertz
    }

    /// The default reference pitch, A4 = 440 Hz.
    public static let concertA = Frequency(uncheckedHertz: 440)

    /// The distance from `other` to this frequency in cents: `1200 · log2(self / other)`.
    public func cents(from other: Frequency) -> Cents {
        Cents(1200 * Math.log2(hertz / other.hertz))
    }

    /// This frequency moved by `cents`.
    public func shifted(by cents: Cents) -> Frequency {
        Frequency(uncheckedHertz: hertz * Math.exp2(cents.value / 1200))
    }

    public var description: String { "\(hertz) Hz" }

    public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.hertz < rhs.hertz }
}
