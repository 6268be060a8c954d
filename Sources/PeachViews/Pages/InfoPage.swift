import PeachCore

/// App name, developer, copyright, version and licence, the instrument sounds' origin and licence,
/// and the sources of the profile's reference thresholds.
public struct InfoPage: Sendable {
    public var texts: Texts
    public var version: String

    public init(texts: Texts, version: String = AppInfo.version) {
        self.texts = texts
        self.version = version
    }

    public func render() -> String {
        let rows: [(String, String)] = [
            (texts.infoPage.developerLabel, texts.infoPage.developerName),
            (texts.infoPage.copyrightLabel, texts.infoPage.copyrightNotice),
            (texts.infoPage.versionLabel, version),
            (texts.infoPage.licenceLabel, texts.infoPage.licenceText),
            (texts.sounds.originLabel, texts.sounds.origin),
            (texts.profile.referencesLabel, texts.profile.references),
        ]
        return Layout(
            texts: texts, title: texts.infoPage.infoTitle + " — " + texts.app.appName, page: "info",
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: el(
                "main", ["id": "main"],
                el("h1", .text(texts.app.appName)),
                el("dl", children: rows.flatMap { [el("dt", .text($0.0)), el("dd", .text($0.1))] })
            ))
    }
}
