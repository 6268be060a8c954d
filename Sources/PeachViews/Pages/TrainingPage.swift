import PeachCore

/// A training page of one mode, with the DOM of docs/pages.md: the answer controls (Higher and
/// Lower, or the vertical pitch slider), the feedback indicator and the live regions.
public struct TrainingPage: Sendable {
    public var texts: Texts
    public var mode: TrainingMode
    /// The interval label of an interval mode: the interval's name when the settings select
    /// exactly one, otherwise empty (the script shows each exercise's `interval.name`).
    public var targetInterval: String?
    /// The sound the exercises are played with.
    public var sound: SoundSource

    public init(texts: Texts, mode: TrainingMode, settings: TrainingSettings) {
        self.texts = texts
        self.mode = mode
        self.sound = settings.soundSource
        let intervals = mode.intervals(in: settings)
        self.targetInterval = mode.isInterval ? (intervals.count == 1 ? texts.name(of: intervals[0]) : "") : nil
    }

    /// Where the page says that the chosen instrument is loading and the sine plays meanwhile
    /// (issue 16: the first exercise after a change never waits silently); `data-sound` names
    /// the sound the exercises are played with.
    private func soundStatus() -> HTML {
        let name = texts.soundSourceNames[sound]!
        return el(
            "p",
            [
                "id": "sound-status", "class": "hint", "role": "status", "data-sound": sound.rawValue,
                "data-msg-loading": texts.sounds.loading(name), "data-msg-failed": texts.sounds.failed(name),
            ])
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
                    .text(texts.targetIntervalLabel + " "), el("span", .text(targetInterval))))
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
                        .text(texts.higher)),
                    el(
                        "button",
                        ["id": "answer-lower", "type": "button", "disabled": nil, "aria-keyshortcuts": "ArrowDown L"],
                        .text(texts.lower))
                ))
        case .pitchMatching:
            children.append(
                el(
                    "div",
                    [
                        "id": "pitch-slider", "role": "slider", "tabindex": "0", "aria-orientation": "vertical",
                        "aria-valuemin": "-1", "aria-valuemax": "1", "aria-valuenow": "0", "aria-disabled": "true",
                        "aria-label": texts.pitchSliderLabel, "aria-valuetext": texts.sliderCentre,
                        "data-msg-centre": texts.sliderCentre, "data-msg-above": texts.sliderAbove,
                        "data-msg-below": texts.sliderBelow,
                    ],
                    el("div", ["class": "thumb"])
                ))
        }
        children += [
            el("p", ["id": "announcer", "class": "visually-hidden", "role": "status", "aria-live": "assertive"]),
            soundStatus(),
            el("button", ["id": "tap-to-start", "type": "button", "hidden": nil], .text(texts.tapToStart)),
        ]
        let main = el(
            "main",
            ["id": "main", "data-mode": mode.rawValue, "data-kind": kind],
            children: children
        )
        return Layout(
            texts: texts, title: texts.name(of: mode) + " — " + texts.appName, page: page,
            navigation: [
                Layout.backToStart(texts),
                .init(route: .settings, label: texts.settings, icon: .settings),
                .init(route: .profile, label: texts.profileTitle, icon: .profile),
            ]
        ).render(main: main)
    }
}
