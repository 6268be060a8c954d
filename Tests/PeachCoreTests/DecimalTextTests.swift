import PeachCore
import Testing

@Suite("Decimal text")
struct DecimalTextTests {
    @Test(
        "fixed rounds half away from zero to exactly the digits asked for, without a minus on zero",
        arguments: [
            (2.25, 1, "2.3"), (-2.25, 1, "-2.3"), (3, 2, "3.00"), (-0.04, 1, "0.0"), (-0.05, 1, "-0.1"),
            (1234.5678, 3, "1234.568"), (0.4, 0, "0"), (0.5, 0, "1"), (12.345, 1, "12.3"), (0.001, 2, "0.00"),
            (0.07, 2, "0.07"), (-7.5, 0, "-8"), (1e20, 2, "100000000000000000000"),
        ])
    func fixed(value: Double, digits: Int, text: String) {
        #expect(DecimalText.fixed(value, fractionDigits: digits) == text)
    }

    @Test(
        "trimmed drops trailing zeros down to the minimum",
        arguments: [
            (12.5, 0, 2, "12.5"), (3, 0, 2, "3"), (-0.25, 0, 2, "-0.25"), (-0.001, 0, 2, "0"),
            (1, 1, 2, "1.0"), (0.9, 1, 2, "0.9"), (1.25, 1, 2, "1.25"), (440, 0, 6, "440"), (0.3, 0, 15, "0.3"),
        ])
    func trimmed(value: Double, minimum: Int, maximum: Int, text: String) {
        #expect(DecimalText.trimmed(value, minimumFractionDigits: minimum, maximumFractionDigits: maximum) == text)
    }

    @Test(
        "shortest writes the round-trip digits without an exponent",
        arguments: [
            (12.5, "12.5"), (3, "3"), (1e-6, "0.000001"), (-1e20, "-100000000000000000000"),
            (0.1 + 0.2, "0.30000000000000004"), (442.5, "442.5"), (1.5e-7, "0.00000015"),
        ])
    func shortest(value: Double, text: String) {
        #expect(DecimalText.shortest(value) == text)
    }

    @Test("shortest reads back as exactly the same number (seeded random values of every magnitude)")
    func roundTrip() {
        var generator = SeededRandomNumberGenerator(seed: 13)
        for _ in 0..<2_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = DecimalText.shortest(value)
            #expect(!text.contains("e"))
            #expect(DecimalText.parse(text) == value, "\(value) wrote \(text)")
        }
    }

    @Test(
        "parse takes decimal notation and nothing a person does not mean",
        arguments: [("442.5", 442.5), ("-3", -3), ("+1", 1), ("1e2", 100), ("2.5E-1", 0.25), (".5", 0.5), ("7.", 7)])
    func parses(text: String, value: Double) {
        #expect(DecimalText.parse(text) == value)
    }

    @Test(
        "parse refuses what Double(_:) would also read",
        arguments: [
            "", "abc", "nan", "NaN", "inf", "-infinity", "0x1B9", "441\u{0}garbage", " 1", "1 ", "1e", "1.2.3",
            "--1", "e5", ".", "1e400",
        ])
    func refuses(text: String) {
        #expect(DecimalText.parse(text) == nil)
    }
}
