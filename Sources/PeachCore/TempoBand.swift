/// A range of tempos whose answers are pooled into one estimate: 40–59, 60–79, 80–99, 100–119,
/// 120–139, 140–159 and 160–200 BPM (docs/rhythm.md, "Tempo bands").
///
/// A timing threshold in percent of a sixteenth changes with tempo (Friberg & Sundberg 1995:
/// about 6 ms, so a larger percentage, for notes closer than 240 ms; 2.5 % of the interval for
/// notes further apart), so tempos far apart are not pooled; within a band of 20 BPM it changes
/// by at most the ratio of the band's ends (a quarter or less), and a musician who nudges the
/// metronome keeps one estimate. 160–200 is one band (ratio 1.25 too): few train that fast.
public struct TempoBand: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 0 for 40–59 BPM … 6 for 160–200 BPM.
    public let index: Int

    /// The number of bands.
    public static let count = 7
    /// Every band, slowest first.
    public static let all = (0..<count).map { TempoBand(index: $0) }

    init(index: Int) {
        self.index = index
    }

    /// The band `tempo` falls in.
    public init(_ tempo: TempoBPM) {
        index = min((tempo.value - TempoBPM.recordable.lowerBound) / 20, Self.count - 1)
    }

    /// The band's tempos.
    public var tempos: ClosedRange<Int> {
        let lower = TempoBPM.recordable.lowerBound + 20 * index
        return lower...(index == Self.count - 1 ? TempoBPM.recordable.upperBound : lower + 19)
    }

    /// The tempo a band's estimate is written in milliseconds at: the middle of its tempos,
    /// rounded down (50, 70, … 150, and 180 BPM).
    public var middle: TempoBPM {
        // Every band lies within the recordable tempos.
        TempoBPM((tempos.lowerBound + tempos.upperBound) / 2)!
    }

    public static func < (lhs: TempoBand, rhs: TempoBand) -> Bool { lhs.index < rhs.index }

    public var description: String { "\(tempos.lowerBound)–\(tempos.upperBound) BPM" }
}
