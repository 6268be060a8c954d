/// The psychometric model behind every threshold estimate, and the grid its posterior lives on
/// (docs/measurement.md).
///
/// **Model.** A comparison at |cent offset| Δ is answered correctly with probability
/// `P(Δ) = γ + (1 − γ − λ) · F(Δ)`, with guessing rate γ = ½ (two answers), a lapse rate λ of
/// 2 % (a moment of inattention, a mis-tap) and a Weibull function `F(Δ) = 1 − exp(−(Δ/α)^β)`,
/// the usual form for forced-choice discrimination (a Gumbel function of log Δ). Its two free
/// parameters are written as the *threshold* t — the offset heard at the stated level,
/// P(t) = 75 % ("three times in four"), so α follows from t and β — and the *slope* β.
///
/// **Grid.** log t in 240 steps of ln(10)/60 (3.9 %) from 0.05 to 484 cents, each step a third of
/// an offset bin (`OffsetBins`, 20 a decade), so that log Δ − log t is a whole number of grid
/// steps for every bin and grid point: the likelihood of one answer then depends on the
/// difference of the two indices alone, and is read from a table of 420 entries per slope
/// instead of computed (no logarithm per bin and grid point). β takes the values 1, 1.5, 2.2,
/// 3.3 and 5 (equal steps in log β, from shallow to steep).
///
/// **Prior.** Before the first answer, log t is normal around 10 cents with a standard deviation
/// of 1.5 (95 % of it between 0.5 and 190 cents: from the finest thresholds measured in studies
/// to nearly two semitones; the grid's end at 484 cents cuts its upper tail), and the slopes are
/// equally likely. A weak prior: a few dozen answers
/// outweigh it (in the seeded simulation it changes the median error after 200 answers by less
/// than a percentage point), but with a handful of answers it keeps the estimate from running
/// to the end of the grid, where a uniform prior puts the most probable threshold when the
/// answers only bound it from one side.
enum ThresholdGrid {
    /// The level the threshold is reported at: 75 % correct.
    static let level = 0.75
    /// Two answers, higher or lower: half are right by chance.
    static let guessRate = 0.5
    static let lapseRate = 0.02
    /// The slopes β of the grid.
    static let slopes: [Double] = [1, 1.5, 2.2, 3.3, 5]

    /// Grid points of log t.
    static let count = 240
    /// ln(10)/60: the grid's step in log t.
    static let step = 2.302585092994046 / 60
    /// The grid index of 0.1 cents (bin 0's centre): log t_g = ln 0.1 + (g − 18) · step.
    static let indexOfFloor = 18

    /// The prior's centre and its standard deviation in log threshold.
    static let priorCentre: Cents = 10
    static let priorSpread = 1.5

    /// The prior probability of each grid point (up to a common factor).
    static let prior: [Double] = (0..<count).map { point in
        let z = (Math.log(threshold(at: Double(point)).value / priorCentre.value)) / priorSpread
        return Math.exp(-0.5 * z * z)
    }

    /// The threshold at grid point `index` (which may be fractional).
    static func threshold(at index: Double) -> Cents {
        Cents(value(at: index))
    }

    /// The grid's number at point `index`, without a unit: pitch reads it as cents, Compare Timing
    /// as a percentage of a sixteenth note (docs/rhythm.md), whose thresholds lie in the same range.
    static func value(at index: Double) -> Double {
        KazezChain.minimumMagnitude.value * Math.exp((index - Double(indexOfFloor)) * step)
    }

    /// log Δ_b − log t_g = (3b − g + 18) · step; the table holds d = 3b − g + 18 from its lowest
    /// value (bin 0, the last grid point) to its highest (the last bin, grid point 0).
    static let lowestDifference = indexOfFloor - (count - 1)
    static let tableLength = 3 * (OffsetBins.count - 1) + indexOfFloor - lowestDifference + 1

    /// For each slope (`tableLength` entries each), log P(correct) and log P(wrong) of an answer
    /// whose offset lies d grid steps above the threshold.
    static let logLikelihoods: (correct: [Double], wrong: [Double]) = {
        // F(t) must be the level: with (Δ/α)^β = c · e^(β·u), u = log Δ − log t, F(t) = 1 − e^(−c).
        let atThreshold = (level - guessRate) / (1 - guessRate - lapseRate)
        let c = -Math.log(1 - atThreshold)
        var correct: [Double] = []
        var wrong: [Double] = []
        correct.reserveCapacity(slopes.count * tableLength)
        wrong.reserveCapacity(slopes.count * tableLength)
        for slope in slopes {
            for entry in 0..<tableLength {
                let u = Double(entry + lowestDifference) * step
                let weibull = 1 - Math.exp(-c * Math.exp(slope * u))
                let p = guessRate + (1 - guessRate - lapseRate) * weibull
                correct.append(Math.log(p))
                wrong.append(Math.log(1 - p))
            }
        }
        return (correct, wrong)
    }()
}
