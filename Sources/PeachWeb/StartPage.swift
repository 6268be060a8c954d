import PeachCore

/// The hub: the four training modes (Comparison first and primary), Settings and Info.
public struct StartPage: Sendable {
    public var texts: Texts

    public init(texts: Texts) {
        self.texts = texts
    }

    public func render() -> String {
        Layout(
            texts: texts, title: texts.startTitle, page: "start",
            navigation: [
                .init(route: .settings, label: texts.settings, icon: .settings),
                .init(route: .info, label: texts.info, icon: .info),
            ]
        ).render(
            main: el(
                "main", ["id": "main"],
                el("h1", .text(texts.appName)),
                el(
                    "nav", ["class": "modes", "aria-label": texts.trainingModesLabel],
                    modeLink(.comparison, primary: true),
                    modeLink(.pitchMatching),
                    el("hr"),
                    modeLink(.intervalComparison),
                    modeLink(.intervalPitchMatching)
                )
            ))
    }

    private func modeLink(_ mode: TrainingMode, primary: Bool = false) -> HTML {
        el(
            "a",
            [
                "href": PageRoute.training(mode).path, "class": primary ? "mode primary" : "mode",
                "data-mode": mode.rawValue,
            ],
            .text(texts.name(of: mode))
        )
    }
}
