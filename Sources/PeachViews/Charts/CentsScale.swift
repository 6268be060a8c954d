import PeachCore

/// The vertical axis of the profile and timeline charts: cents on a logarithmic scale from
/// 0.1 to 100, the bounds of the adaptive chain (`KazezChain`), with 100 at the top and 0.1 at
/// the bottom, so that finer hearing moves the band down toward the keys.
struct CentsScale {
    static let minimum = KazezChain.minimumMagnitude
    static let maximum = KazezChain.maximumMagnitude
    /// Where the axis is labelled: one gridline per decade.
    static let decades: [Cents] = [0.1, 1, 10, 100]

    /// The y coordinate of `maximum`.
    let top: Double
    /// The y coordinate of `minimum`.
    let bottom: Double
    /// The values at `bottom` and at `top`: the chain's whole span, unless a chart draws a part
    /// of it (`spanning`).
    var lowest: Cents = Self.minimum
    var highest: Cents = Self.maximum

    /// The smallest span `spanning` draws, as the ratio of its ends: a decade, so that a few
    /// weeks of noise of a cent or two do not fill a small chart.
    static let smallestSpan = 10.0
    /// How far `spanning` draws beyond its values at either end, as a ratio, so that no line
    /// runs along the chart's edge.
    static let margin = 1.25

    /// The scale from `bottom` to `top` that spans `values` with a `margin`, at least a decade
    /// (`smallestSpan`, around their geometric middle) and within the chain's span. A sparkline
    /// 36 points high on the whole span (three decades) draws three months of improvement from
    /// 14 to 7 cents as a rise of 3.5 points; on those values and the reference bands (2–20
    /// cents), of 9.
    /// - Complexity: O(values).
    static func spanning(_ values: [Cents], top: Double, bottom: Double) -> CentsScale {
        let (floor, ceiling) = (minimum.value, maximum.value)
        var low = values.reduce(ceiling) { min($0, max($1.value, floor)) }
        var high = values.reduce(floor) { max($0, min($1.value, ceiling)) }
        if low > high { (low, high) = (floor, ceiling) }
        low /= margin
        high *= margin
        if high / low < smallestSpan {
            let (middle, half) = ((low * high).squareRoot(), smallestSpan.squareRoot())
            (low, high) = (middle / half, middle * half)
        }
        if low < floor { (low, high) = (floor, high * floor / low) }
        if high > ceiling { (low, high) = (max(low * ceiling / high, floor), ceiling) }
        return CentsScale(top: top, bottom: bottom, lowest: Cents(low), highest: Cents(high))
    }

    /// The y coordinate of `cents`.
    ///
    /// Values outside `lowest`…`highest` (0.1…100 unless the chart draws a part) are clamped to
    /// the nearest bound: the chain never leaves that span, but imported data may (a cent offset
    /// of 0 has no logarithm at all), and a band that ran off the chart would hide more than the
    /// clamp does. The summary statistics still show the exact values.
    /// - Complexity: O(1).
    func y(_ cents: Cents) -> Double {
        let clamped = min(max(cents, lowest), highest).value
        let fraction = Math.log10(clamped / lowest.value) / Math.log10(highest.value / lowest.value)
        return bottom - fraction * (bottom - top)
    }

    /// The axis of a chart whose plot runs from `left` to `right`: the decades' gridlines and
    /// their labels with the axis title, each in a group of `class` `<chart>-grid` and
    /// `<chart>-axis`, left open for the chart to add its own lines and labels (the timeline's
    /// weeks) before closing them.
    func axis(of chart: String, left: Double, right: Double, _ texts: Texts) -> (grid: Markup, labels: Markup) {
        let n = ProfileMarkup.number
        var grid: Markup =
            "<g class=\"\(chart)-grid\" stroke=\"#8e8e93\" stroke-opacity=\"0.4\" stroke-width=\"0.5\">\n"
        var labels: Markup = "<g class=\"\(chart)-axis\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
        labels += " font-size=\"11\" text-anchor=\"end\">\n"
        for value in Self.decades {
            let y = n(self.y(value))
            grid += "<line x1=\"\(n(left))\" y1=\"\(y)\" x2=\"\(n(right))\" y2=\"\(y)\"/>\n"
            labels += "<text x=\"\(n(left - 4))\" y=\"\(y)\" dy=\"0.35em\">\(texts.axisValue(value))</text>\n"
        }
        labels += "<text transform=\"rotate(-90)\" x=\"-\(n((top + bottom) / 2))\" y=\"10\" text-anchor=\"middle\">"
        labels += "\(texts.charts.centsAxisTitle)</text>\n"
        return (grid, labels)
    }
}
