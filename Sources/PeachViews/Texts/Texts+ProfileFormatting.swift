import PeachCore

/// How the profile page writes numbers and dates, by hand and never through a locale: one
/// decimal for cents ("12.3" / "12,3" — a decimal point in English, a decimal comma in German),
/// U+2212 for minus, counts grouped by thousands ("1,234" / "1.234"), UTC calendar days with
/// the month names of the table. The same value always renders the same bytes, on every machine.
extension Texts {
    /// Shown instead of a number without data.
    public var noData: String { "—" }

    private var decimalSeparator: String { language == .german ? "," : "." }
    private var groupingSeparator: String { language == .german ? "." : "," }

    /// A value with exactly one decimal ("12.3" / "12,3", "−0.4"); a value that rounds to zero is "0.0".
    public func decimal(_ value: some UnitValue) -> String {
        decimal(value.value)
    }

    /// A value with one decimal and an explicit sign ("+2.1", "−2.1", "0.0").
    public func signedDecimal(_ value: some UnitValue) -> String {
        // Rounded as `decimal` rounds: a plus sign only on what it shows above zero.
        (value.value * 10).rounded() > 0 ? "+" + decimal(value.value) : decimal(value.value)
    }

    /// A plain number with exactly one decimal, as `decimal` writes a unit's ("3.6" ms).
    public func decimal(_ value: Double) -> String {
        DecimalText.fixed(value, fractionDigits: 1).replacingEvery("-", with: "\u{2212}")
            .replacingEvery(".", with: decimalSeparator)
    }

    /// A count grouped by thousands: "1,234,567" / "1.234.567".
    public func grouped(_ value: Int) -> String {
        // On the ASCII digits, as `DecimalText` works.
        let digits = Array(String(value.magnitude).utf8)
        var text = value < 0 ? "\u{2212}" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += groupingSeparator }
            text.unicodeScalars.append(Unicode.Scalar(digit))
        }
        return text
    }

    /// A cents value for the axis: "0.1", "1", "10", "100" / "0,1" …
    public func axisValue(_ cents: Cents) -> String {
        cents < 1 ? decimal(cents) : String(Int(cents.value.rounded()))
    }

    /// A UTC calendar day: "3 Mar 2026" / "3. März 2026".
    public func longDate(_ day: CalendarDay) -> String {
        charts.longDateFormat(day.day, charts.monthNames[day.month - 1], day.year)
    }

    /// A UTC calendar day without the year, for axis labels.
    public func shortDate(_ day: CalendarDay) -> String {
        charts.shortDateFormat(day.day, charts.shortMonthNames[day.month - 1])
    }

    /// A UTC month, for the labels of a long timeline.
    public func monthYear(_ day: CalendarDay) -> String {
        charts.monthYearFormat(charts.shortMonthNames[day.month - 1], day.year)
    }
}
