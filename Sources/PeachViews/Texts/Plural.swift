import PeachCore

/// A counted noun in one language: the text for a count of one and for every other count, with
/// `{count}` where the number goes. English and German both have exactly these two forms (0 is
/// plural in both: "0 days", "0 Tage"); the form follows the count, the shown number may be
/// grouped ("1,234 days").
public struct Plural: Sendable {
    public let one: String
    public let other: String

    public init(one: String, other: String) {
        self.one = one
        self.other = other
    }

    /// The text for `count`, showing `shown` (by default the plain number).
    public func callAsFunction(_ count: Int, shown: String? = nil) -> String {
        (count == 1 ? one : other).replacingEvery("{count}", with: shown ?? String(count))
    }
}
