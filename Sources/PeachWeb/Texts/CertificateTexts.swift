import PeachCore
import PeachViews

// MARK: - HTTPS on the LAN: trusting Peach's certificate authority
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile, as in `Texts`.

/// The texts that tell a phone or tablet how to trust Peach's own certificate authority: shown
/// on the pairing pages when `peach serve --lan` uses it (not with `--tls-cert`).
public struct CertificateTexts: Sendable {
    public let title: String
    /// Why: the browser's warning, and what trusting the certificate enables.
    public let explanation: String
    public let download: String
    public let appleHeading: String
    /// iPhone and iPad: download, install the profile, turn on full trust.
    public let appleSteps: [String]
    public let androidHeading: String
    /// Android: download, install as a CA certificate.
    public let androidSteps: [String]

    public static let english = CertificateTexts(
        title: "Trust Peach on this device",
        explanation:
            "Peach protects the connection on your network with its own certificate. Until this device trusts it, "
            + "the browser warns that the connection is not private, and Peach cannot work offline. Install "
            + "Peach's certificate once; it is valid only for the Peach on your computer.",
        download: "Download Peach's certificate",
        appleHeading: "iPhone and iPad",
        appleSteps: [
            "Open this page in Safari, tap “Download Peach's certificate” and then “Allow”.",
            "Open Settings and tap “Profile Downloaded” near the top. Tap “Install”, enter your passcode and tap "
                + "“Install” again.",
            "Open Settings → General → About → Certificate Trust Settings and turn on full trust for "
                + "“Peach on …”.",
            "Come back to this page and reload it.",
        ],
        androidHeading: "Android",
        androidSteps: [
            "Tap “Download Peach's certificate”. It is saved as peach-ca.crt.",
            "Open Settings → Security → Encryption & credentials → Install a certificate → CA certificate (on "
                + "some phones under Security → More security settings), and tap “Install anyway”.",
            "Choose peach-ca.crt from your downloads.",
            "Come back to this page and reload it.",
        ])

    public static let german = CertificateTexts(
        title: "Peach auf diesem Gerät vertrauen",
        explanation:
            "Peach schützt die Verbindung in deinem Netzwerk mit einem eigenen Zertifikat. Solange dieses Gerät ihm "
            + "nicht vertraut, warnt der Browser, die Verbindung sei nicht privat, und Peach kann nicht offline "
            + "arbeiten. Installiere das Zertifikat von Peach einmal; es gilt nur für Peach auf deinem Computer.",
        download: "Zertifikat von Peach laden",
        appleHeading: "iPhone und iPad",
        appleSteps: [
            "Öffne diese Seite in Safari, tippe auf „Zertifikat von Peach laden“ und dann auf „Erlauben“.",
            "Öffne die Einstellungen und tippe oben auf „Profil geladen“. Tippe auf „Installieren“, gib deinen Code "
                + "ein und tippe noch einmal auf „Installieren“.",
            "Öffne Einstellungen → Allgemein → Info → Zertifikatsvertrauenseinstellungen und schalte das volle "
                + "Vertrauen für „Peach on …“ ein.",
            "Kehre zu dieser Seite zurück und lade sie neu.",
        ],
        androidHeading: "Android",
        androidSteps: [
            "Tippe auf „Zertifikat von Peach laden“. Es wird als peach-ca.crt gespeichert.",
            "Öffne Einstellungen → Sicherheit → Verschlüsselung und Anmeldedaten → Zertifikat installieren → "
                + "CA-Zertifikat (auf manchen Geräten unter Sicherheit → Weitere Sicherheitseinstellungen) und tippe "
                + "auf „Trotzdem installieren“.",
            "Wähle peach-ca.crt aus deinen Downloads.",
            "Kehre zu dieser Seite zurück und lade sie neu.",
        ])
}

extension Texts {
    /// The texts about trusting Peach's certificate authority, in this language.
    public var certificate: CertificateTexts {
        switch language {
        case .english: .english
        case .german: .german
        }
    }
}
