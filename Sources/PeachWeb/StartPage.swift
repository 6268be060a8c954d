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
                modeLink(.comparison, id: "start-comparison", primary: true),
                modeLink(.pitchMatching, id: "start-pitch-matching"),
                el("hr"),
                modeLink(.intervalComparison, id: "start-interval-comparison"),
                modeLink(.intervalPitchMatching, id: "start-interval-pitch-matching")
            ))
    }

    private func modeLink(_ mode: TrainingMode, id: String, primary: Bool = false) -> HTML {
        el(
            "a",
            [
                "class": primary ? "button primary" : "button", "id": id, "href": PageRoute.training(mode).path,
                "data-mode": mode.rawValue,
            ],
            .text(texts.name(of: mode))
        )
    }
}
