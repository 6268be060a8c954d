import Foundation
import NIOCore

/// Decides whether a connection comes from this machine (open, as without LAN mode) or from
/// the network (needs a paired device's session). A struct of one closure, so that tests and
/// the benchmark can treat loopback like the network.
public struct ClientAddressClassifier: Sendable {
    public let isLocal: @Sendable (SocketAddress?) -> Bool

    public init(isLocal: @escaping @Sendable (SocketAddress?) -> Bool) {
        self.isLocal = isLocal
    }

    /// Loopback (127.0.0.0/8, ::1, IPv4-mapped loopback) is local; everything else — also a
    /// connection whose address is unknown — must be paired (fail closed).
    public static let loopbackIsLocal = ClientAddressClassifier { address in
        guard let address else { return false }
        return isLoopback(address)
    }

    /// Every connection must be paired, also from this machine: for tests and the benchmark,
    /// which can only connect over loopback.
    public static let everyoneMustPair = ClientAddressClassifier { _ in false }

    /// Who a connection counts as, for limits per client: an IPv4 address, an IPv6 address's
    /// /64 (a device picks its addresses within its network's /64 at will, RFC 8981), the path
    /// of a Unix socket, "unknown" without an address.
    static func key(of address: SocketAddress?) -> String {
        guard let address else { return "unknown" }
        guard case .v6(let v6) = address else { return address.ipAddress ?? address.pathname ?? "unknown" }
        let bytes = Self.addressBytes(of: v6.address, at: 8, count: 16)
        // An IPv4 client of a dual-stack socket (::ffff:a.b.c.d) is its IPv4 address.
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        return stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
            .joined(separator: ":") + "::/64"
    }

    static func isLoopback(_ address: SocketAddress) -> Bool {
        switch address {
        case .v4(let v4):
            return addressBytes(of: v4.address, at: 4, count: 4)[0] == 127
        case .v6(let v6):
            let bytes = addressBytes(of: v6.address, at: 8, count: 16)
            let loopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
            let mappedV4Loopback =
                bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
                && bytes[12] == 127
            return loopback || mappedV4Loopback
        case .unixDomainSocket:
            // Only processes on this machine can reach a Unix socket.
            return true
        }
    }

    /// The address of a `sockaddr_in` (offset 4, 4 bytes) or `sockaddr_in6` (offset 8, 16
    /// bytes), in network byte order. POSIX fixes these offsets (family and port first, then the
    /// IPv6 flow label); the bytes are read from them rather than through the C structs' fields,
    /// which a clean build attributes to NIO's internal C module, one Peach cannot import.
    private static func addressBytes<T>(of socketAddress: T, at offset: Int, count: Int) -> [UInt8] {
        withUnsafeBytes(of: socketAddress) { Array($0[offset..<offset + count]) }
    }
}
