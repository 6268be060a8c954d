import PeachCore

/// The hub: the four training modes (Comparison first and primary), the profile preview, and
/// Settings, Profile and Info.
public struct StartPage: Sendable {
    public var texts: Texts
    /// The small profile drawing; the link around it opens the Profile page.
    public var preview: ProfileChart

    public init(texts: Texts, preview: ProfileChart) {
        self.texts = texts
        self.preview = preview
    }

    /// The Start page of a profile over the current note range.
    public init(texts: Texts, profile: PerceptualProfile, range: NoteRange) {
        self.init(
            texts: texts, preview: ProfileChart(profile: profile, range: range, language: texts.language, size: .small))
    }

    public func render() -> String {
        Layout(
            texts: texts, title: texts.app.startTitle, route: .start,
            navigation: [
                .init(route: .settings, label: texts.app.settings, icon: .settings),
                .init(route: .profile, label: texts.charts.profileTitle, icon: .profile),
                .init(route: .info, label: texts.app.info, icon: .info),
            ]
        ).render(
            main: """
                <main id="main"><h1>\(texts.app.appName)</h1>\
                \(modeLink(.comparison, id: "start-comparison", primary: true))\
                \(modeLink(.pitchMatching, id: "start-pitch-matching"))<hr>\
                \(modeLink(.intervalComparison, id: "start-interval-comparison"))\
                \(modeLink(.intervalPitchMatching, id: "start-interval-pitch-matching"))\
                <a class="profile-preview" id="start-profile" href="\(PageRoute.profile.path)">\
                \(Markup(trusted: preview.svg))\(caption)</a></main>
                """)
    }

    /// The drawing's accessible name ("Your pitch profile. … Tap to view details.") names the
    /// link; it says the caption too, so the caption is hidden from it.
    private var caption: Markup {
        guard let caption = preview.caption else { return "" }
        return "<span class=\"profile-preview-caption\" aria-hidden=\"true\">\(caption)</span>"
    }

    private func modeLink(_ mode: TrainingMode, id: String, primary: Bool = false) -> Markup {
        """
        <a class="\(primary ? "button primary" : "button")" id="\(id)" href="\(PageRoute.training(mode).path)" \
        data-mode="\(mode.rawValue)">\(texts.name(of: mode))</a>
        """
    }
}
