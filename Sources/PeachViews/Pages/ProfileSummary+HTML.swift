import PeachCore

extension ProfileSummary {
    /// The summary as three `<section>`s for the Profile page: detection threshold, pitch-matching
    /// accuracy and results by mode. Headings are `<h2>` under the page's `<h1>`, a mode's `<h3>`.
    ///
    /// Classes for the stylesheet: `profile-stats` (the `<dl>`s, one `<div>` per term),
    /// `trend` with `data-trend` (the arrow; its meaning is in a `visually-hidden` span),
    /// `profile-note` (the explanations under a list), `profile-empty-state` (the matching
    /// section without data), `profile-mode` with `data-mode` (one mode's heading and list).
    /// Lists rather than a table: they reflow at any text size on a phone.
    public var html: String {
        thresholdHTML + "\n" + matchingHTML + "\n" + modesHTML
    }

    /// Detection threshold: the last 20 days, all time, standard deviation, comparisons and (with
    /// enough data) the trend, then what they cover.
    public var thresholdHTML: String {
        let texts = Texts.of(language)
        var rows = [
            (texts.currentLevel, e(threshold.current)), (texts.allTime, e(threshold.mean)),
            (texts.standardDeviation, e(threshold.standardDeviation)), (texts.comparisons, e(threshold.comparisons)),
        ]
        if let trend = threshold.trend { rows.append((texts.trend, Self.trendHTML(trend))) }
        var html = section("profile-threshold", texts.thresholdHeading) + Self.list(rows)
        for note in [threshold.window, threshold.trendNote, threshold.scope].compactMap({ $0 }) {
            html += "<p class=\"profile-note\">\(e(note))</p>\n"
        }
        return html + "</section>"
    }

    /// Pitch-matching accuracy, or its empty state.
    public var matchingHTML: String {
        let texts = Texts.of(language)
        var html = section("profile-matching", texts.matchingHeading)
        if let matching {
            var rows = [
                (texts.currentLevel, e(matching.current)), (texts.meanAbsoluteError, e(matching.meanAbsoluteError)),
                (texts.standardDeviation, e(matching.standardDeviation)),
                (texts.attempts, e(matching.attempts)), (texts.tendency, e(matching.tendency)),
            ]
            if let trend = matching.trend { rows.append((texts.trend, Self.trendHTML(trend))) }
            html += Self.list(rows)
        } else {
            html += "<p class=\"profile-empty-state\">\(e(texts.matchingEmpty))</p>\n"
        }
        return html + "</section>"
    }

    /// One heading and list per training mode, after what the counts count.
    public var modesHTML: String {
        let texts = Texts.of(language)
        var html = section("profile-modes", texts.modesHeading)
        html += "<p class=\"profile-note\">\(e(texts.modesScope))</p>\n"
        for result in modes {
            let id = "profile-mode-\(result.mode.rawValue)"
            html += "<div class=\"profile-mode\" data-mode=\"\(result.mode.rawValue)\" role=\"group\""
            html += " aria-labelledby=\"\(id)\">\n<h3 id=\"\(id)\">\(e(result.name))</h3>\n"
            let current = e(result.current) + (result.trend.map { " " + Self.trendHTML($0) } ?? "")
            html += Self.list([
                (texts.currentLevel, current), (texts.allTime, e(result.meanAndDeviation)),
                (texts.exercises, e(result.exercises)),
            ])
            html += "</div>\n"
        }
        return html + "</section>"
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
