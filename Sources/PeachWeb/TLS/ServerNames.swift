import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names a server certificate from Peach's certificate authority is valid for: the
/// computer's network addresses (those the pairing links use), `<hostname>.local` (its mDNS
/// name), `localhost`, `127.0.0.1` and `::1`.
///
/// A phone checks the address it opened against these, so the certificate is issued again
/// when they change (`LocalCertificateAuthority`).
public struct ServerNames: Hashable, Sendable {
    /// DNS names, lowercased: `<hostname>.local`, `localhost`.
    public let dnsNames: [String]
    /// IPv4 and IPv6 addresses as text: the network's, then `127.0.0.1` and `::1`.
    public let ipAddresses: [String]

    /// - Parameters:
    ///   - networkAddresses: the addresses the pairing links use (`192.168.1.20`); a name
    ///     (`--host peach.example`) counts as a DNS name.
    ///   - hostname: this computer's name (`gethostname`); only its first label counts.
    public init(networkAddresses: [String], hostname: String = ServerNames.hostname()) {
        var dns = [Self.localName(hostname), "localhost"]
        var ips: [String] = []
        // Sorted, so that the same addresses listed in another order need no new certificate.
        for address in networkAddresses.sorted() + ["127.0.0.1", "::1"] {
            if (try? SocketAddress(ipAddress: address, port: 0)) != nil {
                if !ips.contains(address) { ips.append(address) }
            } else if !dns.contains(address.lowercased()) {
                dns.append(address.lowercased())
            }
        }
        dnsNames = dns
        ipAddresses = ips
    }

    /// `<hostname>.local`, the name mDNS (Bonjour, Avahi) answers for this computer: the first
    /// label of the host name, lowercased, with characters other than letters, digits and `-`
    /// dropped (`peach` if nothing is left).
    public static func localName(_ hostname: String) -> String {
        let label = hostname.split(separator: ".").first.map(String.init) ?? ""
        let kept = String(
            label.lowercased().unicodeScalars.filter {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
            })
        return (kept.isEmpty ? "peach" : kept) + ".local"
    }

    /// This computer's host name, or "" if the system does not tell.
    public static func hostname() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, buffer.count - 1) == 0 else { return "" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The value of an OpenSSL `subjectAltName` extension: `DNS:peach.local, DNS:localhost,
    /// IP:192.168.1.20, IP:127.0.0.1, IP:::1`. Also what `LocalCertificateAuthority` keeps
    /// beside the certificate to tell when the names have changed.
    var subjectAltName: String {
        (dnsNames.map { "DNS:" + $0 } + ipAddresses.map { "IP:" + $0 }).joined(separator: ", ")
    }
}
