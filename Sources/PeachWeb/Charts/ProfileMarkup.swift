/// What every profile renderer writes into its markup: escaped text and SVG coordinates.
///
/// Coordinates are rounded to hundredths of a `viewBox` unit and written with a decimal point
/// and no trailing zeros (`12.5`, `3`, `-0.25`), without `String(format:)` or a locale, so the
/// same drawing is the same bytes everywhere and a dense chart stays small.
enum ProfileMarkup {
    /// Text or attribute value with `& < > " '` escaped (the pages' own escaping).
    static func escaped(_ text: String) -> String {
        HTML.escape(text)
    }

    /// A coordinate rounded to 0.01.
    /// - Complexity: O(1).
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let magnitude = abs(hundredths)
        let sign = hundredths < 0 ? "-" : ""
        let (whole, fraction) = (magnitude / 100, magnitude % 100)
        switch fraction {
        case 0: return sign + String(whole)
        case let f where f % 10 == 0: return sign + String(whole) + "." + String(f / 10)
        case let f where f < 10: return sign + String(whole) + ".0" + String(f)
        case let f: return sign + String(whole) + "." + String(f)
        }
    }
}
