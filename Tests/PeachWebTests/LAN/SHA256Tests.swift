import Testing

@testable import PeachWeb

/// The example messages and digests NIST publishes for SHA-256 (FIPS 180-4 examples,
/// "SHA256.pdf" and the one-million-'a' long message of the Secure Hashing examples).
@Suite("SHA-256 (FIPS 180-4)")
struct SHA256Tests {
    func hex(_ message: String) -> String {
        SHA256.hash(Array(message.utf8)).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    @Test("the empty message")
    func empty() {
        #expect(hex("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }

    @Test("the one-block message \"abc\"")
    func abc() {
        #expect(hex("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test("the 448-bit two-block message, whose padding needs a second block")
    func twoBlocks() {
        #expect(
            hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("the 896-bit message")
    func longerMessage() {
        let message =
            "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu"
        #expect(hex(message) == "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1")
    }

    @Test("one million repetitions of 'a'")
    func millionAs() {
        #expect(
            hex(String(repeating: "a", count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }
}
