import PeachCore

extension ProfileSummary {
    /// The summary as two `<section>`s for the Profile page: detection threshold and pitch
    /// matching. Headings are `<h2>` under the page's `<h1>`, a mode's `<h3>`.
    ///
    /// Classes for the stylesheet: `profile-stats` (the `<dl>`s, one `<div>` per term), `trend`
    /// with `data-trend` (the arrow, beside the trend's words), `profile-note` (the explanations),
    /// `profile-empty-state` (the matching section without data), `profile-mode` with
    /// `data-mode` (one mode's heading and list). Lists rather than a table: they reflow at any
    /// text size on a phone.
    public var html: String {
        thresholdHTML + "\n" + matchingHTML
    }

    /// Detection threshold: the explanation, each comparison mode, then what now, the trend, the
    /// band and the reference thresholds mean.
    public var thresholdHTML: String {
        let texts = Texts.of(language)
        var html = section("profile-threshold", texts.charts.thresholdHeading)
        html += note(texts.profile.thresholdExplanation)
        for mode in comparison {
            var rows = [
                Row(term: texts.profile.now, value: e(mode.now)),
                Row(term: texts.charts.allTime, value: e(mode.allTime)),
            ]
            if let trend = mode.trend { rows.append(Row(term: texts.charts.trend, value: Self.trendHTML(trend))) }
            rows.append(Row(term: texts.profile.answers, value: e(mode.answers)))
            rows += mode.intervals.map { Row(term: $0.term, value: e($0.value)) }
            html += group(mode.mode, mode.name, rows)
        }
        html += note(texts.profile.trendRule) + note(texts.profile.keyboardExplanation)
        html += note(
            texts.profile.referenceNote(
                texts.range(ReferenceThresholds.musicians), texts.range(ReferenceThresholds.nonMusicians)))
        return html + "</section>"
    }

    /// Pitch matching: the explanation and each matching mode, or the empty state.
    public var matchingHTML: String {
        let texts = Texts.of(language)
        var html = section("profile-matching", texts.charts.matchingHeading)
        if let matching {
            html += note(texts.profile.matchingExplanation)
            for mode in matching {
                html += group(mode.mode, mode.name, mode.rows.map { Row(term: $0.term, value: e($0.value)) })
            }
        } else {
            html += "<p class=\"profile-empty-state\">\(e(texts.charts.matchingEmpty))</p>\n"
        }
        return html + "</section>"
    }

    private func section(_ id: String, _ heading: String) -> String {
        "<section class=\"\(id)\" aria-labelledby=\"\(id)-heading\">\n<h2 id=\"\(id)-heading\">\(e(heading))</h2>\n"
    }

    private func note(_ text: String) -> String {
        "<p class=\"profile-note\">\(e(text))</p>\n"
    }

    /// One mode's heading and its rows; the values are HTML already.
    private func group(_ mode: TrainingMode, _ name: String, _ rows: [Row]) -> String {
        let id = "profile-mode-\(mode.rawValue)"
        var html = "<div class=\"profile-mode\" data-mode=\"\(mode.rawValue)\" role=\"group\""
        html += " aria-labelledby=\"\(id)\">\n<h3 id=\"\(id)\">\(e(name))</h3>\n<dl class=\"profile-stats\">\n"
        for row in rows {
            html += "<div><dt>\(e(row.term))</dt><dd>\(row.value)</dd></div>\n"
        }
        return html + "</dl>\n</div>\n"
    }

    /// The arrow for the eyes, then the words everyone reads.
    private static func trendHTML(_ trend: TrendIndicator) -> String {
        let arrow =
            trend.arrow.isEmpty
            ? ""
            : "<span class=\"trend\" data-trend=\"\(trend.trend.rawValue)\" aria-hidden=\"true\">\(trend.arrow)</span> "
        return arrow + ProfileMarkup.escaped(trend.words)
    }

    private func e(_ text: String) -> String { ProfileMarkup.escaped(text) }
}
