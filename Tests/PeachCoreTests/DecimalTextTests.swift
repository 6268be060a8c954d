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

    /// The core converts decimal text itself (no strtod in WebAssembly); the standard library's
    /// Double(_:), which rounds correctly, is the reference.
    @Test("parse rounds to the nearest double exactly as Double(_:) does (seeded random texts)")
    func roundsAsTheStandardLibrary() {
        var random = SeededRandomNumberGenerator(seed: 20_261_123)
        var texts: [String] = []
        for _ in 0..<50_000 {
            // The shortest text of a double of any magnitude, subnormals included.
            texts.append(DecimalText.shortest(Double(bitPattern: random.next() & 0x7fef_ffff_ffff_ffff)))
            // Up to 40 random digits with a point and an exponent: long texts that lie between
            // two doubles, where only exact arithmetic rounds right.
            let count = random.integer(in: 1...40)
            var digits = String((0..<count).map { _ in Character(String(random.integer(in: 0...9))) })
            digits.insert(".", at: digits.index(digits.startIndex, offsetBy: random.integer(in: 0...count)))
            texts.append(digits + "e" + String(random.integer(in: -345...330)))
        }
        for text in texts {
            let expected = Double(text).flatMap { $0.isFinite ? $0 : nil }
            #expect(DecimalText.parse(text)?.bitPattern == expected?.bitPattern, "\(text)")
        }
    }

    @Test(
        "parse rounds exact midpoints to even, and at the ends of the range",
        arguments: [
            ("9007199254740993", 9_007_199_254_740_992), ("9007199254740995", 9_007_199_254_740_996),
            // The largest subnormal and the smallest (as named values: their literals warn of underflow).
            ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
            ("4.9406564584124654e-324", .leastNonzeroMagnitude),
            ("2.4703282292062327e-324", 0), ("2.4703282292062328e-324", .leastNonzeroMagnitude),
            ("1.7976931348623157e308", .greatestFiniteMagnitude), ("-0", -0.0),
            ("0.000000000000000000000000000000001", 1e-33), ("123456789012345678901234567890", 1.2345678901234568e29),
        ])
    func roundsEdges(text: String, value: Double) {
        #expect(DecimalText.parse(text)?.bitPattern == value.bitPattern)
    }

    @Test("a value beyond the largest double is refused, not rounded down")
    func refusesOverflow() {
        #expect(DecimalText.parse("1.7976931348623159e308") == nil)
        #expect(DecimalText.parse("1e999999999999") == nil)
        #expect(DecimalText.parse("1e-999999999999") == 0)
    }
}
