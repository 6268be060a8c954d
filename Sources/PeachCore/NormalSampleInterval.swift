/// 95 % intervals for the mean and the standard deviation of a sample from a normal
/// distribution: pitch matching's bias and spread (docs/measurement.md).
///
/// The mean's interval is Student's t, `mean ± t(0.975, n − 1) · s / √n`; the standard
/// deviation's comes from the χ² distribution, `s · √((n − 1) / χ²(p, n − 1))` at p = 0.975 and
/// 0.025. Both are also the central 95 % credible intervals under the usual noninformative prior
/// (uniform in the mean and in log σ), so they mean the same as the thresholds' intervals.
///
/// The quantiles are found by bisection on the distribution functions, computed from the
/// regularized incomplete gamma and beta functions (series and continued fractions as in Press
/// et al., *Numerical Recipes*, 3rd ed., §6.2 and §6.4; log Γ by Lanczos's approximation, g = 7).
/// Beyond 1,000 degrees of freedom, where those take thousands of terms, the Wilson–Hilferty
/// approximation of χ² and the Cornish–Fisher expansion of t are used instead; there they are
/// exact to better than 1 part in 100,000, far below the tenth of a cent a page shows.
public enum NormalSampleInterval {
    /// The 95 % interval of the mean of `count` values; `nil` below two.
    /// - Complexity: O(1) beyond 1,000 values; below, about 100 evaluations of a continued fraction.
    public static func mean(_ statistics: RunningStatistics) -> ClosedRange<Double>? {
        guard let deviation = statistics.standardDeviation else { return nil }
        let half =
            studentT975(degreesOfFreedom: statistics.count - 1) * deviation
            / Double(statistics.count).squareRoot()
        return (statistics.mean - half)...(statistics.mean + half)
    }

    /// The 95 % interval of the standard deviation; `nil` below two values.
    public static func standardDeviation(_ statistics: RunningStatistics) -> ClosedRange<Double>? {
        guard let deviation = statistics.standardDeviation else { return nil }
        let degrees = statistics.count - 1
        let scale = Double(degrees).squareRoot() * deviation
        return
            (scale / chiSquared(0.975, degreesOfFreedom: degrees).squareRoot())...(scale
            / chiSquared(0.025, degreesOfFreedom: degrees).squareRoot())
    }

    /// The normal distribution's 97.5 % point.
    static let normal975 = 1.959963984540054
    /// Beyond this many degrees of freedom the approximations are used.
    static let exactLimit = 1_000

    /// Student's t distribution's 97.5 % point.
    static func studentT975(degreesOfFreedom degrees: Int) -> Double {
        let nu = Double(degrees)
        guard degrees <= exactLimit else {
            // Cornish–Fisher (Abramowitz & Stegun 26.7.5), two terms.
            let z = normal975
            let z3 = z * z * z
            return z + (z3 + z) / (4 * nu) + (5 * z3 * z * z + 16 * z3 + 3 * z) / (96 * nu * nu)
        }
        // P(T ≤ t) = 1 − ½ · I_{ν/(ν+t²)}(ν/2, ½) for t ≥ 0.
        return quantile(0.975) { t in 1 - 0.5 * incompleteBeta(nu / 2, 0.5, nu / (nu + t * t)) }
    }

    /// The χ² distribution's `p` point, p = 0.025 or 0.975.
    static func chiSquared(_ p: Double, degreesOfFreedom degrees: Int) -> Double {
        let nu = Double(degrees)
        guard degrees <= exactLimit else {
            // Wilson & Hilferty (1931): (χ²/ν)^(1/3) is nearly normal.
            let z = p > 0.5 ? normal975 : -normal975
            let cube = 1 - 2 / (9 * nu) + z * (2 / (9 * nu)).squareRoot()
            return nu * cube * cube * cube
        }
        return quantile(p) { x in incompleteGamma(nu / 2, x / 2) }
    }

    /// The x ≥ 0 where the increasing `distribution` reaches `p`: an upper bound found by
    /// doubling, then 64 halvings (below a Double's resolution).
    static func quantile(_ p: Double, _ distribution: (Double) -> Double) -> Double {
        var (low, high) = (0.0, 1.0)
        while distribution(high) < p && high < Double.greatestFiniteMagnitude / 2 {
            (low, high) = (high, 2 * high)
        }
        for _ in 0..<64 {
            let middle = (low + high) / 2
            if distribution(middle) < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    static let lanczos = [
        0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
        12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
    ]

    /// log Γ(x) for x ≥ ½ (Lanczos, g = 7, nine coefficients).
    static func logGamma(_ x: Double) -> Double {
        let shifted = x - 1
        var sum = lanczos[0]
        for index in 1..<lanczos.count { sum += lanczos[index] / (shifted + Double(index)) }
        let t = shifted + 7.5
        return 0.9189385332046728 + (shifted + 0.5) * Math.log(t) - t + Math.log(sum)
    }

    static let tiny = 1e-300
    static let precision = 1e-15
    /// A bound on the terms of a series or continued fraction: up to 1,000 degrees of freedom
    /// they converge in a few hundred.
    static let maximumTerms = 10_000

    /// The regularized lower incomplete gamma function P(a, x).
    static func incompleteGamma(_ a: Double, _ x: Double) -> Double {
        guard x > 0 else { return 0 }
        let prefactor = Math.exp(-x + a * Math.log(x) - logGamma(a))
        if x < a + 1 {
            var term = 1 / a
            var sum = term
            var n = a
            while abs(term) > abs(sum) * precision && n < a + Double(maximumTerms) {
                n += 1
                term *= x / n
                sum += term
            }
            return sum * prefactor
        }
        // The continued fraction of Q(a, x) = 1 − P(a, x), by Lentz's method.
        var b = x + 1 - a
        var c = 1 / tiny
        var d = 1 / b
        var fraction = d
        for term in 1...maximumTerms {
            let index = Double(term)
            let an = -index * (index - a)
            b += 2
            d = an * d + b
            if abs(d) < tiny { d = tiny }
            c = b + an / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            fraction *= step
            if abs(step - 1) < precision { break }
        }
        return 1 - prefactor * fraction
    }

    /// The regularized incomplete beta function I_x(a, b).
    static func incompleteBeta(_ a: Double, _ b: Double, _ x: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let front = Math.exp(
            logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x))
        if x < (a + 1) / (a + b + 2) { return front * betaFraction(a, b, x) / a }
        return 1 - front * betaFraction(b, a, 1 - x) / b
    }

    /// The continued fraction of the incomplete beta function, by Lentz's method.
    static func betaFraction(_ a: Double, _ b: Double, _ x: Double) -> Double {
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var fraction = d
        for term in 1...maximumTerms {
            let m = Double(term)
            let m2 = 2 * m
            var coefficient = m * (b - m) * x / ((a + m2 - 1) * (a + m2))
            d = 1 + coefficient * d
            if abs(d) < tiny { d = tiny }
            c = 1 + coefficient / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            fraction *= d * c
            coefficient = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1))
            d = 1 + coefficient * d
            if abs(d) < tiny { d = tiny }
            c = 1 + coefficient / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            fraction *= step
            if abs(step - 1) < precision { break }
        }
        return fraction
    }
}
