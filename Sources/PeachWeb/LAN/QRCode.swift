import CQREncode

/// A QR code, encoded by Debian's libqrencode, that can be drawn in a terminal so a phone's
/// camera opens the pairing URL printed by `peach serve --lan`.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, 4 more per version).
    public let size: Int
    /// Row-major; `true` is a dark module.
    public let modules: [Bool]

    /// The light border the QR specification requires around the symbol, in modules.
    public static let quietZone = 4

    public enum EncodingError: Error, CustomStringConvertible {
        case tooLong(Int)

        public var description: String {
            switch self {
            case .tooLong(let length): "A QR code cannot hold \(length) bytes of text."
            }
        }
    }

    /// Encodes `text` as bytes with error correction level M (about 15 % of the symbol may be
    /// damaged), the smallest version that fits.
    public init(text: String) throws(EncodingError) {
        guard let code = QRcode_encodeString8bit(text, 0, QR_ECLEVEL_M) else {
            throw .tooLong(text.utf8.count)
        }
        defer { QRcode_free(code) }
        size = Int(code.pointee.width)
        // Bit 0 of each byte is the module's colour (qrencode.h); the other bits describe its role.
        modules = (0..<size * size).map { code.pointee.data[$0] & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool {
        (0..<size).contains(row) && (0..<size).contains(column) && modules[row * size + column]
    }

    /// The symbol with its quiet zone, two module rows per text line: each character is an
    /// upper half block whose foreground is the upper module and background the lower one,
    /// with explicit black and white ANSI colours so it scans on light and dark terminals alike.
    public var terminalRendering: String {
        let range = -Self.quietZone..<(size + Self.quietZone)
        var lines: [String] = []
        for row in stride(from: range.lowerBound, to: range.upperBound, by: 2) {
            var line = ""
            for column in range {
                let upper = isDark(row: row, column: column) ? 30 : 97
                let lower = isDark(row: row + 1, column: column) ? 40 : 107
                line += "\u{1B}[\(upper);\(lower)m▀"
            }
            lines.append(line + "\u{1B}[0m")
        }
        return lines.joined(separator: "\n")
    }
}
