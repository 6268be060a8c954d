/// The taps of a Fill the Gap trial as they come, and the record they make (docs/rhythm.md,
/// "Fill the Gap's taps").
///
/// A tap counts for the gap whose onset it is nearest, when it lies within half a sixteenth of it
/// (inclusive: a tap halfway between two steps is as near its gap as it can be and still belong
/// to it); of two gaps a sixteenth apart, a tap exactly between them counts for the earlier. One
/// tap counts per gap, the first; every other tap is ignored without a word, as the page keeps the
/// tap button active all the time. Tap times are the audio clock's seconds, already corrected for
/// the device's latency by the caller.
/// - Complexity: O(cycles) per tap; O(1) space beyond the gaps.
public struct ContinuousRhythmMatchingTaps: Hashable, Sendable {
    public let tempo: TempoBPM
    /// The gaps' onsets, in time order.
    public let gaps: [RhythmSchedule.Onset]
    /// The counted tap's offset of each gap, in ms (negative = early); nil while none counted.
    public private(set) var offsetsMs: [Double?]

    /// The taps of the trial played as `onsets` (`RhythmSchedule.onsets(of:start:sampleRate:)`).
    public init(tempo: TempoBPM, onsets: [RhythmSchedule.Onset]) {
        self.tempo = tempo
        gaps = onsets.filter { $0.isGap }
        offsetsMs = [Double?](repeating: nil, count: gaps.count)
    }

    /// Takes a tap at `seconds` on the audio clock: its offset from its gap in ms if it counts,
    /// nil if it is ignored.
    public mutating func tap(at seconds: Double) -> Double? {
        let window = tempo.offsetBoundMs
        var nearest: (index: Int, offsetMs: Double)?
        for index in gaps.indices {
            let offsetMs = (seconds - gaps[index].seconds) * 1000
            if abs(offsetMs) <= window, nearest.map({ abs(offsetMs) < abs($0.offsetMs) }) ?? true {
                nearest = (index, offsetMs)
            }
        }
        guard let (index, offsetMs) = nearest, offsetsMs[index] == nil else { return nil }
        offsetsMs[index] = offsetMs
        return offsetMs
    }

    /// How many gaps have a counted tap.
    public var hitCount: Int { offsetsMs.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }

    /// The trial's record at `timestamp`: the mean offset of the counted taps, overall and per gap
    /// position (nil where no tap counted), and how many counted; nil when none did (a trial
    /// without a counted tap says nothing about timing).
    public func record(at timestamp: Timestamp) throws(InvalidRecord) -> ContinuousRhythmMatchingRecord? {
        let steps = ContinuousRhythmMatchingRecord.stepsPerCycle
        var all = RunningStatistics()
        var positions = [RunningStatistics](repeating: RunningStatistics(), count: steps)
        for (gap, offset) in zip(gaps, offsetsMs) {
            guard let offset else { continue }
            all.add(offset)
            positions[gap.step].add(offset)
        }
        guard let mean = all.meanIfAny else { return nil }
        return try ContinuousRhythmMatchingRecord(
            timestamp: timestamp, tempoBPM: tempo.value, meanOffsetMs: mean,
            positionMeanOffsetsMs: positions.map { $0.meanIfAny }, hitCount: all.count)
    }
}
