import PeachCore
import PeachFixtures
import PeachViews
import Testing

/// Every page a device renders, whole, in both languages, against its committed snapshot: the
/// pages are written as literal markup, so a changed byte anywhere shows here first.
@Suite("Whole pages")
struct PageSnapshotTests {
    static let languages: [Language] = [.english, .german]

    @Test("Start, empty and with a profile", arguments: languages)
    func start(language: Language) {
        let texts = Texts.of(language)
        let empty = PerceptualProfile(records: [])
        assertSnapshot(
            StartPage(texts: texts, profile: empty, range: .standard).render(),
            named: "start-empty-\(language.rawValue).html")
        assertSnapshot(
            StartPage(texts: texts, profile: ProfileFixtures.dense, range: .standard).render(),
            named: "start-dense-\(language.rawValue).html")
    }

    @Test("each training page", arguments: languages)
    func training(language: Language) {
        var settings = TrainingSettings()
        try! settings.apply(["soundSource": "piano"])
        for mode in TrainingMode.allCases {
            assertSnapshot(
                TrainingPage(texts: .of(language), mode: mode, settings: settings).render(),
                named: "training-\(mode.rawValue)-\(language.rawValue).html")
        }
    }

    @Test("Settings, as it opens and with a refusal", arguments: languages)
    func settings(language: Language) {
        let texts = Texts.of(language)
        var settings = TrainingSettings()
        try! settings.apply(["soundSource": "piano", "intervals": "m3up,P5down"])
        assertSnapshot(
            SettingsPage(texts: texts, settings: TrainingSettings()).render(),
            named: "settings-\(language.rawValue).html")
        assertSnapshot(
            SettingsPage(texts: texts, settings: settings, message: "<refused & kept>", messageIsError: true).render(),
            named: "settings-refused-\(language.rawValue).html")
    }

    @Test("Info and Profile", arguments: languages)
    func infoAndProfile(language: Language) {
        let texts = Texts.of(language)
        assertSnapshot(InfoPage(texts: texts, version: "1.2.3").render(), named: "info-\(language.rawValue).html")
        assertSnapshot(
            ProfilePage(texts: texts, profile: ProfileFixtures.dense, range: .standard).render(),
            named: "profile-dense-\(language.rawValue).html")
    }
}
