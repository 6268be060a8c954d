import PeachCore

/// The Info page: who made Peach, its version and licence.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
public struct InfoTexts: Sendable {
    public let infoTitle: String
    public let developerName: String
    public let copyrightNotice: String
    public let developerLabel: String
    public let copyrightLabel: String
    public let versionLabel: String
    public let licenceLabel: String
    public let licenceText: String
}
