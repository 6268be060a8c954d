/// Every address of the JSON API (docs/api.md), in one place: the server's controllers serve
/// through it, a page links through it, and the browser gets the same table (`RouteTable`,
/// `peach-routes.js`).
public enum APIRoute: String, CaseIterable, Sendable {
    case syncRecords
    case syncProfile
    case syncSettings
    case settings
    case export
    case `import`
    case importConfirm
    case reset

    /// Every API address begins with this.
    public static let prefix = "/api/"

    public var path: String {
        switch self {
        case .syncRecords: Self.prefix + "sync/records"
        case .syncProfile: Self.prefix + "sync/profile"
        case .syncSettings: Self.prefix + "sync/settings"
        case .settings: Self.prefix + "settings"
        case .export: Self.prefix + "export"
        case .import: Self.prefix + "import"
        case .importConfirm: Self.prefix + "import/confirm"
        case .reset: Self.prefix + "reset"
        }
    }
}
