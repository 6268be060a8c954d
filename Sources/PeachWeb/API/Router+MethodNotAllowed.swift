import Hummingbird

extension Router where Context == PeachRequestContext {
    /// The methods a client may send; any of them on an address that exists but does not take
    /// it is a 405 with `Allow` (RFC 9110 §15.5.6), not a 404 that would say the address is
    /// wrong. Methods outside this list are 404s, as Hummingbird's router answers them.
    private static let answeredMethods: [HTTPRequest.Method] = [
        .get, .head, .post, .put, .delete, .patch, .options, .trace, .connect,
    ]

    /// Adds, for every address registered so far, a 405 responder for each method it lacks.
    /// Call it after the last route. `HEAD` is served wherever `GET` is (the router makes those
    /// endpoints when it is built, with `.autoGenerateHeadEndpoints`).
    func addMethodNotAllowedRoutes() {
        let methodsByPath = Dictionary(grouping: routes, by: { $0.path.description })
        for routes in methodsByPath.values {
            var allowed = Set(routes.map(\.method))
            if allowed.contains(.get) { allowed.insert(.head) }
            let allow = allowed.map(\.rawValue).sorted().joined(separator: ", ")
            for method in Self.answeredMethods where !allowed.contains(method) {
                on(routes[0].path, method: method) { _, _ -> Response in
                    throw HTTPError(.methodNotAllowed, headers: [.allow: allow])
                }
            }
        }
    }
}
