#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The machine's IPv4 addresses other than loopback (from `getifaddrs`): where a phone on the
/// same network can reach `peach serve --lan`. Interfaces that are down are left out.
enum NetworkAddresses {
    static func nonLoopbackIPv4() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0, let first else { return [] }
        defer { freeifaddrs(first) }
        var addresses: [String] = []
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            let flags = Int32(entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET),
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0
            else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            let ok = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { socket in
                withUnsafePointer(to: socket.pointee.sin_addr) {
                    inet_ntop(AF_INET, $0, &text, socklen_t(INET_ADDRSTRLEN)) != nil
                }
            }
            if ok {
                let value = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                if !addresses.contains(value) { addresses.append(value) }
            }
        }
        return addresses
    }
}
