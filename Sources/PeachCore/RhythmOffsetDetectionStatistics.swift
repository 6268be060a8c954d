/// What the Compare Timing answers say about a listener, per tempo band and direction (a
/// *track*): the answers counted by offset (`OffsetBins`, in percent of a sixteenth), the latest
/// answers by timestamp ("now"), and each track's last exercise, where its chain continues. The
/// estimates are computed from them when asked (`RhythmOffsetDetectionStatistics+Estimates`).
///
/// Early and late are tracked apart (docs/rhythm.md, "The tracks"): listeners hear one direction
/// better than the other, and a pooled threshold would hide which. Every part is a sum over
/// answers or the latest by timestamp, so adding records in any order gives the same statistics.
/// - Complexity: O(1) per record (O(200) for a record older than its track's latest 200).
public struct RhythmOffsetDetectionStatistics: Hashable, Sendable {
    /// The answers of each track, at `track(band, direction)`.
    public internal(set) var tracks = [OffsetBins](repeating: OffsetBins(), count: Self.trackCount)
    /// The latest answers of each track by timestamp, each as `bin · 2 + correct`.
    public internal(set) var recent = [RecentAnswers<Int>](
        repeating: RecentAnswers(capacity: Self.recentCount), count: Self.trackCount)
    /// The last exercise of each track by timestamp, and its time: by timestamp rather than by
    /// arrival, so that a device syncing late does not move a chain back (as for comparisons).
    public internal(set) var latestStates = [RhythmOffsetChain.State?](repeating: nil, count: Self.trackCount)
    public internal(set) var latestTimestamps = [Timestamp?](repeating: nil, count: Self.trackCount)

    /// How many of a track's latest answers are "now": as many as a comparison mode's.
    public static let recentCount = ComparisonStatistics.recentCount
    static let trackCount = TempoBand.count * TimingDirection.allCases.count

    public init() {}

    /// The index of a track in the arrays above.
    static func track(_ band: TempoBand, _ direction: TimingDirection) -> Int {
        band.index * TimingDirection.allCases.count + direction.rawValue
    }

    public mutating func add(_ record: RhythmOffsetDetectionRecord) {
        let track = Self.track(TempoBand(record.tempo), TimingDirection(offsetMs: record.offsetMs))
        let bin = OffsetBins.bin(ofValue: record.tempo.percentOfSixteenth(record.offsetMs))
        let correct = record.isCorrect ? 1 : 0
        tracks[track].add(bin: bin, answers: 1, correct: correct)
        recent[track].add(bin * 2 + correct, at: record.timestamp)
        if latestTimestamps[track].map({ record.timestamp >= $0 }) ?? true {
            latestStates[track] = RhythmOffsetChain.State(record)
            latestTimestamps[track] = record.timestamp
        }
    }

    /// Every Compare Timing answer.
    public var count: Int { tracks.reduce(0) { $0 + $1.answers } }

    /// The answers of one track.
    public func count(_ band: TempoBand, _ direction: TimingDirection) -> Int {
        tracks[Self.track(band, direction)].answers
    }

    /// The last exercise of one track, where its chain continues.
    public func latest(_ band: TempoBand, _ direction: TimingDirection) -> RhythmOffsetChain.State? {
        latestStates[Self.track(band, direction)]
    }
}
