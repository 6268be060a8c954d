import Foundation

/// A one-time code that pairs one device: 10 symbols from a 31-letter alphabet without the
/// look-alikes 0/O, 1/I/L (about 49.5 bits), valid for `lifetime`. Guessing one among 2^49
/// within ten minutes over HTTP is out of reach; the code is read from a QR code or a link,
/// and typed at most rarely, so the length costs nothing.
public struct PairingCode: Hashable, Sendable {
    public static let alphabet = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")
    public static let length = 10
    public static let lifetime: TimeInterval = 10 * 60

    public let text: String
    public let expiresAt: Date

    public init(text: String, expiresAt: Date) {
        self.text = text
        self.expiresAt = expiresAt
    }

    /// A fresh code drawn from `random` (the system's generator when serving).
    public static func random(now: Date, using random: inout some RandomNumberGenerator) -> PairingCode {
        let text = String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
        return PairingCode(text: text, expiresAt: now + lifetime)
    }

    /// Codes are compared without case and surrounding spaces, as someone might type them.
    static func normalized(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).uppercased()
    }
}
