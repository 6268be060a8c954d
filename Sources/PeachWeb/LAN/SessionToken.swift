import Foundation

/// The secret a paired device holds in its session cookie: 32 bytes (256 bits) from the
/// system's cryptographic generator, base64url-encoded. The database keeps only its SHA-256,
/// so reading the database file does not give a working session.
struct SessionToken: Sendable {
    static let cookieName = "peach_session"
    /// Browsers cap a cookie's lifetime at 400 days; a paired phone stays paired that long
    /// unless it is revoked with `peach devices revoke`.
    static let maxAge = 400 * 24 * 3600

    let text: String

    /// A new token. Always the system generator, never a seeded one: tests cannot predict it
    /// and neither can anyone else.
    static func random() -> SessionToken {
        var generator = SystemRandomNumberGenerator()
        var bytes = [UInt8]()
        for _ in 0..<4 { withUnsafeBytes(of: generator.next()) { bytes.append(contentsOf: $0) } }
        let text = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        return SessionToken(text: text)
    }

    /// SHA-256 of the token's text: what the `device` table stores and looks up.
    static func hash(_ text: String) -> Data {
        Data(SHA256.hash(text.utf8))
    }

    /// `Set-Cookie` for this token: `HttpOnly` (scripts cannot read it), `SameSite=Strict` (no
    /// other site's page can send it), `Path=/`; `Secure` when it is set over HTTPS,
    /// so the browser never sends it over plain HTTP. Not over plain HTTP (loopback, or pairing
    /// on loopback in the tests), where a `Secure` cookie would never be sent back.
    func setCookie(secure: Bool) -> String {
        "\(Self.cookieName)=\(text); Path=/; Max-Age=\(Self.maxAge); HttpOnly; SameSite=Strict"
            + (secure ? "; Secure" : "")
    }
}
