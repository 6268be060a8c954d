import Foundation
import PeachCore
import Testing

/// The probability of a correct answer at `cents` for a listener of Peach's own model:
/// `½ + (½ − 2 %) · (1 − exp(−c · (Δ/t)^β))`, c chosen so that t is the 75 % point.
private func modelProbability(_ cents: Double, threshold: Double, slope: Double) -> Double {
    let c = -log(1 - 0.25 / 0.48)
    return 0.5 + 0.48 * (1 - exp(-c * pow(cents / threshold, slope)))
}

/// Bins holding, at each of `offsets`, `count` answers of which the model's share is correct.
private func bins(threshold: Double, slope: Double, count: Int, offsets: [Double]) -> OffsetBins {
    var bins = OffsetBins()
    for offset in offsets {
        let correct = Int((Double(count) * modelProbability(offset, threshold: threshold, slope: slope)).rounded())
        for index in 0..<count { bins.add(magnitude: Cents(offset), correct: index < correct) }
    }
    return bins
}

/// Offsets 20 bins a decade from 1 to 60 cents, at the bins' centres.
private let offsets = (0...35).map { 10 * pow(10, Double($0) / 20) / 10 }

@Suite("Threshold posterior")
struct ThresholdPosteriorTests {
    @Test(
        "many answers of a listener of the model give back its threshold, with a narrow interval",
        arguments: [
            (2.0, 1.0), (8.0, 2.2), (25.0, 3.3),
        ])
    func recoversTheThreshold(threshold: Double, slope: Double) {
        let estimate = ThresholdPosterior(bins(threshold: threshold, slope: slope, count: 2_000, offsets: offsets))
            .estimate
        #expect(abs(estimate.threshold.value / threshold - 1) < 0.03, "\(estimate)")
        #expect(estimate.lower.value < threshold && threshold < estimate.upper.value)
        #expect(estimate.upper.value / estimate.lower.value < 1.15, "\(estimate)")
        #expect(estimate.answers == 2_000 * offsets.count)
    }

    @Test("a hundredth of the answers, an interval about ten times as wide on the log axis, around the same threshold")
    func widerWithFewerAnswers() {
        let many = ThresholdPosterior(bins(threshold: 8, slope: 2.2, count: 400, offsets: offsets)).estimate
        let few = ThresholdPosterior(bins(threshold: 8, slope: 2.2, count: 4, offsets: offsets)).estimate
        let ratio = log(few.upper.value / few.lower.value) / log(many.upper.value / many.lower.value)
        #expect(ratio > 6 && ratio < 14, "\(few) vs \(many)")
        #expect(few.lower.value < 8 && 8 < few.upper.value)
    }

    @Test("without answers the posterior is the prior: 10 cents, 95 % between about 0.5 and 170 cents")
    func noAnswers() {
        let estimate = ThresholdPosterior(OffsetBins()).estimate
        // log t normal around ln 10 with σ = 1.5: 10 · e^(−1.96 · 1.5) = 0.53 cents. The grid ends
        // at 484 cents (2.6 σ), which cuts the upper tail: its 97.5 % point is at 1.89 σ, 170 cents.
        #expect(abs(estimate.threshold.value / 10 - 1) < 0.001, "\(estimate)")
        #expect(abs(estimate.lower.value / 0.53 - 1) < 0.02, "\(estimate)")
        #expect(abs(estimate.upper.value / 170 - 1) < 0.02, "\(estimate)")
        #expect(estimate.answers == 0)
    }

    @Test("every answer right at 100 cents says the threshold is below, not how far: a long interval downward")
    func allRightAtTheTop() {
        var top = OffsetBins()
        for _ in 0..<10 { top.add(magnitude: 100, correct: true) }
        let estimate = ThresholdPosterior(top).estimate
        #expect(estimate.upper.value < 100 && estimate.lower.value < 1)
        #expect(estimate.upper.value / estimate.lower.value > 100)
    }

    @Test("the quantiles interpolate within a grid step and rise with the fraction")
    func quantiles() {
        let posterior = ThresholdPosterior(bins(threshold: 8, slope: 2.2, count: 20, offsets: offsets))
        let values = stride(from: 0.01, through: 0.99, by: 0.01).map { posterior.quantile($0) }
        #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
        #expect(posterior.quantile(0.025) == posterior.estimate.lower)
    }
}

@Suite("Offset bins")
struct OffsetBinsTests {
    @Test("20 bins a decade from 0.1 to 100 cents; smaller and larger offsets count in the end bins")
    func binning() {
        #expect(OffsetBins.bin(of: 0.1) == 0 && OffsetBins.bin(of: -0.1) == 0)
        #expect(OffsetBins.bin(of: 1) == 20 && OffsetBins.bin(of: -10) == 40 && OffsetBins.bin(of: 100) == 60)
        #expect(OffsetBins.bin(of: 0) == 0 && OffsetBins.bin(of: 0.01) == 0)
        #expect(
            OffsetBins.bin(of: 150) == 60 && OffsetBins.bin(of: Cents(.infinity)) == 60
                && OffsetBins.bin(of: Cents(.nan)) == 0)
        // An offset lands in the bin whose centre is nearest on the logarithmic axis.
        #expect(OffsetBins.bin(of: 1.05) == 20 && OffsetBins.bin(of: 1.07) == 21)
    }

    @Test("bins add up: counts, correct answers, and the sum of two sets of bins")
    func adding() {
        var a = OffsetBins()
        a.add(magnitude: 5, correct: true)
        a.add(magnitude: -5, correct: false)
        a.add(magnitude: 50, correct: true)
        var b = OffsetBins()
        b.add(magnitude: 5, correct: true)
        var sum = a
        sum.add(b)
        #expect(sum.answers == 4)
        #expect(sum.answers(in: OffsetBins.bin(of: 5)) == (3, 2))
        #expect(sum.occupied.map(\.bin) == [OffsetBins.bin(of: 5), OffsetBins.bin(of: 50)])
        var empty = OffsetBins()
        empty.add(OffsetBins())
        #expect(empty == OffsetBins() && empty.occupied.isEmpty)
    }
}
