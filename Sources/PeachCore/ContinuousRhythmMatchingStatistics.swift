/// What the Fill the Gap trials say about a musician's timing, per tempo band: the trials' mean
/// offsets in percent of a sixteenth (negative = early), over all gap positions and per position,
/// as running statistics over every trial and over the latest ("now"). Their mean is the bias,
/// their standard deviation the spread (`ContinuousRhythmMatchingEstimate`, docs/rhythm.md).
///
/// A trial counts once, by its mean: the records keep no single taps, so the spread is that of
/// trials' means — of up to 16 taps each, so smaller than the spread of single taps.
/// - Complexity: O(1) per record (O(50) for a trial older than its band's latest 50).
public struct ContinuousRhythmMatchingStatistics: Hashable, Sendable {
    /// The trials' mean offsets of each band and position, at `slot(band, position)`.
    public internal(set) var all = [RunningStatistics](repeating: RunningStatistics(), count: Self.slotCount)
    /// The latest trials' mean offsets of each band and position by timestamp.
    public internal(set) var recent = [RecentAnswers<SixteenthPercent>](
        repeating: RecentAnswers(capacity: Self.recentCount), count: Self.slotCount)

    /// How many of a band's latest trials are "now": 50 trials are 800 gaps, some ten minutes
    /// of tapping at 100 BPM (the span of a comparison mode's latest 200 answers).
    public static let recentCount = 50
    /// Per band: all positions together, then positions 1–4.
    static let slotsPerBand = ContinuousRhythmMatchingRecord.stepsPerCycle + 1
    static let slotCount = TempoBand.count * slotsPerBand

    public init() {}

    /// The index of a band's statistics of one gap position (step 0–3), or of all (nil).
    static func slot(_ band: TempoBand, _ position: Int?) -> Int {
        band.index * slotsPerBand + (position.map { $0 + 1 } ?? 0)
    }

    public mutating func add(_ record: ContinuousRhythmMatchingRecord) {
        let band = TempoBand(record.tempo)
        add(SixteenthPercent(offsetMs: record.meanOffsetMs, at: record.tempo), Self.slot(band, nil), record.timestamp)
        for position in record.positionMeanOffsetsMs.indices {
            guard let mean = record.positionMeanOffsetsMs[position] else { continue }
            add(SixteenthPercent(offsetMs: mean, at: record.tempo), Self.slot(band, position), record.timestamp)
        }
    }

    private mutating func add(_ offset: SixteenthPercent, _ slot: Int, _ timestamp: Timestamp) {
        all[slot].add(offset.value)
        recent[slot].add(offset, at: timestamp)
    }

    /// Every Fill the Gap trial.
    public var count: Int { TempoBand.all.reduce(0) { $0 + all[Self.slot($1, nil)].count } }

    /// The trials of a band.
    public func count(_ band: TempoBand) -> Int { all[Self.slot(band, nil)].count }

    /// Every trial of `band`, of one gap position (step 0–3) or all (nil); `nil` without one.
    public func allTime(_ band: TempoBand, position: Int? = nil) -> ContinuousRhythmMatchingEstimate? {
        ContinuousRhythmMatchingEstimate(all[Self.slot(band, position)])
    }

    /// The band's last 50 trials (all while there are fewer), of one position or all; `nil`
    /// without one.
    /// - Complexity: O(50).
    public func now(_ band: TempoBand, position: Int? = nil) -> ContinuousRhythmMatchingEstimate? {
        ContinuousRhythmMatchingEstimate(
            RunningStatistics(recent[Self.slot(band, position)].entries.map { $0.value.value }))
    }
}
