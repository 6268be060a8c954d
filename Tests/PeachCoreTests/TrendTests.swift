import Foundation
import PeachCore
import Testing

/// A history of `values`, one a minute.
private func history(_ values: [Double]) -> ThresholdHistory {
    var history = ThresholdHistory()
    for (index, value) in values.enumerated() {
        history.add(value, at: Date(timeIntervalSince1970: 1_772_000_000 + 60 * Double(index)))
    }
    return history
}

private func repeated(_ value: Double, _ count: Int) -> [Double] { Array(repeating: value, count: count) }

@Suite("Trend")
struct TrendTests {
    @Test("fewer than 20 records show no trend; 20 do")
    func minimumCount() {
        #expect(Trend.minimumCount == 20)
        #expect(history([]).trend == .notEnoughData)
        #expect(history(repeated(100, 10) + repeated(10, 9)).trend == .notEnoughData)
        #expect(history(repeated(100, 10) + repeated(10, 10)).trend == .improving)
        #expect(Trend(earlierMean: 100, laterMean: 10, count: 19) == .notEnoughData)
    }

    @Test(
        "exactly −5 % and +5 % are stable; just beyond flips to improving or declining",
        arguments: [
            (95.0, Trend.stable), (105.0, .stable), (94.99, .improving), (105.01, .declining), (100.0, .stable),
            (96.0, .stable), (104.0, .stable), (50.0, .improving), (200.0, .declining),
        ])
    func thresholds(later: Double, expected: Trend) {
        // 10 earlier values of 100, 10 later values: the later mean is exactly `later`.
        #expect(history(repeated(100, 10) + repeated(later, 10)).trend == expected)
        #expect(Trend(earlierMean: 100, laterMean: later, count: 20) == expected)
    }

    @Test("the boundaries hold at other scales too (earlier 20 → later 19 and 21 are stable)")
    func otherScale() {
        #expect(history(repeated(20, 15) + repeated(19, 15)).trend == .stable)
        #expect(history(repeated(20, 15) + repeated(21, 15)).trend == .stable)
        #expect(history(repeated(20, 15) + repeated(18.99, 15)).trend == .improving)
        #expect(history(repeated(20, 15) + repeated(21.01, 15)).trend == .declining)
    }

    @Test("with an odd count the earlier half has ⌊n/2⌋ values and the later half the rest")
    func oddCounts() {
        // 21 values: 10 × 100, then 45, then 10 × 100. Earlier = first 10 = 100; later =
        // (45 + 1 000) / 11 = 95 exactly: −5 %, stable. (Splitting 11/10 instead would give
        // earlier 95, later 100: +5.3 %, declining.)
        #expect(history(repeated(100, 10) + [45] + repeated(100, 10)).trend == .stable)
        // With 44 the later mean is 1 044 / 11 = 94.9…: improving.
        #expect(history(repeated(100, 10) + [44] + repeated(100, 10)).trend == .improving)
        // 23 values: earlier 11 × 100, later 12 values averaging 105 exactly (11 × 105 + 105).
        #expect(history(repeated(100, 11) + repeated(105, 12)).trend == .stable)
        #expect(history(repeated(100, 11) + repeated(105, 11) + [105.2]).trend == .declining)
    }

    @Test("an earlier mean of zero is stable, not a division by zero")
    func zeroEarlierMean() {
        #expect(Trend(earlierMean: 0, laterMean: 5, count: 20) == .stable)
    }

    @Test("the profile's comparison and matching histories give their trends")
    func profileTrends() throws {
        let note = try MIDINote(60)
        var records: [TrainingRecord] = []
        for index in 0..<40 {
            let timestamp = Date(timeIntervalSince1970: 1_772_000_000 + Double(index))
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
        #expect(profile.comparison.history.trend == .improving)
        #expect(profile.matching.history.trend == .declining)  // |error| 5 → 8
        #expect(profile.comparison.history.count == 40)
    }
}
