/// What the comparisons of one mode say about a listener, kept as the sufficient statistics of
/// the psychometric model (`OffsetBins`): per reference note (the keyboard), per interval and
/// tuning system, per calendar week (the timeline), and the most recent answers ("now" and the
/// trend). The estimates are computed from them when a page asks (`ComparisonStatistics+Estimates`).
///
/// Every part is a sum over answers, so adding records in any order, or adding a device's
/// records to the server's summary, gives the same statistics; none grows with the number of
/// records (docs/measurement.md).
/// - Complexity: O(1) per record (amortised; O(log weeks) for a record of an earlier week).
public struct ComparisonStatistics: Hashable, Sendable {
    /// The answers per reference note, indexed by MIDI note 0–127.
    public internal(set) var notes = [OffsetBins](repeating: OffsetBins(), count: MIDINote.validRange.count)
    /// The answers per interval and tuning system, indexed by `IntervalSlot`.
    public internal(set) var intervals = [OffsetBins](repeating: OffsetBins(), count: IntervalSlot.count)
    /// The answers per calendar week with answers, oldest first.
    public internal(set) var weeks: [WeekBins] = []
    /// Every answer: the sum of `notes`.
    public internal(set) var all = OffsetBins()
    /// The latest answers by timestamp, each as its reference note, bin and correctness in one
    /// number (`recentValue`): "now", and the keyboard band drawn from the same answers.
    public internal(set) var recent = RecentAnswers<Int>(capacity: 2 * Self.recentCount)
    /// The most recent comparison by timestamp: where the adaptive chain continues from, also
    /// after a restart and across devices. By timestamp, not by order of arrival: a record that
    /// another device syncs late, with an older timestamp, must not move the chain back. Of
    /// records with the same timestamp the one added last wins (the store adds them in order).
    public internal(set) var latest: ExerciseGenerator.ChainState?
    /// The timestamp of `latest`'s record.
    public internal(set) var latestTimestamp: Timestamp?

    /// How many of the latest answers are "now"; the trend compares them with as many before.
    public static let recentCount = 200

    /// One calendar week's answers.
    public struct WeekBins: Hashable, Sendable {
        /// The week, as `CalendarWeek` counts them.
        public var week: Int
        public var bins: OffsetBins
    }

    public init() {}

    public mutating func add(_ record: ComparisonRecord) {
        let bin = OffsetBins.bin(of: record.centOffset)
        let correct = record.isCorrect ? 1 : 0
        notes[record.context.referenceNote.rawValue].add(bin: bin, answers: 1, correct: correct)
        intervals[IntervalSlot.index(record.context.interval, record.context.tuningSystem)].add(
            bin: bin, answers: 1, correct: correct)
        all.add(bin: bin, answers: 1, correct: correct)
        addToWeek(CalendarWeek.of(record.timestamp), bin: bin, correct: correct)
        recent.add(
            Self.recentValue(note: record.context.referenceNote.rawValue, bin: bin, correct: correct),
            at: record.timestamp)
        if latestTimestamp.map({ record.timestamp >= $0 }) ?? true {
            latest = ExerciseGenerator.ChainState(record)
            latestTimestamp = record.timestamp
        }
    }

    /// Records arrive in chronological order, so an answer almost always lands in the last week
    /// or opens a new one; an earlier week is found by binary search.
    private mutating func addToWeek(_ week: Int, bin: Int, correct: Int) {
        var index = weeks.count
        if let last = weeks.last, last.week > week {
            var (low, high) = (0, weeks.count)
            while low < high {
                let middle = (low + high) / 2
                if weeks[middle].week < week { low = middle + 1 } else { high = middle }
            }
            index = low
        } else if weeks.last?.week == week {
            index = weeks.count - 1
        }
        if index == weeks.count || weeks[index].week != week {
            weeks.insert(WeekBins(week: week, bins: OffsetBins()), at: index)
        }
        weeks[index].bins.add(bin: bin, answers: 1, correct: correct)
    }

    /// All comparisons of the mode.
    public var count: Int { all.answers }

    /// One recent answer as one number: `(note · 61 + bin) · 2 + correct`, so that "now" can be
    /// drawn note by note on the keyboard from the very answers the headline reads.
    static func recentValue(note: Int, bin: Int, correct: Int) -> Int {
        (note * OffsetBins.count + bin) * 2 + correct
    }

    /// The largest `recentValue`.
    static let recentValueLimit = MIDINote.validRange.count * OffsetBins.count * 2 - 1

    /// The reference note, bin and correctness of a `recentValue`.
    static func recentAnswer(_ value: Int) -> (note: Int, bin: Int, correct: Int) {
        (value / (2 * OffsetBins.count), value / 2 % OffsetBins.count, value % 2)
    }
}
