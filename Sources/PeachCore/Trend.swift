/// Whether a mode's threshold is getting finer over the weeks, only when the evidence says so
/// (`ComparisonStatistics.trend`, docs/measurement.md).
///
/// **Rule.** The weeks with answers among the last 13 calendar weeks (a quarter, ending with the
/// latest week with answers), each with the likelihood of its own answers on the threshold grid
/// (its posterior over the model's prior). Their log threshold is taken to follow a line,
/// log t = a + b · (week − last week): the posterior of the slope b, the intercept a integrated
/// out (a with the model's prior, b uniform over ±0.31 a week), from the product of the weeks'
/// likelihoods along each line. Each week counts with everything its answers say, its long upper
/// tail too, which a mean and a standard deviation per week would turn into noise. The slope's
/// central 95 % interval: improving when it lies wholly below zero, declining when wholly above,
/// otherwise no clear change; fewer than three weeks: not enough weeks yet. A listener who does
/// not change reads "improving" in 2.5 % of quarters (the interval's one tail), as the seeded
/// simulation checks.
public enum Trend: String, ASCIINamed, Sendable {
    case improving, stable, declining, notEnoughData

    /// The calendar weeks the trend looks back over, the latest week with answers included.
    public static let span = 13
    /// The fewest weeks with answers a trend needs: a line through two weeks has no residuals.
    public static let minimumWeeks = 3

    /// The line through the weeks' log thresholds: its slope per week (the posterior mean, in
    /// natural log of cents) and that slope's central 95 % interval.
    public struct Fit: Hashable, Sendable {
        public var slope: Double
        public var interval: ClosedRange<Double>
    }

    /// Slopes the fit considers, in grid steps of log threshold per week: quarter steps (about
    /// 1 % a week) up to 8 steps (a factor of 1.36 a week, halving or doubling in about two weeks
    /// and a half).
    static let slopeSteps = 4
    static let slopeReach = 8

    /// The fit of `weeks` (week number, that week's posterior), oldest first; the weeks before
    /// the last `span` calendar weeks are left out.
    /// - Complexity: O(weeks · grid · slopes): 13 × 240 × 65, about 200,000 additions.
    public static func fit(_ weeks: [(week: Int, posterior: ThresholdPosterior)]) -> Fit? {
        guard let last = weeks.last?.week else { return nil }
        let recent = weeks.filter { $0.week > last - span }
        guard recent.count >= minimumWeeks else { return nil }
        let count = ThresholdGrid.count
        let prior = ThresholdGrid.prior
        // Each week's likelihood: its posterior over the model's prior, in logs; a point the
        // posterior holds at nothing (below e^−40 of its peak) is as unlikely as a Double says.
        let logLikelihoods = recent.map { entry in
            (0..<count).map { point in
                Math.log(max(entry.posterior.probabilities[point], 1e-300) / prior[point])
            }
        }
        let offsets = recent.map { Double($0.week - last) }
        let slopes = (-slopeReach * slopeSteps...slopeReach * slopeSteps).map { Double($0) / Double(slopeSteps) }
        var logPosterior = [Double](repeating: -Double.infinity, count: slopes.count)
        for (index, slope) in slopes.enumerated() {
            // The threshold of the last week at each grid point, with the model's prior; every
            // other week's threshold follows the line.
            var terms: [Double] = []
            terms.reserveCapacity(count)
            for intercept in 0..<count {
                var sum = Math.log(prior[intercept])
                for (week, offset) in offsets.enumerated() {
                    let position = Double(intercept) + slope * offset
                    guard position >= 0, position <= Double(count - 1) else {
                        sum = -Double.infinity
                        break
                    }
                    let lower = Int(position)
                    let fraction = position - Double(lower)
                    let row = logLikelihoods[week]
                    sum +=
                        fraction == 0
                        ? row[lower] : (1 - fraction) * row[lower] + fraction * row[min(lower + 1, count - 1)]
                }
                if sum > -Double.infinity { terms.append(sum) }
            }
            guard let highest = terms.max() else { continue }
            logPosterior[index] = highest + Math.log(terms.reduce(0) { $0 + Math.exp($1 - highest) })
        }
        guard let highest = logPosterior.max(), highest > -Double.infinity else { return nil }
        let weights = logPosterior.map { Math.exp($0 - highest) }
        let total = weights.reduce(0, +)
        let probabilities = weights.map { $0 / total }
        func quantile(_ fraction: Double) -> Double {
            var below = 0.0
            for (index, probability) in probabilities.enumerated() {
                below += probability
                if below >= fraction { return slopes[index] * ThresholdGrid.step }
            }
            return slopes[slopes.count - 1] * ThresholdGrid.step
        }
        let mean = zip(slopes, probabilities).reduce(0) { $0 + $1.0 * $1.1 } * ThresholdGrid.step
        return Fit(slope: mean, interval: quantile(0.025)...quantile(0.975))
    }

    /// The trend of a mode's weeks (see the rule above).
    public init(weeks: [(week: Int, posterior: ThresholdPosterior)]) {
        guard let fit = Self.fit(weeks) else {
            self = .notEnoughData
            return
        }
        self = fit.interval.upperBound < 0 ? .improving : fit.interval.lowerBound > 0 ? .declining : .stable
    }
}
