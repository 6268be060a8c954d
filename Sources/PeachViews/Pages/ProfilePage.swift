import PeachCore

/// The Profile page (DESIGN.md §5): the perceptual profile drawing, the detection threshold
/// with its trend, pitch-matching accuracy, progress over time and the results by mode, each
/// with its honest empty state.
///
/// A plain value built from the in-memory profile and the current note range; `render()` is a
/// function of it. No database query: the training service keeps the profile current.
public struct ProfilePage: Sendable {
    public var texts: Texts
    public var chart: ProfileChart
    public var summary: ProfileSummary
    public var timeline: TimelineChart

    /// - Complexity: O(notes in range + days with data · log days).
    public init(texts: Texts, profile: PerceptualProfile, range: NoteRange) {
        self.texts = texts
        chart = ProfileChart(profile: profile, range: range, language: texts.language, size: .full)
        summary = ProfileSummary(profile: profile, range: range, language: texts.language)
        timeline = TimelineChart(profile: profile, language: texts.language)
    }

    public func render() -> String {
        Layout(
            texts: texts, title: texts.profileTitle + " — " + texts.appName, page: "profile",
            navigation: [
                Layout.backToStart(texts),
                .init(route: .settings, label: texts.settings, icon: .settings),
            ]
        ).render(
            main: el(
                "main", ["id": "main"],
                el("h1", .text(texts.profileTitle)),
                el("div", ["class": "profile-figure"], .raw(chart.svg)),
                .raw(summary.thresholdHTML),
                .raw(summary.matchingHTML),
                el(
                    "section", ["class": "profile-timeline", "aria-labelledby": "profile-timeline-heading"],
                    el("h2", ["id": "profile-timeline-heading"], .text(texts.timelineHeading)),
                    el("div", ["class": "timeline-figure"], .raw(timeline.svg)),
                    .raw(timeline.recentDaysTable)
                ),
                .raw(summary.modesHTML)
            ))
    }
}
