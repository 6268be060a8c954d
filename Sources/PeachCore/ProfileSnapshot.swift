/// A `PerceptualProfile` as a flat sequence of numbers: what `GET /api/sync/profile` sends a
/// device (as little-endian Float64), so that a new device starts from the server's history
/// without downloading its records, then adds its own records not yet uploaded (docs/api.md).
///
/// Numbers, not a text format: the same Swift decodes them natively and in the wasm core
/// (standard library only, no Foundation, no Codable), and a count or a time is exact in a
/// Double up to 2^53.
///
/// **Layout, version 4** (every integer is a whole Double):
/// 1. the format version, `4` — a summary of another version (version 1 held means of
///    |cent offset|, version 2 its recent answers without their notes, version 3 no rhythm) is
///    refused, never read as this one;
/// 2. `comparisonByMode[.comparison]`, `comparisonByMode[.intervalComparison]`, each a
///    *comparison block*;
/// 3. `pitchMatchingByMode[.pitchMatching]`, `pitchMatchingByMode[.intervalPitchMatching]`, each a
///    *matching block*;
/// 4. `rhythmOffsetDetection`: per track (`TempoBand` order, early then late) a *timing block*;
/// 5. `continuousRhythmMatching`: per band and position (all positions, then 1–4) a *trials
///    block*.
///
/// - *comparison block*: the chain's `latest` as `[has, magnitude, wasCorrect, timestamp ms]`
///   (`[0, 0, 0, 0]` without one); `notes` (128 × bins); `intervals` (75 × bins, `IntervalSlot`
///   order); `weeks` as `[w, then w × (week, bins)]`, weeks ascending; `recent` as `[r, then
///   r × (timestamp ms, (reference note · 61 + bin) · 2 + correct)]`, oldest first, r ≤ 400.
/// - *matching block*: `all` (statistics); `intervals` (75 × statistics); `recent` as `[r, then
///   r × (timestamp ms, signed error)]`, oldest first, r ≤ 200.
/// - *timing block*: the track's last exercise as `[has, offset %, wasCorrect, timestamp ms]`
///   (`[0, 0, 0, 0]` without one); its *bins* (of percent of a sixteenth); `recent` as `[r, then
///   r × (timestamp ms, bin · 2 + correct)]`, oldest first, r ≤ 200.
/// - *trials block*: *statistics* of the trials' mean offsets in percent; `recent` as `[r, then
///   r × (timestamp ms, percent)]`, oldest first, r ≤ 50.
/// - *bins*: `[first, length, then length × (answers, correct)]`: the occupied bins from the
///   lowest to the highest (empty bins between them as `0, 0`); `[0, 0]` without answers.
/// - *statistics*: `[count, mean, m2]` (Welford's running values, see `RunningStatistics`).
///
/// The notes, intervals and weeks of a block count the same answers; a summary whose totals
/// disagree is refused.
///
/// **Size.** `1,283 + 14 · 7 + 35 · 4 + 2 · (B + R) + 3 · W` numbers, 8 bytes each: B the occupied spans of all bins
/// (notes, intervals, weeks; at most 61 bins each), W the weeks with answers and R the recent
/// answers (at most 2 · 400 + 2 · 200). Nothing grows with the number of records: an empty
/// profile is 12,168 bytes; each note, interval and week with answers adds at most 976 bytes.
/// Measured: docs/benchmarks.md.
/// - Complexity: O(size) to encode and to decode.
public enum ProfileSnapshot {
    /// The format version, the first number of every snapshot.
    public static let version = 4
    /// Counts up to 2^53 (exact in a Double), and never more than an `Int` holds: 32 bits in
    /// WebAssembly, where `1 << 53` would be 0.
    static let maximumCount = Int(truncatingIfNeeded: min(Int64(1) << 53, Int64(Int.max)))
    /// The milliseconds of `Timestamp.year0000` … `Timestamp.year9999End`, the times the store keeps.
    static let timeRange = Timestamp.year0000.millisecondsSince1970...Timestamp.year9999End.millisecondsSince1970
    /// The weeks of those times.
    static let weekRange = CalendarWeek.of(Timestamp.year0000)...CalendarWeek.of(Timestamp.year9999End)

    /// The comparison modes and the pitch-matching modes, in the order of the layout.
    static let comparisonModes: [TrainingMode] = [.comparison, .intervalComparison]
    static let matchingModes: [TrainingMode] = [.pitchMatching, .intervalPitchMatching]

    /// The snapshot of `profile`, version 4.
    public static func encode(_ profile: PerceptualProfile) -> [Double] {
        var numbers: [Double] = [Double(version)]
        for mode in comparisonModes { append(profile.comparisonStatistics(mode), to: &numbers) }
        for mode in matchingModes { append(profile.pitchMatchingStatistics(mode), to: &numbers) }
        append(profile.rhythmOffsetDetection, to: &numbers)
        append(profile.continuousRhythmMatching, to: &numbers)
        return numbers
    }

    static func append(_ statistics: RhythmOffsetDetectionStatistics, to numbers: inout [Double]) {
        for track in statistics.tracks.indices {
            if let latest = statistics.latestStates[track], let timestamp = statistics.latestTimestamps[track] {
                numbers += [
                    1, latest.offset.value, latest.wasCorrect ? 1 : 0, Double(timestamp.millisecondsSince1970),
                ]
            } else {
                numbers += [0, 0, 0, 0]
            }
            append(statistics.tracks[track], to: &numbers)
            numbers.append(Double(statistics.recent[track].count))
            for entry in statistics.recent[track].entries {
                numbers += [Double(entry.millisecondsSince1970), Double(entry.value)]
            }
        }
    }

    static func append(_ statistics: ContinuousRhythmMatchingStatistics, to numbers: inout [Double]) {
        for slot in statistics.all.indices {
            append(statistics.all[slot], to: &numbers)
            numbers.append(Double(statistics.recent[slot].count))
            for entry in statistics.recent[slot].entries {
                numbers += [Double(entry.millisecondsSince1970), entry.value.value]
            }
        }
    }

    static func append(_ statistics: ComparisonStatistics, to numbers: inout [Double]) {
        if let latest = statistics.latest, let timestamp = statistics.latestTimestamp {
            numbers += [1, latest.magnitude.value, latest.wasCorrect ? 1 : 0, Double(timestamp.millisecondsSince1970)]
        } else {
            numbers += [0, 0, 0, 0]
        }
        for bins in statistics.notes { append(bins, to: &numbers) }
        for bins in statistics.intervals { append(bins, to: &numbers) }
        numbers.append(Double(statistics.weeks.count))
        for week in statistics.weeks {
            numbers.append(Double(week.week))
            append(week.bins, to: &numbers)
        }
        numbers.append(Double(statistics.recent.count))
        for entry in statistics.recent.entries {
            numbers += [Double(entry.millisecondsSince1970), Double(entry.value)]
        }
    }

    static func append(_ statistics: PitchMatchingStatistics, to numbers: inout [Double]) {
        append(statistics.all, to: &numbers)
        for interval in statistics.intervals { append(interval, to: &numbers) }
        numbers.append(Double(statistics.recent.count))
        for entry in statistics.recent.entries { numbers += [Double(entry.millisecondsSince1970), entry.value.value] }
    }

    static func append(_ bins: OffsetBins, to numbers: inout [Double]) {
        let occupied = bins.occupied
        guard let first = occupied.first?.bin, let last = occupied.last?.bin else {
            numbers += [0, 0]
            return
        }
        numbers += [Double(first), Double(last - first + 1)]
        for bin in first...last {
            let (answers, correct) = bins.answers(in: bin)
            numbers += [Double(answers), Double(correct)]
        }
    }

    static func append(_ statistics: RunningStatistics, to numbers: inout [Double]) {
        numbers += [Double(statistics.count), statistics.mean, statistics.m2]
    }
}

extension PerceptualProfile {
    /// The profile a `ProfileSnapshot` holds; `nil` for anything else: another version, too few
    /// or too many numbers, NaN, a count that is not a whole number or more correct answers than
    /// answers, times out of order or outside the years 0–9999, parts that count different
    /// answers. Never traps, whatever the numbers.
    public init?(snapshot numbers: [Double]) {
        var reader = SnapshotReader(numbers: numbers)
        guard reader.integer(in: ProfileSnapshot.version...ProfileSnapshot.version) != nil else { return nil }
        self.init()
        for mode in ProfileSnapshot.comparisonModes {
            guard let statistics = reader.comparisonStatistics() else { return nil }
            comparisonByMode[mode] = statistics
        }
        for mode in ProfileSnapshot.matchingModes {
            guard let statistics = reader.pitchMatchingStatistics() else { return nil }
            pitchMatchingByMode[mode] = statistics
        }
        guard let detection = reader.rhythmOffsetDetectionStatistics(),
            let matching = reader.continuousRhythmMatchingStatistics(), reader.isAtEnd
        else { return nil }
        rhythmOffsetDetection = detection
        continuousRhythmMatching = matching
    }
}

/// Reads a snapshot's numbers in order, checking each; every method returns `nil` past the end
/// or at a number that is out of place.
struct SnapshotReader {
    let numbers: [Double]
    var index = 0

    var isAtEnd: Bool { index == numbers.count }

    mutating func next() -> Double? {
        guard index < numbers.count else { return nil }
        index += 1
        return numbers[index - 1]
    }

    /// A number that is not NaN (a sum of imported extreme values may have overflowed to ±∞).
    mutating func number() -> Double? {
        guard let value = next(), !value.isNaN else { return nil }
        return value
    }

    /// A whole number in `range`; checked before it is converted, so that it cannot trap.
    mutating func integer(in range: ClosedRange<Int>) -> Int? {
        integer64(in: Int64(range.lowerBound)...Int64(range.upperBound)).map { Int($0) }
    }

    /// A whole number in `range` that may not fit an `Int`: in WebAssembly `Int` has 32 bits,
    /// too few for milliseconds since 1970.
    mutating func integer64(in range: ClosedRange<Int64>) -> Int64? {
        guard let value = next(), value.isFinite, value == value.rounded(.towardZero),
            value >= Double(range.lowerBound), value <= Double(range.upperBound)
        else { return nil }
        return Int64(value)
    }

    /// A count that the numbers left could hold with `width` numbers each: a larger one is
    /// malformed, and is refused before anything is allocated for it.
    mutating func count(of width: Int, atMost limit: Int = Int.max) -> Int? {
        integer(in: 0...min(limit, (numbers.count - index) / width))
    }

    mutating func statistics() -> RunningStatistics? {
        guard let count = integer(in: 0...ProfileSnapshot.maximumCount), let mean = number(), let m2 = number(),
            m2 >= 0
        else { return nil }
        if count == 0 { return mean == 0 && m2 == 0 ? RunningStatistics() : nil }
        return RunningStatistics(count: count, mean: mean, m2: m2)
    }

    mutating func bins() -> OffsetBins? {
        guard let first = integer(in: 0...OffsetBins.count - 1),
            let length = count(of: 2, atMost: OffsetBins.count - first)
        else { return nil }
        var bins = OffsetBins()
        guard length > 0 else { return first == 0 ? bins : nil }
        for bin in first..<first + length {
            guard let answers = integer(in: 0...ProfileSnapshot.maximumCount - bins.answers),
                let correct = integer(in: 0...answers)
            else { return nil }
            // The span starts and ends with answers: one way to write each set of bins.
            if answers == 0 && (bin == first || bin == first + length - 1) { return nil }
            if answers > 0 { bins.add(bin: bin, answers: answers, correct: correct) }
        }
        return bins
    }

    mutating func comparisonStatistics() -> ComparisonStatistics? {
        var statistics = ComparisonStatistics()
        guard let hasLatest = integer(in: 0...1), let magnitude = number(), magnitude.isFinite, magnitude >= 0,
            let wasCorrect = integer(in: 0...1), let milliseconds = integer64(in: ProfileSnapshot.timeRange)
        else { return nil }
        if hasLatest == 1 {
            statistics.latest = ExerciseGenerator.ChainState(magnitude: Cents(magnitude), wasCorrect: wasCorrect == 1)
            statistics.latestTimestamp = Timestamp(millisecondsSince1970: milliseconds)
        } else if magnitude != 0 || wasCorrect != 0 || milliseconds != 0 {
            return nil
        }
        for note in statistics.notes.indices {
            guard let bins = bins() else { return nil }
            statistics.notes[note] = bins
            statistics.all.add(bins)
        }
        var intervalAnswers = 0
        for slot in statistics.intervals.indices {
            guard let bins = bins() else { return nil }
            statistics.intervals[slot] = bins
            intervalAnswers += bins.answers
        }
        guard let weekCount = count(of: 3) else { return nil }
        var weekAnswers = 0
        for _ in 0..<weekCount {
            guard let week = integer(in: ProfileSnapshot.weekRange),
                statistics.weeks.last.map({ $0.week < week }) ?? true,
                let bins = bins(), bins.answers > 0
            else { return nil }
            statistics.weeks.append(.init(week: week, bins: bins))
            weekAnswers += bins.answers
        }
        guard intervalAnswers == statistics.count, weekAnswers == statistics.count,
            let recentCount = count(of: 2, atMost: statistics.recent.capacity), recentCount <= statistics.count
        else { return nil }
        for _ in 0..<recentCount {
            guard let milliseconds = integer64(in: ProfileSnapshot.timeRange),
                let value = integer(in: 0...ComparisonStatistics.recentValueLimit),
                statistics.recent.append(value, at: milliseconds)
            else { return nil }
        }
        return statistics
    }

    mutating func pitchMatchingStatistics() -> PitchMatchingStatistics? {
        var statistics = PitchMatchingStatistics()
        guard let all = self.statistics() else { return nil }
        statistics.all = all
        var intervalAttempts = 0
        for slot in statistics.intervals.indices {
            guard let interval = self.statistics() else { return nil }
            statistics.intervals[slot] = interval
            intervalAttempts += interval.count
        }
        guard intervalAttempts == all.count,
            let recentCount = count(of: 2, atMost: statistics.recent.capacity), recentCount <= all.count
        else { return nil }
        for _ in 0..<recentCount {
            guard let milliseconds = integer64(in: ProfileSnapshot.timeRange), let error = number(),
                error.isFinite, statistics.recent.append(Cents(error), at: milliseconds)
            else { return nil }
        }
        return statistics
    }
}

extension SnapshotReader {
    mutating func rhythmOffsetDetectionStatistics() -> RhythmOffsetDetectionStatistics? {
        var statistics = RhythmOffsetDetectionStatistics()
        for track in statistics.tracks.indices {
            guard let hasLatest = integer(in: 0...1), let offset = number(), offset.isFinite, offset >= 0,
                let wasCorrect = integer(in: 0...1), let milliseconds = integer64(in: ProfileSnapshot.timeRange)
            else { return nil }
            if hasLatest == 1 {
                statistics.latestStates[track] = .init(offset: SixteenthPercent(offset), wasCorrect: wasCorrect == 1)
                statistics.latestTimestamps[track] = Timestamp(millisecondsSince1970: milliseconds)
            } else if offset != 0 || wasCorrect != 0 || milliseconds != 0 {
                return nil
            }
            guard let bins = bins(),
                let recentCount = count(of: 2, atMost: statistics.recent[track].capacity), recentCount <= bins.answers
            else { return nil }
            statistics.tracks[track] = bins
            for _ in 0..<recentCount {
                guard let milliseconds = integer64(in: ProfileSnapshot.timeRange),
                    let value = integer(in: 0...2 * OffsetBins.count - 1),
                    statistics.recent[track].append(value, at: milliseconds)
                else { return nil }
            }
        }
        return statistics
    }

    mutating func continuousRhythmMatchingStatistics() -> ContinuousRhythmMatchingStatistics? {
        var statistics = ContinuousRhythmMatchingStatistics()
        for slot in statistics.all.indices {
            guard let all = self.statistics(),
                let recentCount = count(of: 2, atMost: statistics.recent[slot].capacity), recentCount <= all.count
            else { return nil }
            statistics.all[slot] = all
            for _ in 0..<recentCount {
                guard let milliseconds = integer64(in: ProfileSnapshot.timeRange), let percent = number(),
                    percent.isFinite, statistics.recent[slot].append(SixteenthPercent(percent), at: milliseconds)
                else { return nil }
            }
        }
        return statistics
    }
}

extension RecentAnswers {
    /// Adds an answer that is not older than any kept, as a snapshot lists them; false, adding
    /// nothing, if it is older or the answers are full.
    mutating func append(_ value: Value, at milliseconds: Int64) -> Bool {
        let entry = Entry(millisecondsSince1970: milliseconds, value: value)
        guard count < capacity, newest.map({ !(entry < $0) }) ?? true else { return false }
        add(value, at: Timestamp(millisecondsSince1970: milliseconds))
        return true
    }
}
