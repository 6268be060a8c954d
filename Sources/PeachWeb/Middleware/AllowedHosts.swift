import NIOCore

/// The names under which this server may be addressed (the request's `Host`), so that a web page
/// on another name that resolves to this machine cannot talk to Peach (DNS rebinding): any other
/// `Host` is refused with a 403 before a route runs.
///
/// A `Host` matches when its name (lowercased; IPv6 in brackets) is one of `names` (a name
/// `*.example.com`, from a wildcard certificate, matches one label in its place) and its port
/// is `port` (a `Host` without a port means port 80). With `port == nil` every port matches, for
/// a server that picks its port when it binds (port 0) and for in-process tests.
public struct AllowedHosts: Sendable, Equatable {
    /// Host names and addresses as they appear in a `Host` header: `localhost`, `127.0.0.1`,
    /// `[::1]`, `192.168.1.20`.
    public var names: Set<String>
    /// The port the server listens on, or nil for any.
    public var port: Int?

    public init(names: Set<String>, port: Int?) {
        self.names = Set(names.map { $0.lowercased() })
        self.port = port
    }

    /// The loopback names: `127.0.0.1`, `localhost` and `[::1]`.
    public static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// A server that listens on loopback only.
    public static func loopback(port: Int?) -> AllowedHosts {
        AllowedHosts(names: loopbackNames, port: port)
    }

    /// The hosts that reach a server bound to `host` and `port` (as `BindAddress.hostname`):
    /// loopback always; the bound address if it is another one; for a wildcard address
    /// (`0.0.0.0`, `::`) every address of this machine's interfaces. Port 0 (chosen at binding)
    /// allows any port.
    public init(servingHost host: String, port: Int) {
        var names = Self.loopbackNames
        if ["0.0.0.0", "::", ""].contains(host) {
            names.formUnion(Self.interfaceAddresses())
        } else {
            names.insert(Self.hostField(host))
        }
        self.init(names: names, port: port == 0 ? nil : port)
    }

    /// Whether a `Host` header value (`name[:port]`) is one of these hosts.
    public func allows(host field: String?) -> Bool {
        guard let field, !field.isEmpty, field.utf8.count <= 300 else { return false }
        let (name, fieldPort) = Self.split(field)
        guard names.contains(name.lowercased()) || matchesWildcard(name.lowercased()) else { return false }
        guard let port else { return true }
        return (fieldPort ?? 80) == port
    }

    /// Whether `*.rest` is among the names for a `name` of one label followed by `.rest`.
    func matchesWildcard(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: "."), dot != name.startIndex else { return false }
        return names.contains("*" + name[dot...])
    }

    /// Splits `name[:port]` (`[::1]:8080`, `localhost`); a malformed port yields port -1.
    static func split(_ field: String) -> (name: String, port: Int?) {
        let name: Substring
        let rest: Substring
        if field.hasPrefix("["), let close = field.firstIndex(of: "]") {
            name = field[...close]
            rest = field[field.index(after: close)...]
        } else if let colon = field.lastIndex(of: ":") {
            name = field[..<colon]
            rest = field[colon...]
        } else {
            return (field, nil)
        }
        if rest.isEmpty { return (String(name), nil) }
        // RFC 3986 port: digits only. Int(_:) would also take "+8080"; a leading zero is not
        // how a browser writes a port either.
        let digits = rest.dropFirst()
        guard rest.first == ":", digits.allSatisfy({ ("0"..."9").contains($0) }),
            digits.first != "0" || digits.count == 1,
            let port = Int(digits), (0...65535).contains(port)
        else {
            return (String(name), -1)
        }
        return (String(name), port)
    }

    /// An address as written in a `Host` header: IPv6 in brackets.
    static func hostField(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host.lowercased()
    }

    /// The IP addresses of this machine's network interfaces (empty if they cannot be read).
    static func interfaceAddresses() -> Set<String> {
        let devices = (try? System.enumerateDevices()) ?? []
        return Set(
            devices.compactMap { device in
                device.address?.ipAddress.map { address in
                    // Drop an IPv6 zone (`fe80::1%eth0`); browsers do not send it in `Host`.
                    hostField(String(address.split(separator: "%").first ?? Substring(address)))
                }
            })
    }
}
