import PeachCore

/// The hub: what Peach is for in one line, the profile preview, and the six training modes in
/// three groups (pitch, intervals, rhythm), each with a line on what it does — Comparison first
/// and primary, in thumb reach at the bottom —, and Settings, Profile and Info.
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
        let pitch = group("start-pitch-modes", texts.guide.pitchModes, .pitch)
        let intervals = group("start-interval-modes", texts.guide.intervalModes, .interval)
        let rhythm = group("start-rhythm-modes", texts.guide.rhythmModes, .rhythm)
        return Layout(
            texts: texts, title: texts.app.startTitle, route: .start,
            navigation: [
                .init(route: .settings, label: texts.app.settings, icon: .settings),
                .init(route: .profile, label: texts.charts.profileTitle, icon: .profile),
                .init(route: .info, label: texts.app.info, icon: .info),
            ]
        ).render(
            main: """
                <main id="main" class="start"><h1>\(texts.app.appName)</h1>\
                <p class="start-purpose">\(texts.guide.purpose)</p>\
                <a class="profile-preview" id="start-profile" href="\(PageRoute.profile.path)">\
                \(preview.svg)\(caption)</a>\
                <div class="start-modes">\(pitch)<hr>\(intervals)<hr>\(rhythm)</div></main>
                """)
    }

    /// The drawing's accessible name ("Your pitch profile. … Tap to view details.") names the
    /// link; it says the caption too, so the caption is hidden from it.
    private var caption: Markup {
        guard let caption = preview.caption else { return "" }
        return "<span class=\"profile-preview-caption\" aria-hidden=\"true\">\(caption)</span>"
    }

    /// A group of modes under its heading: the purpose of Start is to pick one, so the page ends
    /// with them, in the lower part of a phone's screen where the thumb reaches; Comparison, the
    /// first, is the large primary button.
    private func group(_ id: String, _ heading: String, _ family: TrainingMode.Family) -> Markup {
        let modes = TrainingMode.allCases.filter { $0.family == family }
        return """
            <section class="start-group" aria-labelledby="\(id)"><h2 id="\(id)">\(heading)</h2>\
            \(modes.map { modeLink($0, primary: $0 == TrainingMode.allCases.first) })</section>
            """
    }

    /// The mode's button, and under it one line on what you hear and what you do: the button's
    /// description (`aria-describedby`), so that its name stays the mode's. Its id is its
    /// address's: `start-comparison` for `/comparison`.
    private func modeLink(_ mode: TrainingMode, primary: Bool) -> Markup {
        // By the address's bytes: `dropFirst()` on the text would count characters, which pulls
        // Unicode's grapheme tables into the wasm core.
        let id = "start-" + String(decoding: PageRoute.training(mode).path.utf8.dropFirst(), as: UTF8.self)
        return """
            <a class="\(primary ? "button primary" : "button")" id="\(id)" href="\(PageRoute.training(mode).path)" \
            data-mode="\(mode.rawValue)" aria-describedby="\(id)-summary">\(texts.name(of: mode))</a>\
            <p class="mode-summary" id="\(id)-summary">\(texts.guide.summary(of: mode))</p>
            """
    }
}
