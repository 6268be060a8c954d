@testable import PeachWeb

extension QRCode {
    /// The symbol with its quiet zone as a binary PGM image (`scale` pixels per module), for
    /// checking with an independent decoder.
    func portableGraymap(scale: Int = 4) -> [UInt8] {
        let side = (size + 2 * Self.quietZone) * scale
        var bytes = Array("P5\n\(side) \(side)\n255\n".utf8)
        bytes.reserveCapacity(bytes.count + side * side)
        for y in 0..<side {
            for x in 0..<side {
                let dark = isDark(row: y / scale - Self.quietZone, column: x / scale - Self.quietZone)
                bytes.append(dark ? 0 : 255)
            }
        }
        return bytes
    }
}
