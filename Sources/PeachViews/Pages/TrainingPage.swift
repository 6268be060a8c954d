import PeachCore

/// A training page of one mode, with the DOM of docs/pages.md: the answer controls (Higher and
/// Lower — Sharp and Flat in Interval Comparison — or the vertical pitch slider), the feedback
/// indicator, the live regions, the keys, and the hint the page shows before the first exercise
/// of a mode on a device and whenever asked.
public struct TrainingPage: Sendable {
    public var texts: Texts
    public var mode: TrainingMode
    /// The interval label of an interval mode: the interval's name when the settings select
    /// exactly one, otherwise empty (the script shows each exercise's `interval.name`).
    public var targetInterval: String?
    /// The sound the settings choose, and the sound the exercises are played with: the same,
    /// except the sine for pitch matching with a sound whose held note fades.
    public var chosenSound: SoundSource
    public var sound: SoundSource

    public init(texts: Texts, mode: TrainingMode, settings: TrainingSettings) {
        self.texts = texts
        self.mode = mode
        self.chosenSound = settings.soundSource
        self.sound = settings.soundSource.played(in: mode.kind)
        let intervals = mode.intervals(in: settings)
        self.targetInterval = mode.isInterval ? (intervals.count == 1 ? texts.name(of: intervals[0]) : "") : nil
    }

    /// Where the page says that the chosen instrument is loading and the sine plays meanwhile
    /// (the first exercise after a change never waits silently), or that pitch matching plays
    /// the sine because the chosen instrument fades; `data-sound` names the sound the exercises
    /// are played with.
    private func soundStatus() -> HTML {
        let name = texts.settingsPage.soundSourceNames[sound]!
        let note =
            sound == chosenSound
            ? [] : [HTML.text(texts.sounds.fadesInPitchMatching(texts.settingsPage.soundSourceNames[chosenSound]!))]
        return el(
            "p",
            attributes: [
                .init("id", "sound-status"), .init("class", "hint"), .init("role", "status"),
                .init("data-sound", sound.rawValue), .init("data-msg-loading", texts.sounds.loading(name)),
                .init("data-msg-failed", texts.sounds.failed(name)),
            ],
            children: note)
    }

    /// Interval Comparison asks whether the second note was sharp or flat of the interval; the
    /// buttons still tell the core "higher" (sharp) and "lower" (flat).
    private var answerLabels: (higher: String, lower: String) {
        mode == .intervalComparison
            ? (texts.guide.sharp, texts.guide.flat) : (texts.training.higher, texts.training.lower)
    }

    /// The keys of this page, for a keyboard (the stylesheet shows them where there is a fine
    /// pointer, a desktop's): ↑/H and ↓/L answer (or ↑/↓ tune, Enter answers), Esc goes to Start.
    private func shortcuts() -> HTML {
        let kbd = { (key: String) in el("kbd", .text(key)) }
        // Each key with what it does, kept on one line.
        let shortcut = { (keys: [String], action: String) -> HTML in
            el("span", children: keys.flatMap { [kbd($0), .text(" ")] } + [.text(action)])
        }
        var shortcuts: [HTML]
        switch mode.kind {
        case .comparison:
            shortcuts = [shortcut(["↑", "H"], answerLabels.higher), shortcut(["↓", "L"], answerLabels.lower)]
        case .pitchMatching:
            shortcuts = [shortcut(["↑", "↓"], texts.guide.tune), shortcut(["Enter"], texts.guide.answer)]
        }
        shortcuts.append(shortcut(["Esc"], texts.app.backToStart))
        var children: [HTML] = [.text(texts.guide.keys + " ")]
        for (index, item) in shortcuts.enumerated() {
            if index > 0 { children.append(.text(" · ")) }
            children.append(item)
        }
        return el("p", ["class": "shortcuts"], children: children)
    }

    /// What you hear and what you answer, with the keys and the button that begins training: a
    /// dialog the script opens before the first exercise of the mode on this device, and when
    /// `#show-hint` is pressed (training stops while it is open). The page behind it is inert,
    /// so the dialog has its own way back to Start for a touch screen without Escape.
    private func hint() -> HTML {
        el(
            "dialog", ["id": "mode-hint", "aria-labelledby": "mode-hint-heading"],
            el("h2", ["id": "mode-hint-heading"], .text(texts.name(of: mode))),
            el("p", .text(texts.guide.hint(for: mode))),
            shortcuts(),
            el("button", ["id": "hint-begin", "type": "button", "class": "primary"], .text(texts.guide.begin)),
            el("a", ["id": "hint-leave", "href": PageRoute.start.path], .text(texts.app.backToStart)))
    }

    public func render() -> String {
        // `data-page` names the page controller; `data-kind` is the API's exercise kind.
        let page = mode.kind == .comparison ? "comparison" : "pitch-matching"
        let kind = mode.kind == .comparison ? "comparison" : "pitchMatching"
        var children: [HTML] = [el("h1", ["class": "visually-hidden"], .text(texts.name(of: mode)))]
        if let targetInterval {
            children.append(
                el(
                    "p", ["id": "target-interval", "aria-live": "off"],
                    .text(texts.training.targetIntervalLabel + " "), el("span", .text(targetInterval))))
        }
        if mode == .intervalComparison {
            children.append(el("p", ["id": "interval-question"], .text(texts.guide.intervalQuestion)))
        }
        // The feedback above the answer controls: on a phone held upright it is where the eyes
        // are, not under the thumb that just answered.
        children.append(
            el(
                "div", ["id": "feedback", "data-state": "", "aria-hidden": "true"],
                el("span", ["class": "icon"]), el("span", ["class": "text"])))
        switch mode.kind {
        case .comparison:
            children.append(
                el(
                    "div", ["class": "answers"],
                    el(
                        "button",
                        ["id": "answer-higher", "type": "button", "disabled": nil, "aria-keyshortcuts": "ArrowUp H"],
                        .text(answerLabels.higher)),
                    el(
                        "button",
                        ["id": "answer-lower", "type": "button", "disabled": nil, "aria-keyshortcuts": "ArrowDown L"],
                        .text(answerLabels.lower))
                ))
        case .pitchMatching:
            children.append(
                el(
                    "div",
                    [
                        "id": "pitch-slider", "role": "slider", "tabindex": "0", "aria-orientation": "vertical",
                        // The slider's ends are the core's: the page's script holds every move within them.
                        "aria-valuemin": DecimalText.shortest(PitchMatchingChallenge.sliderRange.lowerBound),
                        "aria-valuemax": DecimalText.shortest(PitchMatchingChallenge.sliderRange.upperBound),
                        "aria-valuenow": "0", "aria-disabled": "true",
                        "aria-label": texts.training.pitchSliderLabel, "aria-valuetext": texts.training.sliderCentre,
                        "data-msg-centre": texts.training.sliderCentre, "data-msg-above": texts.training.sliderAbove,
                        "data-msg-below": texts.training.sliderBelow,
                    ],
                    el("div", ["class": "thumb"])
                ))
        }
        children += [
            shortcuts(),
            el("p", ["id": "announcer", "class": "visually-hidden", "role": "status", "aria-live": "assertive"]),
            soundStatus(),
            el("button", ["id": "tap-to-start", "type": "button", "hidden": nil], .text(texts.training.tapToStart)),
            hint(),
        ]
        let main = el(
            "main",
            ["id": "main", "data-mode": mode.rawValue, "data-kind": kind],
            children: children
        )
        return Layout(
            texts: texts, title: texts.name(of: mode) + " — " + texts.app.appName, page: page,
            navigation: [
                Layout.backToStart(texts),
                .init(route: .settings, label: texts.app.settings, icon: .settings),
                .init(route: .profile, label: texts.charts.profileTitle, icon: .profile),
            ],
            help: texts.guide.howItWorks
        ).render(main: main)
    }
}
