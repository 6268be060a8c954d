/// A `PerceptualProfile` as a flat sequence of numbers: what `GET /api/sync/profile` sends a
/// device (as little-endian Float64), so that a new device starts from the server's history
/// without downloading its records, then adds its own records not yet uploaded (docs/api.md).
///
/// Numbers, not a text format: the same Swift decodes them natively and in the wasm core
/// (standard library only, no Foundation, no Codable), and a count or a day is exact in a
/// Double up to 2^53.
///
/// **Layout, version 1** (every integer is a whole Double):
/// 1. the format version, `1`;
/// 2. `comparison`, then `comparisonByMode[.comparison]`, `comparisonByMode[.intervalComparison]`,
///    each a *discrimination block*;
/// 3. `matching`, then `matchingByMode[.pitchMatching]`, `matchingByMode[.intervalPitchMatching]`,
///    each a *matching block*.
///
/// - *discrimination block*: `notes` (128 × statistics), `logNotes` (128 × statistics),
///   `overall` (statistics), the chain's `latest` as `[has, magnitude, wasCorrect, timestamp ms]`
///   (`[0, 0, 0, 0]` without one), `history` (a history), then the 128 per-note histories
///   (each a history, truncated as below).
/// - *matching block*: `absoluteError` (statistics), `signedError` (statistics), `history`.
/// - *statistics*: `[count, mean, m2]` (Welford's running values, see `RunningStatistics`).
/// - *history*: `[count, d, then d × (day, sum, count)]`: the number of values, the number of
///   days, then each UTC day with data (days since 1970, ascending) with the sum and count of
///   its values.
///
/// **What is truncated, and why that is exact.** The per-note histories serve only the current
/// level and trend of a note range (`DiscriminationStatistics.currentLevel(in:)`), which read
/// two windows: the 20 calendar days ending on the last training day, and the 20 calendar days
/// ending on the last training day before that window. Each window holds at most 20 training
/// days, no note has a training day between the two windows, and both end at the latest days,
/// so for every note the days read are among its last 40 training days. Each per-note history
/// therefore carries only its last `noteHistoryDays` (40) days (and its full `count`); the
/// pooled and per-mode `history`, which draw the timeline, keep every day. A device that adds
/// its own newer records to a decoded profile still reads only days it has: the last 40 days
/// of the merged history are among its own days and the server's last 40. The decoded profile
/// equals the original whenever no note has more than 40 training days (per block), and
/// renders the same pages, statistics and chain in every case.
///
/// **Size.** `3124 + 3 · (H + N)` numbers, 8 bytes each: H is the sum of the days with data of
/// the six full histories (three discrimination, three matching), N the sum over the 3 × 128
/// per-note histories of min(days, 40), so N ≤ 15,360 whatever the number of records. An empty
/// profile is 24,992 bytes; a history of D training days in every block and note at most
/// 24,992 + 144 · D + 368,640 bytes (about 550 KB for three years of daily training in
/// every block). Measured (`PeachBenchmarks web`, docs/benchmarks.md): the 1,000,000-record
/// benchmark database (37 days) gives 115,568 bytes; 1,000,000 records over three years of
/// daily training in all four modes, 323,936 bytes.
/// - Complexity: O(size) to encode and to decode.
public enum ProfileSnapshot {
    /// The format version, the first number of every snapshot.
    public static let version = 1
    /// The days each per-note history keeps (see the type's comment).
    public static let noteHistoryDays = 40
    /// The number of MIDI notes, the length of the per-note arrays.
    static let noteCount = 128
    /// Counts up to 2^53 (exact in a Double), and never more than an `Int` holds: 32 bits in
    /// WebAssembly, where `1 << 53` would be 0.
    static let maximumCount = Int(truncatingIfNeeded: min(Int64(1) << 53, Int64(Int.max)))
    /// The days of `Timestamp.year0000` … `Timestamp.year9999End`, the times the store keeps.
    static let dayRange = Timestamp.year0000.daysSince1970...Timestamp.year9999End.daysSince1970

    /// The comparison modes and the pitch-matching modes, in the order of the layout.
    static let comparisonModes: [TrainingMode] = [.comparison, .intervalComparison]
    static let matchingModes: [TrainingMode] = [.pitchMatching, .intervalPitchMatching]

    /// The snapshot of `profile`, version 1.
    public static func encode(_ profile: PerceptualProfile) -> [Double] {
        var numbers: [Double] = [Double(version)]
        append(profile.comparison, to: &numbers)
        for mode in comparisonModes {
            append(profile.comparisonByMode[mode] ?? DiscriminationStatistics(), to: &numbers)
        }
        append(profile.matching, to: &numbers)
        for mode in matchingModes {
            append(profile.matchingByMode[mode] ?? MatchingStatistics(), to: &numbers)
        }
        return numbers
    }

    static func append(_ statistics: DiscriminationStatistics, to numbers: inout [Double]) {
        for note in statistics.notes { append(note, to: &numbers) }
        for note in statistics.logNotes { append(note, to: &numbers) }
        append(statistics.overall, to: &numbers)
        if let latest = statistics.latest, let timestamp = statistics.latestTimestamp {
            numbers += [1, latest.magnitude, latest.wasCorrect ? 1 : 0, Double(timestamp.millisecondsSince1970)]
        } else {
            numbers += [0, 0, 0, 0]
        }
        append(statistics.history, to: &numbers)
        for history in statistics.noteHistories { append(history, keepingDays: noteHistoryDays, to: &numbers) }
    }

    static func append(_ statistics: MatchingStatistics, to numbers: inout [Double]) {
        append(statistics.absoluteError, to: &numbers)
        append(statistics.signedError, to: &numbers)
        append(statistics.history, to: &numbers)
    }

    static func append(_ statistics: RunningStatistics, to numbers: inout [Double]) {
        numbers += [Double(statistics.count), statistics.mean, statistics.m2]
    }

    static func append(_ history: ThresholdHistory, keepingDays limit: Int = Int.max, to numbers: inout [Double]) {
        let days = history.days.suffix(limit)
        numbers += [Double(history.count), Double(days.count)]
        for day in days { numbers += [Double(day.day), day.sum, Double(day.count)] }
    }
}

extension PerceptualProfile {
    /// The profile a `ProfileSnapshot` holds; `nil` for anything else: another version, too few
    /// or too many numbers, NaN, a count that is not a whole number, a day out of order or
    /// outside the years 0–9999. Never traps, whatever the numbers.
    public init?(snapshot numbers: [Double]) {
        var reader = SnapshotReader(numbers: numbers)
        guard reader.integer(in: ProfileSnapshot.version...ProfileSnapshot.version) != nil,
            let comparison = reader.discrimination()
        else { return nil }
        self.init()
        self.comparison = comparison
        for mode in ProfileSnapshot.comparisonModes {
            guard let statistics = reader.discrimination() else { return nil }
            comparisonByMode[mode] = statistics
        }
        guard let matching = reader.matching() else { return nil }
        self.matching = matching
        for mode in ProfileSnapshot.matchingModes {
            guard let statistics = reader.matching() else { return nil }
            matchingByMode[mode] = statistics
        }
        guard reader.isAtEnd else { return nil }
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

    mutating func statistics() -> RunningStatistics? {
        guard let count = integer(in: 0...ProfileSnapshot.maximumCount), let mean = number(), let m2 = number(),
            m2 >= 0
        else { return nil }
        if count == 0 { return mean == 0 && m2 == 0 ? RunningStatistics() : nil }
        return RunningStatistics(count: count, mean: mean, m2: m2)
    }

    mutating func history() -> ThresholdHistory? {
        // Each day takes three numbers: a larger day count is malformed, and is refused before
        // anything is allocated for it.
        guard let count = integer(in: 0...ProfileSnapshot.maximumCount),
            let dayCount = integer(in: 0...(numbers.count - index) / 3)
        else { return nil }
        var history = ThresholdHistory()
        history.count = count
        history.days.reserveCapacity(dayCount)
        var valuesInDays = 0
        for _ in 0..<dayCount {
            guard let day = integer(in: ProfileSnapshot.dayRange), let sum = number(), sum >= 0,
                // No more values in the days than in the history: checked before the sum, which
                // could otherwise overflow a 32-bit Int in WebAssembly.
                let dayValues = integer(in: 1...max(1, count - valuesInDays)), dayValues <= count - valuesInDays,
                history.days.last.map({ $0.day < day }) ?? true
            else { return nil }
            history.days.append(ThresholdHistory.DayTotal(day: day, sum: sum, count: dayValues))
            valuesInDays += dayValues
        }
        return history
    }

    mutating func discrimination() -> DiscriminationStatistics? {
        var statistics = DiscriminationStatistics()
        for note in 0..<ProfileSnapshot.noteCount {
            guard let value = self.statistics() else { return nil }
            statistics.notes[note] = value
        }
        for note in 0..<ProfileSnapshot.noteCount {
            guard let value = self.statistics() else { return nil }
            statistics.logNotes[note] = value
        }
        guard let overall = self.statistics(), let hasLatest = integer(in: 0...1), let magnitude = number(),
            magnitude.isFinite, magnitude >= 0, let wasCorrect = integer(in: 0...1),
            let milliseconds = integer64(
                in: Timestamp.year0000.millisecondsSince1970...Timestamp.year9999End.millisecondsSince1970),
            let history = history()
        else { return nil }
        statistics.overall = overall
        if hasLatest == 1 {
            statistics.latest = ExerciseGenerator.ChainState(magnitude: magnitude, wasCorrect: wasCorrect == 1)
            statistics.latestTimestamp = Timestamp(millisecondsSince1970: milliseconds)
        } else if magnitude != 0 || wasCorrect != 0 || milliseconds != 0 {
            return nil
        }
        statistics.history = history
        for note in 0..<ProfileSnapshot.noteCount {
            guard let value = self.history() else { return nil }
            statistics.noteHistories[note] = value
        }
        return statistics
    }

    mutating func matching() -> MatchingStatistics? {
        guard let absoluteError = statistics(), let signedError = statistics(), let history = history() else {
            return nil
        }
        var statistics = MatchingStatistics()
        statistics.absoluteError = absoluteError
        statistics.signedError = signedError
        statistics.history = history
        return statistics
    }
}
