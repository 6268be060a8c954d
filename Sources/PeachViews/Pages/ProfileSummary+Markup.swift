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
        (thresholdSection + "\n" + matchingSection).html
    }

    /// Detection threshold: the explanation, each comparison mode, then what now, the trend, the
    /// band and the reference thresholds mean.
    public var thresholdSection: Markup {
        let texts = Texts.of(language)
        var content = note(texts.profile.thresholdExplanation)
        for mode in comparison {
            var rows = row(texts.profile.now, mode.now) + row(texts.charts.allTime, mode.allTime)
            if let trend = mode.trend { rows += row(texts.charts.trend, Self.trendMarkup(trend)) }
            rows += row(texts.profile.answers, mode.answers)
            for interval in mode.intervals { rows += row(interval.term, interval.value) }
            content += group(mode.mode, mode.name, rows)
        }
        content += note(texts.profile.trendRule) + note(texts.profile.keyboardExplanation)
        content += note(
            texts.profile.referenceNote(
                texts.range(ReferenceThresholds.musicians), texts.range(ReferenceThresholds.nonMusicians)))
        return section("profile-threshold", texts.charts.thresholdHeading, content)
    }

    /// Pitch matching: the explanation and each matching mode, or the empty state.
    public var matchingSection: Markup {
        let texts = Texts.of(language)
        var content: Markup
        if let matching {
            content = note(texts.profile.matchingExplanation)
            for mode in matching {
                var rows: Markup = ""
                for row in mode.rows { rows += self.row(row.term, row.value) }
                content += group(mode.mode, mode.name, rows)
            }
        } else {
            content = "<p class=\"profile-empty-state\">\(texts.charts.matchingEmpty)</p>\n"
        }
        return section("profile-matching", texts.charts.matchingHeading, content)
    }

    private func section(_ id: String, _ heading: String, _ content: Markup) -> Markup {
        """
        <section class="\(id)" aria-labelledby="\(id)-heading">
        <h2 id="\(id)-heading">\(heading)</h2>
        \(content)</section>
        """
    }

    private func note(_ text: String) -> Markup {
        "<p class=\"profile-note\">\(text)</p>\n"
    }

    /// One mode's heading and its rows.
    private func group(_ mode: TrainingMode, _ name: String, _ rows: Markup) -> Markup {
        """
        <div class="profile-mode" data-mode="\(mode.rawValue)" role="group" \
        aria-labelledby="profile-mode-\(mode.rawValue)">
        <h3 id="profile-mode-\(mode.rawValue)">\(name)</h3>
        <dl class="profile-stats">
        \(rows)</dl>
        </div>

        """
    }

    private func row(_ term: String, _ value: String) -> Markup {
        let escaped: Markup = "\(value)"
        return row(term, escaped)
    }

    private func row(_ term: String, _ value: Markup) -> Markup {
        "<div><dt>\(term)</dt><dd>\(value)</dd></div>\n"
    }

    /// The arrow for the eyes, then the words everyone reads.
    private static func trendMarkup(_ trend: TrendIndicator) -> Markup {
        guard !trend.arrow.isEmpty else { return "\(trend.words)" }
        return """
            <span class="trend" data-trend="\(trend.trend.rawValue)" aria-hidden="true">\(trend.arrow)</span> \
            \(trend.words)
            """
    }
}
