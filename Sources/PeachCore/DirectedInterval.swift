/// An interval with its direction, such as a perfect fifth up: what the interval modes train.
public struct DirectedInterval: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var interval: Interval
    public var direction: Direction

    public init(_ interval: Interval, _ direction: Direction = .up) {
        self.interval = interval
        self.direction = direction
    }

    /// Unison: what the Comparison and Pitch Matching modes train.
    public static let prime = DirectedInterval(.prime, .up)
    /// The default of the interval modes.
    public static let perfectFifthUp = DirectedInterval(.perfectFifth, .up)

    /// Every interval in both directions; a prime is the same up and down, so it appears once.
    public static let all: [DirectedInterval] = Interval.allCases.flatMap { interval in
        interval == .prime
            ? [DirectedInterval(interval, .up)] : [DirectedInterval(interval, .up), DirectedInterval(interval, .down)]
    }

    /// Signed 12-TET semitones: negative for a downward interval.
    public var semitones: Int {
        direction == .up ? interval.semitones : -interval.semitones
    }

    /// A stable text form used by the API and the settings table: `P5up`, `m3down`.
    /// A prime is always written `P1up`.
    public var code: String {
        interval.abbreviation + (interval == .prime ? Direction.up : direction).rawValue
    }

    /// Parses `code`; a bare abbreviation (`P5`) means upward.
    public init(code: String) throws(MusicValueError) {
        for direction in Direction.allCases where code.hasSuffixBytes(direction.rawValue) {
            let abbreviation = code.utf8.dropLast(direction.rawValue.utf8.count)
            self.init(try Interval(abbreviation: String(decoding: abbreviation, as: UTF8.self)), direction)
            self = self.normalized
            return
        }
        self.init(try Interval(abbreviation: code), .up)
    }

    /// A downward prime is the prime.
    var normalized: DirectedInterval {
        interval == .prime ? .prime : self
    }

    public var description: String { code }

    public static func < (lhs: DirectedInterval, rhs: DirectedInterval) -> Bool {
        (lhs.interval, lhs.direction == .down ? 1 : 0) < (rhs.interval, rhs.direction == .down ? 1 : 0)
    }
}
