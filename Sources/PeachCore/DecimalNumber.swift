/// A decimal number as digits and a power of ten, `±digits × 10^exponent`, converted to the
/// nearest `Double` (ties to even), as IEEE 754 and `Double(_: String)` round. The core's own
/// conversion, because `Double(_: String)` needs the C library's `strtod`, which the WebAssembly
/// build does not have; one implementation serves both builds.
///
/// The method is Clinger's AlgorithmR ("How to read floating point numbers accurately", 1990):
/// a first guess from 64-bit arithmetic, exact when the digits and the power of ten are both
/// exact doubles (the common case: settings, and most CSV values), otherwise corrected one
/// unit in the last place at a time by comparing the decimal value with the midpoints between
/// neighbouring doubles in exact integer arithmetic.
struct DecimalNumber {
    /// Significant digits, 0…9 each, without leading zeros (empty for zero).
    var digits: [UInt8]
    /// The power of ten of the last digit.
    var exponent: Int
    var isNegative: Bool

    /// The nearest double; ±infinity beyond the largest finite one.
    /// - Complexity: O(n²) in the digits in the worst case; O(n) when the guess is exact.
    var double: Double {
        let magnitude = Self.magnitude(digits, exponent)
        return isNegative ? -magnitude : magnitude
    }

    /// Exact powers of ten as doubles: 10^22 is the largest (5^22 < 2^53).
    private static let exactPowers: [Double] = {
        var powers: [Double] = [1]
        for _ in 1...22 { powers.append(powers.last! * 10) }
        return powers
    }()

    /// `digits · 10^exponent` when both are exact doubles (at most 2^53 and 10^22): one
    /// correctly rounded multiplication or division (Clinger's fast path); `nil` otherwise.
    static func exactValue(_ digits: UInt64, _ exponent: Int) -> Double? {
        guard digits <= 1 << 53, abs(exponent) <= 22 else { return nil }
        let value = Double(digits)
        return exponent >= 0 ? value * exactPowers[exponent] : value / exactPowers[-exponent]
    }

    private static func magnitude(_ digits: [UInt8], _ exponent: Int) -> Double {
        guard !digits.isEmpty else { return 0 }
        // Beyond these the value is certainly infinite or certainly rounds to zero (the largest
        // double is below 1.8e308, the smallest above 4.9e-324).
        let decimalPoint = digits.count + exponent
        if decimalPoint > 310 { return .infinity }
        if decimalPoint < -330 { return 0 }

        // The guess: the first 19 digits (they fit in 64 bits), scaled by powers of ten.
        var leading: UInt64 = 0
        for digit in digits.prefix(19) { leading = leading * 10 + UInt64(digit) }
        var scale = exponent + max(0, digits.count - 19)
        if digits.count <= 19, let exact = exactValue(leading, scale) { return exact }
        var guess = Double(leading)
        while scale > 0 {
            let step = min(scale, 22)
            guess *= exactPowers[step]
            scale -= step
        }
        while scale < 0 {
            let step = min(-scale, 22)
            guess /= exactPowers[step]
            scale += step
        }
        if guess.isInfinite { guess = .greatestFiniteMagnitude }
        if guess == 0 { guess = .leastNonzeroMagnitude }

        // Up to 19 digits fit in 64 bits, and then most comparisons fit in 128 (a CSV's 17-digit
        // cents always do): no heap allocation. Otherwise, or when a side is too wide, exact
        // big integers.
        let small = digits.count <= 19 ? leading : nil
        var big: BigNumber?
        func compare(midpointNumerator numerator: UInt64, powerOfTwo: Int) -> Int {
            if let small, let sign = compare128(small, exponent, numerator, powerOfTwo) { return sign }
            if big == nil { big = BigNumber(decimalDigits: digits) }
            return Self.compare(big!, exponent, midpointNumerator: numerator, powerOfTwo: powerOfTwo)
        }
        while true {
            let (m, e) = parts(guess)
            // Above the midpoint to the next double: move up (to infinity past the largest).
            let upper = compare(midpointNumerator: 2 * m + 1, powerOfTwo: e - 1)
            if upper > 0 || (upper == 0 && m & 1 == 1) {
                if guess == .greatestFiniteMagnitude { return .infinity }
                guess = guess.nextUp
                if upper == 0 { return guess }
                continue
            }
            guard guess != .leastNonzeroMagnitude else {
                // Below half the smallest double: zero (a tie goes to zero, the even one).
                return compare(midpointNumerator: 1, powerOfTwo: -1075) <= 0 ? 0 : guess
            }
            // The gap below is half as wide at the start of a binade (except the lowest).
            let startsBinade = m == 1 << 52 && e > -1074
            let lower =
                startsBinade
                ? compare(midpointNumerator: 4 * m - 1, powerOfTwo: e - 2)
                : compare(midpointNumerator: 2 * m - 1, powerOfTwo: e - 1)
            if lower < 0 || (lower == 0 && m & 1 == 1) {
                guess = guess.nextDown
                if lower == 0 { return guess }
                continue
            }
            return guess
        }
    }

    /// `x = m · 2^e` with `m` an integer (53 bits for a normal double).
    private static func parts(_ x: Double) -> (m: UInt64, e: Int) {
        let exponentBits = Int(x.exponentBitPattern)
        return exponentBits == 0
            ? (x.significandBitPattern, -1074)
            : (x.significandBitPattern | 1 << 52, exponentBits - 1075)
    }

    /// The sign of `value · 10^exponent − numerator · 2^powerOfTwo` in 128-bit integers, or `nil`
    /// if a side does not fit (then `compare` with big integers decides).
    private static func compare128(_ value: UInt64, _ exponent: Int, _ numerator: UInt64, _ powerOfTwo: Int) -> Int? {
        guard abs(exponent) <= 19 else { return nil }
        var power: UInt64 = 1
        for _ in 0..<abs(exponent) { power *= 10 }
        var left = (high: UInt64(0), low: value)
        var right = (high: UInt64(0), low: numerator)
        if exponent >= 0 {
            left = value.multipliedFullWidth(by: power)
        } else {
            right = numerator.multipliedFullWidth(by: power)
        }
        func shifted(_ x: (high: UInt64, low: UInt64), by bits: Int) -> (high: UInt64, low: UInt64)? {
            let width = x.high != 0 ? 128 - x.high.leadingZeroBitCount : 64 - x.low.leadingZeroBitCount
            guard width + bits <= 128 else { return width == 0 ? x : nil }
            if bits == 0 { return x }
            if bits >= 64 { return (x.low << UInt64(bits - 64), 0) }
            return (x.high << UInt64(bits) | x.low >> UInt64(64 - bits), x.low << UInt64(bits))
        }
        if powerOfTwo >= 0 {
            guard let shiftedRight = shifted(right, by: powerOfTwo) else { return nil }
            right = shiftedRight
        } else {
            guard let shiftedLeft = shifted(left, by: -powerOfTwo) else { return nil }
            left = shiftedLeft
        }
        if left.high != right.high { return left.high < right.high ? -1 : 1 }
        return left.low == right.low ? 0 : left.low < right.low ? -1 : 1
    }

    /// The sign of `value · 10^exponent − numerator · 2^powerOfTwo`, in exact integers: each
    /// negative power moves to the other side.
    private static func compare(
        _ value: BigNumber, _ exponent: Int, midpointNumerator: UInt64, powerOfTwo: Int
    ) -> Int {
        var left = value
        var right = BigNumber(midpointNumerator)
        if exponent >= 0 { left.multiply(byPowerOfTen: exponent) } else { right.multiply(byPowerOfTen: -exponent) }
        if powerOfTwo >= 0 { right.shiftLeft(powerOfTwo) } else { left.shiftLeft(-powerOfTwo) }
        return left.compare(right)
    }
}

/// A non-negative integer of any size, in 32-bit words, least significant first: just what
/// `DecimalNumber` needs (multiply by small numbers, shift, compare).
private struct BigNumber {
    private var words: [UInt32]

    init(_ value: UInt64) {
        words = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        trim()
    }

    init(decimalDigits: [UInt8]) {
        words = []
        var index = 0
        // Nine digits at a time: 10^9 < 2^32.
        while index < decimalDigits.count {
            let end = min(index + 9, decimalDigits.count)
            var chunk: UInt32 = 0
            var factor: UInt32 = 1
            for digit in decimalDigits[index..<end] {
                chunk = chunk * 10 + UInt32(digit)
                factor *= 10
            }
            multiply(by: factor, adding: chunk)
            index = end
        }
    }

    mutating func multiply(by factor: UInt32, adding addend: UInt32 = 0) {
        var carry = UInt64(addend)
        for index in words.indices {
            let product = UInt64(words[index]) * UInt64(factor) + carry
            words[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry > 0 { words.append(UInt32(carry)) }
        trim()
    }

    mutating func multiply(byPowerOfTen power: Int) {
        var remaining = power
        while remaining >= 9 {
            multiply(by: 1_000_000_000)
            remaining -= 9
        }
        var factor: UInt32 = 1
        for _ in 0..<remaining { factor *= 10 }
        if factor > 1 { multiply(by: factor) }
    }

    mutating func shiftLeft(_ bits: Int) {
        guard !words.isEmpty, bits > 0 else { return }
        let (wordShift, bitShift) = (bits / 32, bits % 32)
        if bitShift > 0 {
            var carry: UInt32 = 0
            for index in words.indices {
                let word = words[index]
                words[index] = word << UInt32(bitShift) | carry
                carry = word >> UInt32(32 - bitShift)
            }
            if carry > 0 { words.append(carry) }
        }
        words.insert(contentsOf: repeatElement(0, count: wordShift), at: 0)
    }

    func compare(_ other: BigNumber) -> Int {
        if words.count != other.words.count { return words.count < other.words.count ? -1 : 1 }
        for index in words.indices.reversed() where words[index] != other.words[index] {
            return words[index] < other.words[index] ? -1 : 1
        }
        return 0
    }

    private mutating func trim() {
        while words.last == 0 { words.removeLast() }
    }
}
