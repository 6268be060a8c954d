/// What comparisons say about a listener: per reference note running statistics of
/// |cent offset|, and the history behind trend and timeline.
public struct DiscriminationStatistics: Hashable, Sendable {
    /// Indexed by MIDI note 0–127; a note with count 0 is untrained.
    public private(set) var notes = [RunningStatistics](repeating: RunningStatistics(), count: 128)
    public private(set) var history = ThresholdHistory()
    /// All comparisons, any note: the chain's cold start uses its mean.
    public private(set) var overall = RunningStatistics()
    /// The most recent comparison added: where the adaptive chain continues from, also after
    /// a restart (records are added oldest first).
    public private(set) var latest: ExerciseGenerator.ChainState?

    public init() {}

    public mutating func add(_ record: ComparisonRecord) {
        let magnitude = abs(record.centOffset)
        notes[record.referenceNote.rawValue].add(magnitude)
        overall.add(magnitude)
        history.add(magnitude, at: record.timestamp)
        latest = ExerciseGenerator.ChainState(record)
    }

    public var count: Int { overall.count }

    /// The statistics of one reference note.
    public func statistics(for note: MIDINote) -> RunningStatistics {
        notes[note.rawValue]
    }

    /// All comparisons whose reference note lies in `range`, pooled (mean and standard
    /// deviation of |cent offset|).
    /// - Complexity: O(notes in range).
    public func statistics(in range: NoteRange) -> RunningStatistics {
        notes[range.lower.rawValue...range.upper.rawValue].reduce(RunningStatistics()) { $0.merged(with: $1) }
    }
}
