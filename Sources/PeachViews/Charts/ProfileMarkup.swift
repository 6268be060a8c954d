import PeachCore

/// The SVG coordinates every profile renderer writes into its markup. Texts go in as the pages'
/// do, interpolated into `Markup`, which escapes them.
///
/// Coordinates are rounded to hundredths of a `viewBox` unit and written with a decimal point
/// and no trailing zeros (`12.5`, `3`, `-0.25`) by `DecimalText`, so the same drawing is the
/// same bytes everywhere and a dense chart stays small.
enum ProfileMarkup {
    /// A coordinate rounded to 0.01.
    /// - Complexity: O(1).
    static func number(_ value: Double) -> String {
        DecimalText.trimmed(value, maximumFractionDigits: 2)
    }
}
