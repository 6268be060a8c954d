/// What a set of comparisons says about the listener's threshold: the posterior probability of
/// each threshold on the grid of `ThresholdGrid`, the slope integrated out (docs/measurement.md).
///
/// Bayes' rule on the grid, as QUEST (Watson & Pelli 1983) and its successors do: the log
/// likelihood of every (threshold, slope) point is the sum over the offset bins of
/// `correct · log P + wrong · log(1 − P)`, the posterior is its exponential times the prior,
/// normalised. Whatever placed the trials (the Kazez chain, an import), each answer counts by its
/// offset and whether it was right.
/// - Complexity: O(slopes · grid · occupied bins), two multiply-adds per grid point and
///   occupied bin (about 72,000 for 30 bins), and 1,200 exponentials.
public struct ThresholdPosterior: Hashable, Sendable {
    /// The probability of each grid point, summing to 1.
    public private(set) var probabilities: [Double]
    /// The answers it rests on.
    public private(set) var answers: Int

    /// The posterior after the answers of `bins`, from `prior` (per grid point, any positive
    /// scale; `nil`: the model's, `ThresholdGrid.prior`).
    public init(_ bins: OffsetBins, prior: [Double]? = nil) {
        let count = ThresholdGrid.count
        let slopes = ThresholdGrid.slopes.count
        let length = ThresholdGrid.tableLength
        var logLikelihood = [Double](repeating: 0, count: slopes * count)
        let table = ThresholdGrid.logLikelihoods
        for (bin, answers, correct) in bins.occupied {
            let (right, wrong) = (Double(correct), Double(answers - correct))
            // Grid point g reads the table at d = 3b − g + 18, i.e. at `start − g`.
            let start = 3 * bin + ThresholdGrid.indexOfFloor - ThresholdGrid.lowestDifference
            for slope in 0..<slopes {
                let row = slope * length + start
                let offset = slope * count
                for point in 0..<count {
                    logLikelihood[offset + point] +=
                        right * table.correct[row - point] + wrong * table.wrong[row - point]
                }
            }
        }
        var probabilities = [Double](repeating: 0, count: count)
        let highest = logLikelihood.max() ?? 0
        for slope in 0..<slopes {
            for point in 0..<count {
                let relative = logLikelihood[slope * count + point] - highest
                // Below e^−40 of the most likely point a point adds nothing a Double can hold
                // beside it.
                if relative > -40 { probabilities[point] += Math.exp(relative) }
            }
        }
        let prior = prior ?? ThresholdGrid.prior
        for point in 0..<count { probabilities[point] *= prior[point] }
        let total = probabilities.reduce(0, +)
        self.probabilities = probabilities.map { $0 / total }
        self.answers = bins.answers
    }

    /// The threshold below which the posterior puts `fraction` of its probability.
    /// Each grid point's probability is spread evenly over its step, so quantiles fall between
    /// grid points.
    /// - Complexity: O(grid).
    public func quantile(_ fraction: Double) -> Cents {
        ThresholdGrid.threshold(at: quantileIndex(fraction))
    }

    /// The grid index (fractional) of `quantile(_:)`.
    func quantileIndex(_ fraction: Double) -> Double {
        var below = 0.0
        for point in 0..<ThresholdGrid.count {
            let mass = probabilities[point]
            if below + mass >= fraction, mass > 0 {
                return Double(point) - 0.5 + (fraction - below) / mass
            }
            below += mass
        }
        return Double(ThresholdGrid.count) - 0.5
    }

    /// The most probable threshold: the highest grid point, refined between its
    /// neighbours by the parabola through their logarithms.
    ///
    /// The mode rather than the median: after the Kazez chain's trials the posterior's upper
    /// tail is long (the chain plays mostly below the 75 % point, so the data bound the threshold
    /// better from below than from above), and in the seeded simulation (docs/measurement.md)
    /// the mode is nearer the true threshold: a median error of 11.1 % against 11.5 % after 200
    /// answers, 17.7 % against 18.3 % after 50.
    /// - Complexity: O(grid).
    public var mode: Cents {
        ThresholdGrid.threshold(at: modeIndex)
    }

    /// The grid index (fractional) of `mode`.
    var modeIndex: Double {
        var best = 0
        for point in 1..<ThresholdGrid.count where probabilities[point] > probabilities[best] { best = point }
        guard best > 0, best < ThresholdGrid.count - 1, probabilities[best - 1] > 0, probabilities[best + 1] > 0
        else { return Double(best) }
        let (left, middle, right) = (
            Math.log(probabilities[best - 1]), Math.log(probabilities[best]), Math.log(probabilities[best + 1])
        )
        let curvature = left - 2 * middle + right
        let shift = curvature < 0 ? 0.5 * (left - right) / curvature : 0
        return Double(best) + shift
    }

    /// The mean and variance of log threshold (natural logarithm, cents): what the weekly trend
    /// weighs each week by (`Trend`). Each grid point's probability is spread evenly over its
    /// step, which adds step²/12 to the variance.
    /// - Complexity: O(grid).
    public var logMoments: (mean: Double, variance: Double) {
        var (mean, square) = (0.0, 0.0)
        for point in 0..<ThresholdGrid.count {
            let value = Math.log(ThresholdGrid.threshold(at: Double(point)).value)
            mean += probabilities[point] * value
            square += probabilities[point] * value * value
        }
        return (mean, max(square - mean * mean, 0) + ThresholdGrid.step * ThresholdGrid.step / 12)
    }

    /// The estimate it gives: the most probable threshold and the central 95 % interval.
    public var estimate: ThresholdEstimate {
        ThresholdEstimate(threshold: mode, lower: quantile(0.025), upper: quantile(0.975), answers: answers)
    }

    /// The probability that this threshold is lower (finer) than `other`'s, the two taken as
    /// independent: the sum over grid points of P(this = g) · P(other > g), ties counted half.
    /// - Complexity: O(grid).
    public func probabilityFiner(than other: ThresholdPosterior) -> Double {
        var above = 1.0
        var result = 0.0
        for point in 0..<ThresholdGrid.count {
            above -= other.probabilities[point]
            result += probabilities[point] * (max(above, 0) + other.probabilities[point] / 2)
        }
        return result
    }
}
