import Foundation

/// The one pairing code that is valid at a time. Using it (or letting it expire) replaces it
/// with a fresh one, announced through `onNewCode` so that `peach serve --lan` can print the
/// next address and QR code. Kept in memory only: a restart prints a new code.
public actor PairingCodes {
    private var current: PairingCode?
    private var random: AnyRandomNumberGenerator
    private let now: @Sendable () -> Date
    private var onNewCode: @Sendable (PairingCode) -> Void
    private var attempts = PairingAttempts()

    /// What came of trying a code.
    public enum Attempt: Sendable, Equatable {
        case valid
        /// Not the valid code (wrong, used or expired).
        case wrong
        /// This client tried too many wrong codes lately (`PairingAttempts`); nothing was checked.
        case tooMany
    }

    /// - Parameter enabled: false without LAN mode: no code exists, so `/pair` pairs nothing.
    public init(
        enabled: Bool, random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.random = AnyRandomNumberGenerator(random)
        self.now = now
        self.onNewCode = { _ in }
        if enabled { current = PairingCode.random(now: now(), using: &self.random) }
    }

    /// Calls `announce` with the current code now and with every later one.
    public func announce(with announce: @escaping @Sendable (PairingCode) -> Void) {
        onNewCode = announce
        if let code = validCode() { announce(code) }
    }

    /// The valid code; an expired one is replaced (and the new one announced) first.
    public func validCode() -> PairingCode? {
        guard let code = current else { return nil }
        if now() >= code.expiresAt { return replace() }
        return code
    }

    /// Whether `text` is the valid code, without using it (the confirmation page).
    public func isValid(_ text: String) -> Bool {
        validCode()?.text == PairingCode.normalized(text)
    }

    /// Uses the code: true once for the valid code, then a fresh code replaces it.
    public func consume(_ text: String) -> Bool {
        guard let code = validCode(), code.text == PairingCode.normalized(text) else { return false }
        replace()
        return true
    }

    /// Checks a code that `client` (a `ClientAddressClassifier.key`) sent, and with `consume`
    /// uses it; a wrong one counts against `client`, which is refused after too many.
    public func attempt(_ text: String, from client: String, consume: Bool) -> Attempt {
        guard attempts.mayTry(client, at: now()) else { return .tooMany }
        guard consume ? self.consume(text) : isValid(text) else {
            attempts.fail(client, at: now())
            return .wrong
        }
        return .valid
    }

    @discardableResult private func replace() -> PairingCode {
        let code = PairingCode.random(now: now(), using: &random)
        current = code
        onNewCode(code)
        return code
    }
}
