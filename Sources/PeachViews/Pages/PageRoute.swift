import PeachCore

/// Every page's address, in one place: views link through this, never through string literals.
public enum PageRoute: Hashable, Sendable {
    case start
    case training(TrainingMode)
    case settings
    case settingsReset
    /// The CSV import form sent without scripts (`multipart/form-data`).
    case settingsImport
    /// The answer to "Replace all training data?" sent without scripts.
    case settingsImportConfirm
    case info
    case profile
    /// LAN pairing: `GET /pair?code=…` confirms, `POST /pair` pairs.
    case pair
    /// Peach's certificate authority, for a device to trust its HTTPS on the LAN.
    case certificateAuthority

    public var path: String {
        switch self {
        case .start: "/"
        case .training(.comparison): "/comparison"
        case .training(.pitchMatching): "/pitch-matching"
        case .training(.intervalComparison): "/interval-comparison"
        case .training(.intervalPitchMatching): "/interval-pitch-matching"
        case .settings: "/settings"
        case .settingsReset: "/settings/reset"
        case .settingsImport: "/settings/import"
        case .settingsImportConfirm: "/settings/import/confirm"
        case .info: "/info"
        case .profile: "/profile"
        case .pair: "/pair"
        case .certificateAuthority: "/peach-ca.crt"
        }
    }

    /// The address of a JSON API call a page links to.
    enum API {
        static let export = "/api/export"
    }

    /// The address of a static asset.
    static func asset(_ name: String) -> String { "/assets/" + name }
}
