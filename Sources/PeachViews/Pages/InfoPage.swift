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
        Layout(
            texts: texts, title: texts.infoPage.infoTitle + " — " + texts.app.appName, route: .info,
            navigation: [Layout.backToStart(texts)]
        ).render(
            main: """
                <main id="main"><h1>\(texts.app.appName)</h1><dl>\
                \(row(texts.infoPage.developerLabel, texts.infoPage.developerName))\
                \(row(texts.infoPage.copyrightLabel, texts.infoPage.copyrightNotice))\
                \(row(texts.infoPage.versionLabel, version))\
                \(row(texts.infoPage.licenceLabel, texts.infoPage.licenceText))\
                \(row(texts.sounds.originLabel, texts.sounds.origin))\
                \(row(texts.profile.referencesLabel, texts.profile.references))</dl></main>
                """)
    }

    private func row(_ term: String, _ description: String) -> Markup {
        "<dt>\(term)</dt><dd>\(description)</dd>"
    }
}
