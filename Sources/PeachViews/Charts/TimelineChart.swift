import PeachCore

/// Progress over time (docs/pages.md, "Profile page") of one comparison mode: its threshold per
/// calendar week from the first week, each week from that week's answers alone, as a dot with its
/// 95 % interval as a bar, on the same logarithmic cents axis as the profile chart, with dates
/// below. Behind the Comparison mode's weeks, two quiet bands show the published thresholds of
/// musicians and non-musicians (`ReferenceThresholds`). A plain value: `svg` and `recentWeeksTable`
/// are functions of it, byte for byte.
///
/// **Text alternative.** The `<svg>` is an image whose accessible name is `summary` (weeks, span,
/// the first and the last week's estimate with its interval, the reference bands);
/// `recentWeeksTable` adds the last weeks' numbers in a collapsed `<details>` table.
///
/// **Drawing rules.** Weeks are placed by date, so gaps in training show as gaps. A week with
/// few answers has a long bar: the estimate says how well it is known. Bars and dots are one
/// `<path>` each, so years of weekly points stay a few kilobytes.
///
/// | class | element | default |
/// |---|---|---|
/// | `timeline-chart` | the `<svg>` | — |
/// | `timeline-grid`, `timeline-axis` | gridlines; axis and date labels | as `profile-grid`, `profile-axis` |
/// | `timeline-reference` | `<g>` of the two reference bands | fill `#8e8e93`, 0.18 opacity |
/// | `timeline-reference-labels` | their labels | fill `currentColor` |
/// | `timeline-intervals` | the weeks' interval bars (a stroked path) | stroke `#4a90e2` |
/// | `timeline-weeks` | the weeks' estimates as dots (a stroked path) | stroke `#08306b` |
/// | `timeline-legend` | the legend text | fill `currentColor` |
/// | `timeline-empty` | the empty state's text | fill `currentColor` |
/// | `timeline-details`, `timeline-table` | the `<details>` and its `<table>` | — |
public struct TimelineChart: Hashable, Sendable {
    /// How many of the most recent weeks the table lists.
    public static let recentWeekCount = 8
    /// Beyond this span of weeks, axis labels name months instead of days.
    static let dayLabelSpan = 26

    /// One week's estimate.
    public struct Week: Hashable, Sendable {
        /// As `CalendarWeek` counts them.
        public var week: Int
        public var estimate: ThresholdEstimate

        public init(week: Int, estimate: ThresholdEstimate) {
            self.week = week
            self.estimate = estimate
        }
    }

    public var mode: TrainingMode
    /// Weeks with answers, oldest first.
    public var weeks: [Week]
    public var language: Language

    public init(mode: TrainingMode, weeks: [Week], language: Language) {
        self.mode = mode
        self.weeks = weeks
        self.language = language
    }

    /// The timeline of a comparison mode of the profile.
    /// - Complexity: one posterior per week with answers.
    public init(profile: PerceptualProfile, mode: TrainingMode, language: Language) {
        self.init(
            mode: mode,
            weeks: profile.comparisonStatistics(mode).weeklyEstimates.map {
                Week(week: $0.week, estimate: $0.estimate)
            },
            language: language)
    }

    /// Whether the published thresholds are drawn: they were measured for notes heard one after
    /// the other at the same pitch, as the Comparison mode plays them.
    var showsReference: Bool {
        switch mode {
        case .comparison: true
        case .pitchMatching, .intervalComparison, .intervalPitchMatching, .rhythmOffsetDetection,
            .continuousRhythmMatching:
            false
        }
    }

    /// One sentence saying what the chart shows.
    public var summary: String {
        let texts = Texts.of(language)
        guard let first = weeks.first, let last = weeks.last else { return texts.charts.timelineEmpty + "." }
        let firstMonday = texts.longDate(CalendarWeek.monday(of: first.week))
        var summary =
            weeks.count == 1
            ? texts.profile.oneWeekSummary(texts.name(of: mode), firstMonday, texts.spokenEstimate(first.estimate))
            : texts.profile.timelineSummary(
                texts.name(of: mode), texts.profile.trainingWeeks(weeks.count, shown: texts.grouped(weeks.count)),
                firstMonday, texts.longDate(CalendarWeek.monday(of: last.week)), texts.spokenEstimate(first.estimate),
                texts.spokenEstimate(last.estimate))
        if showsReference {
            summary += texts.profile.referenceSummary(
                texts.range(ReferenceThresholds.musicians), texts.range(ReferenceThresholds.nonMusicians))
        }
        return summary
    }

    /// The chart as an `<svg>` element.
    /// - Complexity: O(weeks).
    public var svg: Markup {
        let texts = Texts.of(language)
        // The same width as the profile drawing, for the same reason (labels readable on a phone).
        let (width, height, left, right, top, bottom) = (480.0, 180.0, 40.0, 470.0, 28.0, 150.0)
        let scale = CentsScale(top: top, bottom: bottom)
        var svg: Markup = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        svg += " class=\"timeline-chart\" role=\"img\" aria-label=\"\(summary)\">\n"

        var (grid, labels) = scale.axis(of: "timeline", left: left, right: right, texts)
        let middle = n((top + bottom) / 2)

        guard let firstWeek = weeks.first?.week, let lastWeek = weeks.last?.week else {
            svg += grid + "</g>\n" + labels + "</g>\n"
            svg += "<text class=\"timeline-empty\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
            svg += " font-size=\"12\" text-anchor=\"middle\" x=\"\(n((left + right) / 2))\" y=\"\(middle)\">"
            return svg + "\(texts.charts.timelineEmpty)</text>\n</svg>"
        }

        // Dots keep 8 units from the axis ends so their caps are not clipped by the labels.
        let (dotLeft, dotRight) = (left + 8, right - 8)
        let span = lastWeek - firstWeek
        func x(_ week: Int) -> Double {
            span == 0
                ? (dotLeft + dotRight) / 2 : dotLeft + Double(week - firstWeek) / Double(span) * (dotRight - dotLeft)
        }

        // Date labels: up to five Mondays, evenly spread over the span.
        let tickCount = min(5, span + 1)
        for index in 0..<tickCount {
            let week =
                tickCount == 1 ? firstWeek : firstWeek + Int((Double(index * span) / Double(tickCount - 1)).rounded())
            let date = CalendarWeek.monday(of: week)
            let text = span > Self.dayLabelSpan ? texts.monthYear(date) : texts.shortDate(date)
            let anchor = tickCount == 1 ? "middle" : index == 0 ? "start" : index == tickCount - 1 ? "end" : "middle"
            labels += "<text x=\"\(n(x(week)))\" y=\"\(n(bottom + 20))\" text-anchor=\"\(anchor)\">"
            labels += "\(text)</text>\n"
        }
        svg += grid + "</g>\n"
        if showsReference { svg += reference(scale, left: left, right: right, texts) }
        svg += labels + "</g>\n"

        var bars = ""
        var dots = ""
        for entry in weeks {
            let position = n(x(entry.week))
            bars += "M\(position) \(n(scale.y(entry.estimate.upper)))V\(n(scale.y(entry.estimate.lower)))"
            dots += "M\(position) \(n(scale.y(entry.estimate.threshold)))h0"
        }
        svg += "<path class=\"timeline-intervals\" fill=\"none\" stroke=\"#4a90e2\" stroke-width=\"3\""
        svg += " stroke-linecap=\"round\" d=\"\(bars)\"/>\n"
        svg += "<path class=\"timeline-weeks\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"6\""
        svg += " stroke-linecap=\"round\" d=\"\(dots)\"/>\n"

        // Legend above the plot: a bar with its dot, and what they are.
        svg += "<path class=\"timeline-intervals\" fill=\"none\" stroke=\"#4a90e2\" stroke-width=\"3\""
        svg += " stroke-linecap=\"round\" d=\"M\(n(left + 6)) 5V17\"/>\n"
        svg += "<path class=\"timeline-weeks\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"6\""
        svg += " stroke-linecap=\"round\" d=\"M\(n(left + 6)) 11h0\"/>\n"
        svg +=
            "<g class=\"timeline-legend\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n"
        svg += "<text x=\"\(n(left + 16))\" y=\"11\" dy=\"0.35em\">"
        svg += "\(texts.profile.weeklyLegend)</text>\n"
        return svg + "</g>\n</svg>"
    }

    /// The mode card's weekly sparkline: the weeks' thresholds as a line (the last week a dot),
    /// over the two reference bands for the Comparison mode, on a logarithmic axis that spans
    /// them (`CentsScale.spanning`: a small chart on the whole axis draws months of progress
    /// flat), no labels. Its accessible name is `summary`, the sentence the full timeline has.
    /// Empty without weeks.
    /// - Complexity: O(weeks).
    public var sparkline: Markup {
        guard let firstWeek = weeks.first?.week, let lastWeek = weeks.last?.week else { return "" }
        let (width, height, left, right, top, bottom) = (160.0, 40.0, 3.0, 157.0, 2.0, 38.0)
        var drawn = weeks.map { $0.estimate.threshold }
        if showsReference {
            drawn += [ReferenceThresholds.musicians.lowerBound, ReferenceThresholds.nonMusicians.upperBound]
        }
        let scale = CentsScale.spanning(drawn, top: top, bottom: bottom)
        let span = lastWeek - firstWeek
        func x(_ week: Int) -> Double {
            span == 0 ? right : left + Double(week - firstWeek) / Double(span) * (right - left)
        }
        var svg: Markup = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        svg += " class=\"sparkline\" role=\"img\" aria-label=\"\(summary)\">\n"
        if showsReference {
            svg += "<g class=\"timeline-reference\" fill=\"#8e8e93\" fill-opacity=\"0.18\">\n"
            for range in [ReferenceThresholds.musicians, ReferenceThresholds.nonMusicians] {
                let (high, low) = (scale.y(range.upperBound), scale.y(range.lowerBound))
                svg += "<rect x=\"0\" y=\"\(n(high))\" width=\"\(n(width))\" height=\"\(n(low - high))\"/>\n"
            }
            svg += "</g>\n"
        }
        var line = ""
        for (index, entry) in weeks.enumerated() {
            line += (index == 0 ? "M" : "L") + "\(n(x(entry.week))) \(n(scale.y(entry.estimate.threshold)))"
        }
        svg += "<path class=\"sparkline-line\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"1.5\""
        svg += " stroke-linejoin=\"round\" stroke-linecap=\"round\" d=\"\(line)\"/>\n"
        let last = weeks[weeks.count - 1]
        svg +=
            "<path class=\"timeline-weeks\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"5\" stroke-linecap=\"round\""
        svg += " d=\"M\(n(x(last.week))) \(n(scale.y(last.estimate.threshold)))h0\"/>\n"
        return svg + "</svg>"
    }

    /// The published thresholds as two quiet bands across the plot, each labelled at its right end.
    private func reference(_ scale: CentsScale, left: Double, right: Double, _ texts: Texts) -> Markup {
        let bands = [
            (ReferenceThresholds.musicians, texts.profile.musicians),
            (ReferenceThresholds.nonMusicians, texts.profile.nonMusicians),
        ]
        var rects: Markup = "<g class=\"timeline-reference\" fill=\"#8e8e93\" fill-opacity=\"0.18\">\n"
        var names: Markup =
            "<g class=\"timeline-reference-labels\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
        names += " font-size=\"10\" text-anchor=\"end\">\n"
        for (range, name) in bands {
            let (high, low) = (scale.y(range.upperBound), scale.y(range.lowerBound))
            rects +=
                "<rect x=\"\(n(left))\" y=\"\(n(high))\" width=\"\(n(right - left))\" height=\"\(n(low - high))\"/>\n"
            names += "<text x=\"\(n(right - 2))\" y=\"\(n((high + low) / 2))\" dy=\"0.35em\">"
            names += "\(name)</text>\n"
        }
        return rects + "</g>\n" + names + "</g>\n"
    }

    /// The most recent weeks (newest first) as a table in a collapsed `<details>`; empty without data.
    public var recentWeeksTable: Markup {
        guard !weeks.isEmpty else { return "" }
        let texts = Texts.of(language)
        var html: Markup = "<details class=\"timeline-details\">\n<summary>"
        html += "\(texts.profile.recentWeeks)</summary>\n"
        html += "<table class=\"timeline-table\">\n<thead><tr>"
        for header in [texts.profile.weekColumn, texts.profile.answers, texts.profile.thresholdColumn] {
            html += "<th scope=\"col\">\(header)</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for entry in weeks.suffix(Self.recentWeekCount).reversed() {
            html +=
                "<tr><th scope=\"row\">\(texts.longDate(CalendarWeek.monday(of: entry.week)))"
            html += "</th><td>\(texts.grouped(entry.estimate.answers))</td>"
            html += "<td>\(texts.estimate(entry.estimate))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>"
    }

    private func n(_ value: Double) -> String { ProfileMarkup.number(value) }
}
