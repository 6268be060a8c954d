import Hummingbird
import PeachViews

/// A request's path as the router reads it: the segments between slashes, empty ones dropped,
/// so that `//api/export` and `/api//export` are `/api/export`, which the router serves.
///
/// Every decision by path before the router (same origin, the pairing gate, whether an error is
/// JSON or a page) is made on this one reading: a check on the raw text (`hasPrefix("/api/")`)
/// would let `//api/export` pass as a page while the router served the export.
struct RequestPath {
    /// The non-empty segments, in order.
    let segments: [Substring]

    init(_ path: String) {
        segments = path.split(separator: "/", omittingEmptySubsequences: true)
    }

    init(_ request: Request) {
        self.init(request.uri.path)
    }

    /// `/` and the segments joined by `/`: the one spelling of the path.
    var normalised: String { "/" + segments.joined(separator: "/") }

    /// An address of the JSON API (`APIRoute.prefix`).
    var isAPI: Bool { (normalised + "/").hasPrefix(APIRoute.prefix) }
}
