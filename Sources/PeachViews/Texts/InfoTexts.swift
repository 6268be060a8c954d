import PeachCore

/// The Info page: who made Peach, its version and licence.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
public struct InfoTexts: Sendable {
    public let infoTitle: String
    public let developerName: String
    public let copyrightNotice: String
    public let developerLabel: String
    public let copyrightLabel: String
    public let versionLabel: String
    public let licenceLabel: String
    public let licenceText: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: InfoTexts {
        InfoTexts(
            infoTitle: "About Peach",
            developerName: "The Peach developers",
            copyrightNotice: "© 2026 The Peach developers",
            developerLabel: "Developer",
            copyrightLabel: "Copyright",
            versionLabel: "Version",
            licenceLabel: "Licence",
            licenceText: "MIT License"
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: InfoTexts {
        InfoTexts(
            infoTitle: "Über Peach",
            developerName: "Die Peach-Entwickler",
            copyrightNotice: "© 2026 Die Peach-Entwickler",
            developerLabel: "Entwicklung",
            copyrightLabel: "Urheberrecht",
            versionLabel: "Version",
            licenceLabel: "Lizenz",
            licenceText: "MIT-Lizenz"
        )
    }
}
