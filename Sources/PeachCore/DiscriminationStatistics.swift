/// What comparisons say about a listener: per reference note running statistics of
/// |cent offset|, and the history behind trend and timeline.
public struct DiscriminationStatistics: Hashable, Sendable {
    /// Indexed by MIDI note 0–127; a note with count 0 is untrained.
    public internal(set) var notes = [RunningStatistics](repeating: RunningStatistics(), count: 128)
    /// Indexed by MIDI note, like `notes`: statistics of the natural logarithm of |cent offset|,
    /// whose mean and standard deviation are the geometric mean and spread the chart draws on
    /// its logarithmic axis. Offsets below 0.1 cent (the chain's floor; imported data may hold
    /// 0, which has no logarithm) count as 0.1.
    public internal(set) var logNotes = [RunningStatistics](repeating: RunningStatistics(), count: 128)
    /// Every comparison, any note: the timeline.
    public internal(set) var history = ThresholdHistory()
    /// Indexed by MIDI note 0–127, like `notes`: the current level over a note range.
    var noteHistories = [ThresholdHistory](repeating: ThresholdHistory(), count: 128)
    /// All comparisons, any note: the chain's cold start uses its mean.
    public internal(set) var overall = RunningStatistics()
    /// The most recent comparison by timestamp: where the adaptive chain continues from, also
    /// after a restart and across devices. By timestamp, not by order of arrival: a record that
    /// another device syncs late, with an older timestamp, must not move the chain back. Of
    /// records with the same timestamp the one added last wins (the store adds them in order).
    public internal(set) var latest: ExerciseGenerator.ChainState?
    /// The timestamp of `latest`'s record.
    public internal(set) var latestTimestamp: Timestamp?

    public init() {}

    public mutating func add(_ record: ComparisonRecord) {
        let magnitude = abs(record.centOffset)
        notes[record.referenceNote.rawValue].add(magnitude)
        overall.add(magnitude)
        logNotes[record.referenceNote.rawValue].add(Math.log(max(magnitude, KazezChain.minimumMagnitude)))
        history.add(magnitude, at: record.timestamp)
        noteHistories[record.referenceNote.rawValue].add(magnitude, at: record.timestamp)
        if latestTimestamp.map({ record.timestamp >= $0 }) ?? true {
            latest = ExerciseGenerator.ChainState(record)
            latestTimestamp = record.timestamp
        }
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

    /// The current level and trend of the comparisons whose reference note lies in `range`:
    /// the same comparisons as `statistics(in:)`, over the last 20 training days.
    /// - Complexity: O(notes in range · (log d + 20)).
    public func currentLevel(in range: NoteRange) -> CurrentLevel? {
        CurrentLevel(noteHistories[range.lower.rawValue...range.upper.rawValue])
    }

}
