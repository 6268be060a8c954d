import PeachCore
import Testing

/// `count` comparisons at `cents` of which every fourth is wrong (75 % correct), one second
/// apart from `start` seconds after 2026-03-01.
private func answers(_ count: Int, at cents: Double, from start: Int) -> [TrainingRecord] {
    let note = try! MIDINote(60)
    return (0..<count).map { index in
        .comparison(
            ComparisonRecord(
                timestamp: Timestamp(millisecondsSince1970: (1_772_323_200 + Int64(start + index)) * 1000),
                context: ExerciseContext(
                    referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
                centOffset: Cents(cents), isCorrect: index % 4 != 3))
    }
}

@Suite("Trend")
struct TrendTests {
    @Test("the last 200 answers against the 200 before: improving, declining or no clear change by 95 % evidence")
    func lastAgainstBefore() {
        func trend(_ before: Double, _ now: Double) -> Trend {
            PerceptualProfile(records: answers(200, at: before, from: 0) + answers(200, at: now, from: 200))
                .comparisonStatistics(.comparison).trend
        }
        // 75 % correct at 20 cents, then at 5: the threshold went from about 20 to about 5.
        #expect(trend(20, 5) == .improving)
        #expect(trend(5, 20) == .declining)
        #expect(trend(10, 10) == .stable)
        // A change the evidence cannot tell from chance is no clear change: 10 % finer.
        #expect(trend(10, 9) == .stable)
    }

    @Test("below 400 answers there is no trend; older answers beyond the 400 latest do not count")
    func enoughAnswers() {
        let few = PerceptualProfile(records: answers(200, at: 20, from: 0) + answers(199, at: 5, from: 200))
        #expect(few.comparisonStatistics(.comparison).trend == .notEnoughData)
        // 1,000 coarse answers long ago change nothing: the trend reads the latest 400 only.
        let long = PerceptualProfile(
            records: answers(1_000, at: 60, from: 0) + answers(200, at: 10, from: 1_000)
                + answers(200, at: 10, from: 1_200))
        #expect(long.comparisonStatistics(.comparison).trend == .stable)
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
        #expect(Trend(now: a, before: b) == .improving && Trend(now: b, before: a) == .declining)
        #expect(Trend(now: a, before: a) == .stable)
    }
}
