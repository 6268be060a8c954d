import PeachCore

/// The Profile page (docs/pages.md, docs/measurement.md), a dashboard: a card per mode (now,
/// large, its range in plain words, the trend and a weekly sparkline; every number behind a
/// disclosure), then the perceptual profile drawing, the weekly timeline of each comparison mode
/// trained, and the method behind "About these numbers", each with its honest empty state.
///
/// A plain value built from the in-memory profile and the current note range; `render()` is a
/// function of it. No database query: the server's history keeps the profile current.
public struct ProfilePage: Sendable {
    public var texts: Texts
    public var chart: ProfileChart
    public var summary: ProfileSummary
    /// One per comparison mode with answers; the Comparison mode's empty timeline without any.
    public var timelines: [TimelineChart]

    /// - Complexity: two posteriors per trained note of the range, a few per mode, one per
    ///   interval and tuning system trained and one per week with answers.
    public init(texts: Texts, profile: PerceptualProfile, range: NoteRange) {
        self.texts = texts
        chart = ProfileChart(profile: profile, range: range, language: texts.language, size: .full)
        summary = ProfileSummary(profile: profile, language: texts.language)
        let trained = [TrainingMode.comparison, .intervalComparison].filter {
            profile.comparisonStatistics($0).count > 0
        }
        timelines = (trained.isEmpty ? [.comparison] : trained).map {
            TimelineChart(profile: profile, mode: $0, language: texts.language)
        }
    }

    public func render() -> String {
        var timelineFigures: Markup = ""
        for timeline in timelines { timelineFigures += figure(timeline) }
        return Layout(
            texts: texts, title: texts.charts.profileTitle + " — " + texts.app.appName, route: .profile,
            navigation: [
                Layout.backToStart(texts),
                .init(route: .settings, label: texts.app.settings, icon: .settings),
            ]
        ).render(
            main: """
                <main id="main"><h1>\(texts.charts.profileTitle)</h1>\
                \(summary.thresholdSection)\(summary.matchingSection)\
                <div class="profile-figure">\(chart.svg)</div>\
                <section class="profile-timeline" aria-labelledby="profile-timeline-heading">\
                <h2 id="profile-timeline-heading">\(texts.charts.timelineHeading)</h2>\(timelineFigures)</section>\
                \(summary.aboutSection)</main>
                """)
    }

    /// A timeline under its mode's name (only when there are two or the mode is not the
    /// Comparison one), with its table.
    private func figure(_ timeline: TimelineChart) -> Markup {
        let heading: Markup =
            timelines.count > 1 || timeline.mode != .comparison ? "<h3>\(texts.name(of: timeline.mode))</h3>" : ""
        return """
            \(heading)<div class="timeline-figure" data-mode="\(timeline.mode.rawValue)">\
            \(timeline.svg)</div>\(timeline.recentWeeksTable)
            """
    }
}
