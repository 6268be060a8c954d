import PeachCore
import Testing

/// 100 comparisons at `cents` of which every fourth is wrong (75 % correct: a threshold of about
/// `cents`), on the Monday of `week` weeks after the week of 2 March 2026.
private func week(_ week: Int, at cents: Double) -> [TrainingRecord] {
    let note = try! MIDINote(60)
    return (0..<100).map { index in
        .comparison(
            ComparisonRecord(
                timestamp: Timestamp(
                    millisecondsSince1970: (1_772_409_600 + Int64(week) * 604_800 + Int64(index)) * 1000),
                context: ExerciseContext(
                    referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
                centOffset: Cents(cents), isCorrect: index % 4 != 3))
    }
}

private func trend(_ thresholds: [Double], from first: Int = 0) -> Trend {
    PerceptualProfile(records: thresholds.enumerated().flatMap { week(first + $0.offset, at: $0.element) })
        .comparisonStatistics(.comparison).trend
}

@Suite("Trend")
struct TrendTests {
    @Test(
        "the weekly thresholds' line: improving when its slope is surely below zero, declining above, else no clear change"
    )
    func weeklySlope() {
        #expect(trend([20, 16, 13, 10, 8, 6]) == .improving)
        #expect(trend([6, 8, 10, 13, 16, 20]) == .declining)
        #expect(trend([10, 10, 10, 10, 10, 10]) == .stable)
        // Weeks that scatter more than their intervals say are no evidence of a small change.
        #expect(trend([10, 16, 7, 14, 8, 12, 9]) == .stable)
    }

    @Test("below three weeks there is no trend; weeks before the last 13 do not count")
    func enoughWeeks() {
        #expect(trend([20, 5]) == .notEnoughData)
        #expect(trend([]) == .notEnoughData)
        // A coarse quarter long ago, then a steady one: only the steady one counts.
        let records =
            [40.0, 35, 30, 25, 20].enumerated().flatMap { week($0.offset, at: $0.element) }
            + (0..<6).flatMap { week(30 + $0, at: 10) }
        #expect(PerceptualProfile(records: records).comparisonStatistics(.comparison).trend == .stable)
        // Two weeks with answers in the last 13: not enough, whatever came before.
        #expect(trend([40, 30, 20, 10]) == .improving)
        let late =
            [40.0, 30, 20].enumerated().flatMap { week($0.offset, at: $0.element) } + week(20, at: 10)
            + week(21, at: 10)
        #expect(PerceptualProfile(records: late).comparisonStatistics(.comparison).trend == .notEnoughData)
    }

    @Test("a week's log-threshold moments: the mean near the estimate, a narrower posterior a smaller variance")
    func logMoments() {
        var few = OffsetBins()
        var many = OffsetBins()
        for index in 0..<400 {
            if index < 40 { few.add(magnitude: 10, correct: index % 4 != 3) }
            many.add(magnitude: 10, correct: index % 4 != 3)
        }
        let (a, b) = (ThresholdPosterior(few).logMoments, ThresholdPosterior(many).logMoments)
        #expect(abs(b.mean - Math.log(10)) < 0.15, "\(b)")
        #expect(a.variance > 2 * b.variance, "\(a) \(b)")
    }

    @Test("the probability that one threshold is finer than another: both ways add up to 1, the same is a half")
    func probabilityFiner() {
        var coarse = OffsetBins()
        var fine = OffsetBins()
        for index in 0..<100 {
            coarse.add(magnitude: 20, correct: index % 4 != 3)
            fine.add(magnitude: 5, correct: index % 4 != 3)
        }
        let (a, b) = (ThresholdPosterior(fine), ThresholdPosterior(coarse))
        #expect(a.probabilityFiner(than: b) > 0.999)
        #expect(abs(a.probabilityFiner(than: b) + b.probabilityFiner(than: a) - 1) < 1e-12)
        #expect(abs(a.probabilityFiner(than: a) - 0.5) < 1e-12)
    }
}
