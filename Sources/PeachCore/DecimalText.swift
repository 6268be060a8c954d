/// Numbers written and read as plain decimal text: a `.` for the point, a `-` for minus, no
/// exponent, no locale and no `String(format:)`, so the same value is the same bytes on every
/// machine. Every formatter in Peach starts here; a page swaps in its language's separator and
/// minus sign afterwards (`Texts`). Standard library only.
public enum DecimalText {
    /// `value` rounded half away from zero to exactly `fractionDigits` digits after the point
    /// (`fixed(2.25, fractionDigits: 1)` is `"2.3"`, `fixed(3, fractionDigits: 2)` is `"3.00"`).
    /// A value that rounds to zero has no minus sign. Beyond ±9·10¹⁵ after scaling, where a
    /// `Double` has no fraction digits left, the shortest round-trip text is returned instead.
    /// - Complexity: O(number of digits).
    public static func fixed(_ value: Double, fractionDigits: Int) -> String {
        var scale = 1.0
        var unit: UInt64 = 1
        for _ in 0..<max(0, fractionDigits) {
            scale *= 10
            unit *= 10
        }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, abs(scaled) < 9e15 else { return shortest(value) }
        let magnitude = UInt64(abs(scaled))
        let sign = scaled < 0 ? "-" : ""
        guard fractionDigits > 0 else { return sign + String(magnitude) }
        let fraction = String(magnitude % unit)
        let padding = String(repeating: "0", count: fractionDigits - fraction.utf8.count)
        return sign + String(magnitude / unit) + "." + padding + fraction
    }

    /// `value` rounded to `maximumFractionDigits`, then trailing zeros dropped down to
    /// `minimumFractionDigits` (and the point with them): `12.5`, `3`, `-0.25`; with a minimum
    /// of 1, a list of tenths reads `0.9, 1.0, 1.1`.
    public static func trimmed(_ value: Double, minimumFractionDigits: Int = 0, maximumFractionDigits: Int) -> String {
        // On the ASCII bytes, as `shortest`.
        var text = Array(fixed(value, fractionDigits: maximumFractionDigits).utf8)
        guard text.contains(UInt8(ascii: ".")) else { return String(decoding: text, as: UTF8.self) }
        var removable = maximumFractionDigits - max(0, minimumFractionDigits)
        while removable > 0, text.last == UInt8(ascii: "0") {
            text.removeLast()
            removable -= 1
        }
        if text.last == UInt8(ascii: ".") { text.removeLast() }
        return String(decoding: text, as: UTF8.self)
    }

    /// The shortest text that reads back as exactly `value`, never with an exponent:
    /// `12.5`, `3`, `0.000001`, `-1e+20` as `-100000000000000000000`.
    /// - Complexity: O(number of digits).
    public static func shortest(_ value: Double) -> String {
        let text = "\(value)"  // Swift prints the shortest round-trip digits.
        guard value.isFinite else { return text }
        // Worked on as ASCII bytes: the same result as with String's methods, a fraction of the
        // code in the wasm core.
        var digits = Array(text.utf8)
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits.removeFirst() }
        var exponent = 0
        if let e = digits.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            exponent = Int(String(decoding: digits[(e + 1)...], as: UTF8.self))!
            digits.removeSubrange(e...)
        }
        // The position of the decimal point within the digits, after the exponent.
        var point = digits.firstIndex(of: UInt8(ascii: ".")) ?? digits.count
        if point < digits.count { digits.remove(at: point) }
        point += exponent
        if point <= 0 {
            digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 1 - point), at: 0)
            point = 1
        } else if point > digits.count {
            digits += repeatElement(UInt8(ascii: "0"), count: point - digits.count)
        }
        var end = digits.count
        while end > point, digits[end - 1] == UInt8(ascii: "0") { end -= 1 }
        let integer = String(decoding: digits[..<point], as: UTF8.self)
        let fraction = end > point ? "." + String(decoding: digits[point..<end], as: UTF8.self) : ""
        return (negative ? "-" : "") + integer + fraction
    }

    /// A finite number in decimal notation: optional sign, digits with an optional fraction,
    /// optional exponent (`442.5`, `-3`, `1e2`, `.5`). `nil` for anything else, including what
    /// `Double(_:)` would also take but a person does not mean (`nan`, `inf`, hexadecimal
    /// `0x1B9`, `441` followed by a NUL, surrounding spaces).
    /// - Complexity: O(n) in the text.
    public static func parse(_ text: String) -> Double? {
        var bytes = text.utf8.makeIterator()
        var byte = bytes.next()
        let negative = byte == UInt8(ascii: "-")
        if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = bytes.next() }
        // The first 19 significant digits in 64 bits, any further ones apart: a number as
        // people and CSV files write it needs no heap allocation.
        var leading: UInt64 = 0
        var further: [UInt8] = []
        var significant = 0
        var exponent = 0  // The power of ten of the last digit read.
        var sawDigit = false
        var sawPoint = false
        while let current = byte {
            if current == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current) {
                sawDigit = true
                // Leading zeros carry no digit; a fraction digit lowers the exponent.
                if significant > 0 || current != UInt8(ascii: "0") {
                    if significant < 19 {
                        leading = leading * 10 + UInt64(current - 48)
                    } else {
                        further.append(current - 48)
                    }
                    significant += 1
                }
                if sawPoint { exponent -= 1 }
            } else {
                break
            }
            byte = bytes.next()
        }
        guard sawDigit else { return nil }
        if let marker = byte {
            guard marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") else { return nil }
            byte = bytes.next()
            let negativeExponent = byte == UInt8(ascii: "-")
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { byte = bytes.next() }
            var value = 0
            var sawExponentDigit = false
            while let current = byte, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(current) {
                sawExponentDigit = true
                // Saturates far beyond any finite double: 1e999999 is still infinite.
                value = min(value * 10 + Int(current - 48), 1_000_000)
                byte = bytes.next()
            }
            guard sawExponentDigit, byte == nil else { return nil }
            exponent += negativeExponent ? -value : value
        }
        let magnitude: Double
        if further.isEmpty, let exact = DecimalNumber.exactValue(leading, exponent) {
            magnitude = exact
        } else {
            // All the digits, trailing zeros moved into the exponent.
            var digits = Array(String(leading).utf8).map { $0 - 48 } + further
            if leading == 0 { digits = [] }
            while digits.last == 0 {
                digits.removeLast()
                exponent += 1
            }
            magnitude = DecimalNumber(digits: digits, exponent: exponent, isNegative: false).double
        }
        return magnitude.isFinite ? (negative ? -magnitude : magnitude) : nil
    }
}
