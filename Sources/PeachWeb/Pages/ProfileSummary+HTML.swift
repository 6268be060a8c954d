import PeachCore

extension ProfileSummary {
    /// The summary as three `<section>`s for the Profile page: detection threshold, pitch-matching
    /// accuracy and results by mode. Headings are `<h2>` under the page's `<h1>`.
    ///
    /// Classes for the stylesheet: `profile-stats` (the `<dl>`s, one `<div>` per term),
    /// `trend` with `data-trend` (the arrow; its meaning is in a `visually-hidden` span),
    /// `profile-empty-state` (the matching section without data), `profile-modes-table`.
    public var html: String {
        thresholdHTML + "\n" + matchingHTML + "\n" + modesHTML
    }

    /// Detection threshold: mean, standard deviation, comparisons and (with enough data) the trend.
    public var thresholdHTML: String {
        let texts = Texts.of(language)
        var rows = [
            (texts.mean, e(threshold.mean)), (texts.standardDeviation, e(threshold.standardDeviation)),
            (texts.comparisons, e(threshold.comparisons)),
        ]
        if let trend = threshold.trend { rows.append((texts.trend, Self.trendHTML(trend))) }
        return section("profile-threshold", texts.thresholdHeading) + Self.list(rows)
            + "<p class=\"profile-scope\">\(e(threshold.scope))</p>\n</section>"
    }

    /// Pitch-matching accuracy, or its empty state.
    public var matchingHTML: String {
        let texts = Texts.of(language)
        var html = section("profile-matching", texts.matchingHeading)
        if let matching {
            html += Self.list([
                (texts.meanAbsoluteError, e(matching.meanAbsoluteError)),
                (texts.standardDeviation, e(matching.standardDeviation)),
                (texts.attempts, e(matching.attempts)), (texts.tendency, e(matching.tendency)),
            ])
        } else {
            html += "<p class=\"profile-empty-state\">\(e(texts.matchingEmpty))</p>\n"
        }
        return html + "</section>"
    }

    /// One row per training mode.
    public var modesHTML: String {
        let texts = Texts.of(language)
        var html = section("profile-modes", texts.modesHeading)
        html += "<table class=\"profile-modes-table\">\n<thead><tr>"
        for header in [texts.modeColumn, texts.meanAndDeviationColumn, texts.exercisesColumn] {
            html += "<th scope=\"col\">\(e(header))</th>"
        }
        html += "</tr></thead>\n<tbody>\n"
        for result in modes {
            html += "<tr data-mode=\"\(result.mode.rawValue)\"><th scope=\"row\">\(e(result.name))</th>"
            // The trend follows the value in its cell: three columns fit a phone.
            html += "<td>\(e(result.meanAndDeviation))\(result.trend.map { " " + Self.trendHTML($0) } ?? "")</td>"
            html += "<td>\(e(result.exercises))</td></tr>\n"
        }
        return html + "</tbody>\n</table>\n</section>"
    }

    private func section(_ id: String, _ heading: String) -> String {
        "<section class=\"\(id)\" aria-labelledby=\"\(id)-heading\">\n<h2 id=\"\(id)-heading\">\(e(heading))</h2>\n"
    }

    /// Term–value pairs; values are HTML already.
    private static func list(_ rows: [(String, String)]) -> String {
        var html = "<dl class=\"profile-stats\">\n"
        for (term, value) in rows {
            html += "<div><dt>\(ProfileMarkup.escaped(term))</dt><dd>\(value)</dd></div>\n"
        }
        return html + "</dl>\n"
    }

    /// The arrow for the eyes, its meaning for screen readers.
    private static func trendHTML(_ trend: TrendIndicator) -> String {
        "<span class=\"trend\" data-trend=\"\(trend.trend.rawValue)\" aria-hidden=\"true\">\(trend.arrow)</span>"
            + "<span class=\"visually-hidden\">\(ProfileMarkup.escaped(trend.meaning))</span>"
    }

    private func e(_ text: String) -> String { ProfileMarkup.escaped(text) }
}
