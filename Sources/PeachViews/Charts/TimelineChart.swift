import PeachCore

/// Progress over time (DESIGN.md §4 "Timeline"): the mean |cent offset| of every comparison per
/// UTC calendar day as dots, and the 20-day rolling mean as a line, on the same logarithmic
/// cents axis as the profile chart, with dates below. A plain value: `svg` and
/// `recentDaysTable` are functions of it, byte for byte.
///
/// **Text alternative.** The `<svg>` is an image whose accessible name is `summary` (days,
/// span, rolling mean at the start and now — the shape a sighted user takes from the chart);
/// `recentDaysTable` adds the last days' numbers in a collapsed `<details>` table, which a
/// screen-reader user can browse cell by cell (and anyone can open).
///
/// **Drawing rules.** Days are placed by date, so gaps in training show as gaps. The rolling
/// line breaks where two training days are 20 or more days apart: their windows share no
/// answer. Dots are zero-length path segments with round caps — one `<path>` for all days, so a
/// year of daily training stays a few kilobytes.
///
/// | class | element | default |
/// |---|---|---|
/// | `timeline-chart` | the `<svg>` | — |
/// | `timeline-grid`, `timeline-axis` | gridlines; axis and date labels | as `profile-grid`, `profile-axis` |
/// | `timeline-days` | the daily-mean dots (a stroked path) | stroke `#4a90e2`, 0.6 opacity |
/// | `timeline-rolling` | the 20-day mean line | stroke `#08306b` |
/// | `timeline-legend` | the legend texts | fill `currentColor` |
/// | `timeline-empty` | the empty state's text | fill `currentColor` |
/// | `timeline-details`, `timeline-table` | the `<details>` and its `<table>` | — |
public struct TimelineChart: Hashable, Sendable {
    /// How many of the most recent days the table lists.
    public static let recentDayCount = 7
    /// Beyond this span, axis labels name months instead of days.
    static let dayLabelSpan = 180

    /// Days with data, oldest first.
    public var days: [TimelineDay]
    public var language: Language

    public init(days: [TimelineDay], language: Language) {
        self.days = days
        self.language = language
    }

    /// The timeline of every comparison in the profile.
    /// - Complexity: O(d log d) for d days with data.
    public init(profile: PerceptualProfile, language: Language) {
        self.init(days: profile.comparison.history.timeline, language: language)
    }

    /// One sentence saying what the chart shows.
    public var summary: String {
        let texts = Texts.of(language)
        guard let first = days.first, let last = days.last else { return texts.timelineEmpty + "." }
        let trainingDays = texts.trainingDays(days.count, shown: texts.grouped(days.count))
        return texts.timelineSummary(
            trainingDays, texts.longDate(first.day), texts.longDate(last.day),
            texts.decimal(first.rollingMean), texts.decimal(last.rollingMean))
    }

    /// The chart as an `<svg>` element.
    /// - Complexity: O(d) for d days.
    public var svg: String {
        let texts = Texts.of(language)
        // The same width as the profile drawing, for the same reason (labels readable on a phone).
        let (width, height, left, right, top, bottom) = (480.0, 180.0, 40.0, 470.0, 28.0, 150.0)
        let scale = CentsScale(top: top, bottom: bottom)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(n(width)) \(n(height))\""
        svg += " class=\"timeline-chart\" role=\"img\" aria-label=\"\(ProfileMarkup.escaped(summary))\">\n"

        var grid = "<g class=\"timeline-grid\" stroke=\"#8e8e93\" stroke-opacity=\"0.4\" stroke-width=\"0.5\">\n"
        var labels = "<g class=\"timeline-axis\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
        labels += " font-size=\"11\" text-anchor=\"end\">\n"
        for value in CentsScale.decades {
            let y = n(scale.y(value))
            grid += "<line x1=\"\(n(left))\" y1=\"\(y)\" x2=\"\(n(right))\" y2=\"\(y)\"/>\n"
            labels += "<text x=\"\(n(left - 4))\" y=\"\(y)\" dy=\"0.35em\">\(texts.axisValue(value))</text>\n"
        }
        let middle = n((top + bottom) / 2)
        labels += "<text transform=\"rotate(-90)\" x=\"-\(middle)\" y=\"10\" text-anchor=\"middle\">"
        labels += "\(ProfileMarkup.escaped(texts.centsAxisTitle))</text>\n"

        guard let firstDay = days.first?.day.daysSince1970, let lastDay = days.last?.day.daysSince1970
        else {
            svg += grid + "</g>\n" + labels + "</g>\n"
            svg += "<text class=\"timeline-empty\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\""
            svg += " font-size=\"12\" text-anchor=\"middle\" x=\"\(n((left + right) / 2))\" y=\"\(middle)\">"
            return svg + "\(ProfileMarkup.escaped(texts.timelineEmpty))</text>\n</svg>"
        }

        // Dots keep 8 units from the axis ends so their caps are not clipped by the labels.
        let (dotLeft, dotRight) = (left + 8, right - 8)
        let span = lastDay - firstDay
        func x(_ day: Int) -> Double {
            span == 0
                ? (dotLeft + dotRight) / 2 : dotLeft + Double(day - firstDay) / Double(span) * (dotRight - dotLeft)
        }

        // Date labels: up to five, evenly spread over the span, at whole days.
        let tickCount = min(5, span + 1)
        for index in 0..<tickCount {
            let day =
                tickCount == 1 ? firstDay : firstDay + Int((Double(index * span) / Double(tickCount - 1)).rounded())
            let date = CalendarDay(daysSince1970: day)
            let text = span > Self.dayLabelSpan ? texts.monthYear(date) : texts.shortDate(date)
            let anchor = tickCount == 1 ? "middle" : index == 0 ? "start" : index == tickCount - 1 ? "end" : "middle"
            labels += "<text x=\"\(n(x(day)))\" y=\"\(n(bottom + 20))\" text-anchor=\"\(anchor)\">"
            labels += "\(ProfileMarkup.escaped(text))</text>\n"
        }
        svg += grid + "</g>\n" + labels + "</g>\n"

        var dots = ""
        var rolling = ""
        var previousDay: Int?
        for entry in days {
            let day = entry.day.daysSince1970
            let position = n(x(day))
            dots += "M\(position) \(n(scale.y(entry.mean)))h0"
            let joins = previousDay.map { day - $0 < TimelineDay.rollingWindowDays } ?? false
            rolling += (joins ? "L" : "M") + "\(position) \(n(scale.y(entry.rollingMean)))"
            previousDay = day
        }
        svg += "<path class=\"timeline-days\" fill=\"none\" stroke=\"#4a90e2\" stroke-opacity=\"0.6\""
        svg += " stroke-width=\"5\" stroke-linecap=\"round\" d=\"\(dots)\"/>\n"
        svg += "<path class=\"timeline-rolling\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"2\""
        svg += " stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"\(rolling)\"/>\n"

        // Legend above the plot: a dot for the daily mean, a line for the rolling mean.
        svg += "<path class=\"timeline-days\" fill=\"none\" stroke=\"#4a90e2\" stroke-opacity=\"0.6\""
        svg += " stroke-width=\"5\" stroke-linecap=\"round\" d=\"M\(n(left + 6)) 11h0\"/>\n"
        svg += "<path class=\"timeline-rolling\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"2\""
        svg += " stroke-linecap=\"round\" d=\"M\(n(left + 150)) 11h16\"/>\n"
        svg +=
            "<g class=\"timeline-legend\" fill=\"currentColor\" font-family=\"system-ui, sans-serif\" font-size=\"11\">\n"
        svg += "<text x=\"\(n(left + 14))\" y=\"11\" dy=\"0.35em\">\(ProfileMarkup.escaped(texts.dailyMean))</text>\n"
        svg +=
            "<text x=\"\(n(left + 172))\" y=\"11\" dy=\"0.35em\">\(ProfileMarkup.escaped(texts.rollingMean))</text>\n"
        return svg + "</g>\n</svg>"
    }

    /// The most recent days (newest first) as a table in a collapsed `<details>`; empty without data.
    public var recentDaysTable: String {
        guard !days.isEmpty else { return "" }
        let texts = Texts.of(language)
        var html =
            "<details class=\"timeline-details\">\n<summary>\(ProfileMarkup.escaped(texts.recentDays))</summary>\n"
        html += "<table class=\"timeline-table\">\n<thead><tr>"
        for header in [texts.dateColumn, texts.comparisons, texts.dailyMean, texts.rollingMean] {
            html += "<th scope=\"col\">\(ProfileMarkup.escaped(header))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for day in days.suffix(Self.recentDayCount).reversed() {
            html += "<tr><th scope=\"row\">\(ProfileMarkup.escaped(texts.longDate(day.day)))</th>"
            html += "<td>\(texts.grouped(day.count))</td>"
            html += "<td>\(ProfileMarkup.escaped(texts.cents(day.mean)))</td>"
            html += "<td>\(ProfileMarkup.escaped(texts.cents(day.rollingMean)))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</details>"
    }

    private func n(_ value: Double) -> String { ProfileMarkup.number(value) }
}
