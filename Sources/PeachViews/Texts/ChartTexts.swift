import PeachCore

/// The profile's chart, the Start page's preview, the threshold and matching summaries and the timeline; numbers and dates are written by `Texts+ProfileFormatting`.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
public struct ChartTexts: Sendable {
    public let profileTitle: String
    /// The chart's accessible summary; `threshold` is the estimate with its interval as spoken
    /// (`ProfileTexts.spokenEstimate`), `nil` without data.
    public let chartSummary: @Sendable (_ lower: String, _ upper: String, _ threshold: String?) -> String
    /// The Start page preview's accessible name; `caption` is the line shown under the drawing
    /// (`ProfileChart.caption`), said before "tap", `nil` without one.
    public let previewLabel: @Sendable (_ threshold: String?, _ caption: String?) -> String
    public let chartEmpty: String
    /// The preview's caption while some notes of the range have no answers yet.
    public let previewFillsIn: String
    public let centsAxisTitle: String
    public let thresholdHeading: String
    /// Every answer, however old, beside "now" (`ProfileTexts.now`).
    public let allTime: String
    public let trend: String
    /// The words of each trend, shown beside its arrow on the page and by `peach stats`.
    public let trendMeaning: @Sendable (Trend) -> String
    public let matchingHeading: String
    public let attempts: String
    public let matchingEmpty: String
    public let timelineHeading: String
    public let timelineEmpty: String
    public let monthNames: [String]
    public let shortMonthNames: [String]
    /// "3 Mar 2026" / "3. März 2026"
    public let longDateFormat: @Sendable (_ day: Int, _ month: String, _ year: Int) -> String
    /// "3 Mar" / "3. März"
    public let shortDateFormat: @Sendable (_ day: Int, _ shortMonth: String) -> String
    /// "Mar 2026" / "März 2026"
    public let monthYearFormat: @Sendable (_ shortMonth: String, _ year: Int) -> String
}
