/// A musical interval from prime (unison) to octave, by its number of 12-TET semitones.
public enum Interval: Int, CaseIterable, Hashable, Comparable, Sendable {
    case prime = 0
    case minorSecond, majorSecond, minorThird, majorThird, perfectFourth, tritone
    case perfectFifth, minorSixth, majorSixth, minorSeventh, majorSeventh, octave

    /// Semitones in 12-tone equal temperament; also the index into tuning-system tables.
    public var semitones: Int { rawValue }

    /// The short names (`P1`, `m2` … `P8`), also used in CSV files and the API.
    public var abbreviation: String {
        Self.abbreviations[rawValue]
    }

    private static let abbreviations = ["P1", "m2", "M2", "m3", "M3", "P4", "d5", "P5", "m6", "M6", "m7", "M7", "P8"]

    public init(abbreviation: String) throws(MusicValueError) {
        guard let index = Self.abbreviations.firstIndex(where: { $0.hasSameBytes(as: abbreviation) }) else {
            throw .unknownInterval(abbreviation)
        }
        self = Interval(rawValue: index)!
    }

    public static func < (lhs: Interval, rhs: Interval) -> Bool { lhs.rawValue < rhs.rawValue }
}
