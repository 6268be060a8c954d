import PeachCore

/// Every page's address, in one place: views link through this, the server's router serves
/// through it, and the browser gets the same table (`RouteTable`, `peach-routes.js`), so no
/// address is written anywhere else.
public enum PageRoute: Hashable, Sendable {
    case start
    case training(TrainingMode)
    case settings
    case settingsReset
    /// The CSV import form sent without scripts (`multipart/form-data`).
    case settingsImport
    /// "Replace all training data?" without scripts: the address its answer is sent to, and the
    /// name of the page that asks it (the answer to `settingsImport`, or to this when asked again).
    case settingsImportConfirm
    case info
    case profile
    /// LAN pairing: `GET /pair?code=…` confirms, `POST /pair` pairs.
    case pair
    /// Peach's certificate authority, for a device to trust its HTTPS on the LAN.
    case certificateAuthority

    /// Every page, each once: Start, the training pages in `TrainingMode`'s order, then the rest.
    /// Built by following `next` from Start, so a new case does not build until `next`'s
    /// exhaustive switch gives it its place here (docs/design.md, "Adding a mode").
    public static let all: [PageRoute] = Array(sequence(first: .start) { $0.next })

    /// The page after this one in `all`; `nil` for the last.
    private var next: PageRoute? {
        let modes = TrainingMode.allCases
        switch self {
        case .start: return .training(modes[modes.startIndex])
        case .training(let mode):
            let following = modes.index(after: modes.firstIndex(of: mode)!)
            return following == modes.endIndex ? .profile : .training(modes[following])
        case .profile: return .settings
        case .settings: return .settingsReset
        case .settingsReset: return .settingsImport
        case .settingsImport: return .settingsImportConfirm
        case .settingsImportConfirm: return .info
        case .info: return .pair
        case .pair: return .certificateAuthority
        case .certificateAuthority: return nil
        }
    }

    public var path: String {
        switch self {
        case .start: "/"
        case .training(.comparison): "/comparison"
        case .training(.pitchMatching): "/pitch-matching"
        case .training(.intervalComparison): "/interval-comparison"
        case .training(.intervalPitchMatching): "/interval-pitch-matching"
        case .training(.rhythmOffsetDetection): "/compare-timing"
        case .training(.continuousRhythmMatching): "/fill-the-gap"
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

    /// The page's one name: `data-page` of its `<body>` (which the browser's scripts and
    /// stylesheet read), and the name the wasm core renders it by (`peach_render`). A training
    /// page is named by its mode.
    public var name: String {
        switch self {
        case .start: "start"
        case .training(let mode): mode.rawValue
        case .settings: "settings"
        case .settingsReset: "settingsReset"
        case .settingsImport: "settingsImport"
        case .settingsImportConfirm: "settingsImportConfirm"
        case .info: "info"
        case .profile: "profile"
        case .pair: "pair"
        case .certificateAuthority: "certificateAuthority"
        }
    }

    /// Whether a device renders the page itself from its own data, offline too (docs/pages.md);
    /// the server's own pages (pairing, the no-script forms, the certificate) need the server.
    public var rendersOnDevice: Bool {
        switch self {
        case .start, .training, .settings, .info, .profile: true
        case .settingsReset, .settingsImport, .settingsImportConfirm, .pair, .certificateAuthority: false
        }
    }

    /// The page a device renders itself (`rendersOnDevice`) by its `name`; `nil` for any other
    /// name, a server's own page's too.
    public init?(renderedOnDevice name: String) {
        guard let route = Self.all.first(where: { $0.rendersOnDevice && $0.name.hasSameBytes(as: name) }) else {
            return nil
        }
        self = route
    }

    /// Whether the page shows the training data (the profile): shown again when a sync brings
    /// new data.
    public var showsTrainingData: Bool { self == .start || self == .profile }

    /// The start of every static asset's address.
    public static let assetPrefix = "/assets/"
    /// The module every page loads, which imports the rest of the client (`Client/pages/app.js`),
    /// by its path under `assetPrefix`.
    public static let appModule = "pages/app.js"
    /// The site's icon.
    public static let favicon = "/favicon.svg"
    /// The service worker, at the root so that its scope is the whole site.
    public static let serviceWorker = "/sw.js"
    /// The start of the prepared instrument sounds' addresses (docs/sounds.md).
    public static let soundsPrefix = "/sounds/"
    /// The index of the prepared instrument sounds.
    public static let soundsIndex = soundsPrefix + "index.json"

    /// The address of a static asset.
    public static func asset(_ name: String) -> String { assetPrefix + name }
}
