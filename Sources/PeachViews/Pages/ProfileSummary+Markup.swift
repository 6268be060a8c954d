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
        (thresholdSection + "\n" + matchingSection + aboutSection).html
    }

    /// Detection threshold: one card per comparison mode — now, large, its range in plain words,
    /// the trend, the weekly sparkline — with every number (all time, answers, intervals) behind
    /// a disclosure.
    public var thresholdSection: Markup {
        let texts = Texts.of(language)
        var content: Markup = ""
        for mode in comparison {
            var rows = row(texts.profile.now, mode.now) + row(texts.charts.allTime, mode.allTime)
            if let trend = mode.trend { rows += row(texts.charts.trend, Self.trendMarkup(trend)) }
            rows += row(texts.profile.answers, mode.answers)
            for interval in mode.intervals { rows += row(interval.term, interval.value) }
            var card: Markup = ""
            if let headline = mode.headline, let likely = mode.likely {
                card += "<p class=\"profile-now\"><span class=\"profile-now-label\">\(texts.profile.now)</span> "
                card += "<span class=\"profile-now-value\">\(headline)</span></p>\n"
                card += "<p class=\"profile-likely\">\(likely)</p>\n"
            }
            if let trend = mode.trend {
                card += "<p class=\"profile-trend\">\(texts.charts.trend): \(Self.trendMarkup(trend))</p>\n"
            }
            if !mode.sparkline.html.isEmpty {
                card += "<div class=\"sparkline-figure\">\(mode.sparkline)</div>\n"
            }
            content += group(mode.mode, mode.name, card, rows)
        }
        return section("profile-threshold", texts.charts.thresholdHeading, content)
    }

    /// What the numbers are: the threshold, now and the trend, the band, the published
    /// thresholds, bias and spread — behind one "About these numbers" disclosure.
    public var aboutSection: Markup {
        let texts = Texts.of(language)
        var content = note(texts.profile.thresholdExplanation) + note(texts.profile.trendRule)
        content += note(texts.profile.keyboardExplanation)
        content += note(
            texts.profile.referenceNote(
                texts.range(ReferenceThresholds.musicians), texts.range(ReferenceThresholds.nonMusicians)))
        content += note(texts.profile.matchingExplanation)
        return """
            <details class="profile-about"><summary>\(texts.profile.aboutNumbers)</summary>
            \(content)</details>

            """
    }

    /// Pitch matching: a card per matching mode — the bias now, large, and which way it leans —
    /// with every number behind a disclosure, or the empty state.
    public var matchingSection: Markup {
        let texts = Texts.of(language)
        var content: Markup
        if let matching {
            content = ""
            for mode in matching {
                var rows: Markup = ""
                for row in mode.rows { rows += self.row(row.term, row.value) }
                var card: Markup = ""
                if let headline = mode.headline, let leaning = mode.leaning {
                    card += "<p class=\"profile-now\"><span class=\"profile-now-label\">"
                    card += "\(texts.profile.nowRow(texts.profile.bias))</span> "
                    card += "<span class=\"profile-now-value\">\(headline)</span></p>\n"
                    card += "<p class=\"profile-likely\">\(leaning)</p>\n"
                }
                content += group(mode.mode, mode.name, card, rows)
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

    /// One mode's card: its heading, the headline, and its rows behind a disclosure.
    private func group(_ mode: TrainingMode, _ name: String, _ card: Markup, _ rows: Markup) -> Markup {
        let texts = Texts.of(language)
        return """
            <div class="profile-mode profile-card" data-mode="\(mode.rawValue)" role="group" \
            aria-labelledby="profile-mode-\(mode.rawValue)">
            <h3 id="profile-mode-\(mode.rawValue)">\(name)</h3>
            \(card)<details class="profile-more"><summary>\(texts.profile.allNumbers)</summary>
            <dl class="profile-stats">
            \(rows)</dl>
            </details>
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
