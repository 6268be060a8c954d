import Foundation
import PeachCore
import Testing

/// Midnight UTC of day `day` after 2026-03-01 (day 20 513 since 1970).
private func date(day: Int, minute: Int = 0) -> Timestamp {
    Timestamp(millisecondsSince1970: (Int64(20_513 + day) * 86_400 + 60 * Int64(minute)) * 1000)
}

/// A history with `values[d]` on day `d` (each value one minute after the last).
private func history(_ days: [Int: [Double]]) -> ThresholdHistory {
    var history = ThresholdHistory()
    for day in days.keys.sorted() {
        for (minute, value) in days[day]!.enumerated() { history.add(value, at: date(day: day, minute: minute)) }
    }
    return history
}

private func repeated(_ value: Double, _ count: Int) -> [Double] { Array(repeating: value, count: count) }

@Suite("Current level and trend")
struct TrendTests {
    @Test("the current level is the mean of the 20 days ending with the last training day, not of all time")
    func currentLevelIsRecent() throws {
        // 100 days at 30 cents, then days 100…119 at 12 cents: all time ≈ 27 cents, now 12.
        var days: [Int: [Double]] = [:]
        for day in 0..<100 { days[day] = repeated(30, 5) }
        for day in 100..<120 { days[day] = repeated(12, 5) }
        let level = try #require(history(days).currentLevel)
        #expect(level.mean == 12)
        #expect(level.count == 100)
        #expect(level.firstDay == 20_513 + 100 && level.lastDay == 20_513 + 119)
        #expect(level.trend == .improving)
    }

    @Test("the window ends on the last training day, so a pause does not empty it")
    func pause() throws {
        let level = try #require(history([0: [20], 5: [10]]).currentLevel)
        #expect(level.mean == 15 && level.count == 2 && level.firstDay == 20_513 + 5 - 19)
        #expect(level.trend == .notEnoughData)
    }

    @Test("the trend compares with the 20 days ending with the last training day before the window")
    func earlierWindow() throws {
        // Days 0 and 1 (20 + 10 values), a gap, then day 100: the earlier window is days −18…1.
        let improving = history([0: repeated(40, 10), 1: repeated(20, 10), 100: repeated(28, 10)])
        #expect(improving.currentLevel?.trend == .improving)  // 28 against 30: −6.7 %
        let stable = history([0: repeated(40, 10), 1: repeated(20, 10), 100: repeated(29, 10)])
        #expect(stable.currentLevel?.trend == .stable)  // −3.3 %
        // Day 61 is outside the window of day 100 (81…100) and the earlier window is 42…61 only.
        let declining = history([0: repeated(10, 10), 61: repeated(20, 10), 100: repeated(22, 10)])
        #expect(declining.currentLevel?.trend == .declining)  // 22 against 20: +10 %
    }

    @Test("fewer than 10 values on either side show no trend; 10 do")
    func minimumCount() {
        #expect(Trend.minimumCountPerSide == 10)
        #expect(history([0: repeated(100, 9), 30: repeated(10, 10)]).currentLevel?.trend == .notEnoughData)
        #expect(history([0: repeated(100, 10), 30: repeated(10, 9)]).currentLevel?.trend == .notEnoughData)
        #expect(history([0: repeated(100, 10), 30: repeated(10, 10)]).currentLevel?.trend == .improving)
    }

    @Test("the ±5 % boundary is stable on both sides")
    func boundary() {
        #expect(Trend(earlierMean: 20, earlierCount: 10, laterMean: 19, laterCount: 10) == .stable)
        #expect(Trend(earlierMean: 20, earlierCount: 10, laterMean: 21, laterCount: 10) == .stable)
        #expect(Trend(earlierMean: 20, earlierCount: 10, laterMean: 18.99, laterCount: 10) == .improving)
        #expect(Trend(earlierMean: 20, earlierCount: 10, laterMean: 21.01, laterCount: 10) == .declining)
    }

    @Test("an earlier mean of zero is stable, not a division by zero")
    func zeroEarlierMean() {
        #expect(Trend(earlierMean: 0, earlierCount: 10, laterMean: 5, laterCount: 10) == .stable)
    }

    @Test("over a note range the level counts only comparisons with a reference note in it")
    func inRange() throws {
        let (inside, outside) = (try MIDINote(60), try MIDINote(30))
        var profile = PerceptualProfile()
        for (index, (note, offset)) in [(inside, 10.0), (outside, 50.0), (inside, 20.0)].enumerated() {
            profile.add(
                .comparison(
                    ComparisonRecord(
                        timestamp: date(day: index), referenceNote: note, targetNote: note, interval: .prime,
                        tuningSystem: .equalTemperament, centOffset: offset, isCorrect: true)))
        }
        let range = try NoteRange(lower: MIDINote(48), upper: MIDINote(72))
        let level = try #require(profile.comparison.currentLevel(in: range))
        #expect(level.mean == 15 && level.count == 2 && level.lastDay == 20_513 + 2)
        #expect(profile.comparison.history.currentLevel?.count == 3)
    }

    @Test("the profile's comparison and matching histories give their trends")
    func profileTrends() throws {
        let note = try MIDINote(60)
        var records: [TrainingRecord] = []
        for index in 0..<40 {
            // 20 answers on day 0, 20 on day 30: two windows.
            let timestamp = date(day: index < 20 ? 0 : 30, minute: index)
            let offset = index < 20 ? 30.0 : 10.0
            records.append(
                .comparison(
                    ComparisonRecord(
                        timestamp: timestamp, referenceNote: note, targetNote: note, interval: .prime,
                        tuningSystem: .equalTemperament,
                        centOffset: index.isMultiple(of: 2) ? offset : -offset, isCorrect: true)))
            let error = index < 20 ? -5.0 : 8.0
            records.append(
                .pitchMatching(
                    PitchMatchingRecord(
                        timestamp: timestamp, referenceNote: note, targetNote: note, interval: .prime,
                        tuningSystem: .equalTemperament,
                        initialCentOffset: 0, userCentError: error)))
        }
        let profile = PerceptualProfile(records: records)
        #expect(profile.comparison.history.currentLevel?.trend == .improving)
        #expect(profile.matching.history.currentLevel?.trend == .declining)  // |error| 5 → 8
        #expect(profile.comparison.history.count == 40)
    }

    @Test("the chart's spread lives on the log axis: geometric mean times and divided by e^σ")
    func logSpread() throws {
        let note = try MIDINote(60)
        var statistics = DiscriminationStatistics()
        // 1 and 100 cents: arithmetic 50.5 ± 70.0 (mean − SD below zero); logarithms 0 and ln 100.
        for offset in [1.0, 100.0, 0.0] {
            statistics.add(
                ComparisonRecord(
                    timestamp: date(day: 0), referenceNote: note, targetNote: note, interval: .prime,
                    tuningSystem: .equalTemperament, centOffset: offset, isCorrect: true))
        }
        let logs = statistics.logNotes[60]
        // 0 counts as the chain's floor of 0.1 cent: ln 0.1 + ln 1 + ln 100 = ln 10, mean ln 10 / 3.
        #expect(logs.count == 3)
        #expect(abs(logs.mean - log(10.0) / 3) < 1e-12)
        let expectedSD = (([log(0.1), 0, log(100)].map { pow($0 - log(10.0) / 3, 2) }.reduce(0, +)) / 2).squareRoot()
        #expect(abs(try #require(logs.standardDeviation) - expectedSD) < 1e-12)
    }
}
