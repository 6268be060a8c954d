import PeachCore

/// The profile's chart, the Start page's preview, the threshold and matching summaries and the timeline; numbers and dates are written by `Texts+ProfileFormatting`.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
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

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: ChartTexts {
        ChartTexts(
            profileTitle: "Profile",
            chartSummary: { lower, upper, threshold in
                "Perceptual profile showing detection thresholds from \(lower) to \(upper). "
                    + (threshold.map { "Threshold: \($0)." } ?? "Start training to build your profile.")
            },
            previewLabel: { threshold, caption in
                "Your pitch profile. " + (threshold.map { "Threshold: \($0). " } ?? "")
                    + (caption.map { "\($0). " } ?? "")
                    + "Tap to view details."
            },
            chartEmpty: "Start training to build your profile",
            previewFillsIn: "Your profile fills in as you train",
            centsAxisTitle: "cents",
            thresholdHeading: "Detection threshold",
            allTime: "All time",
            trend: "Trend",
            trendMeaning: { trend in
                switch trend {
                case .improving: "improving"
                case .stable: "no clear change"
                case .declining: "declining"
                case .notEnoughData: "not enough weeks yet"
                }
            },
            matchingHeading: "Pitch matching accuracy",
            attempts: "Attempts",
            matchingEmpty: "Start pitch matching to see your accuracy",
            timelineHeading: "Progress over time",
            timelineEmpty: "Your progress appears here after your first answers",
            monthNames: [
                "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                "November", "December",
            ],
            shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
            longDateFormat: { day, month, year in "\(day) \(month) \(year)" },
            shortDateFormat: { day, month in "\(day) \(month)" },
            monthYearFormat: { month, year in "\(month) \(year)" }
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: ChartTexts {
        ChartTexts(
            profileTitle: "Profil",
            chartSummary: { lower, upper, threshold in
                "Wahrnehmungsprofil mit den Unterscheidungsschwellen von \(lower) bis \(upper). "
                    + (threshold.map { "Schwelle: \($0)." } ?? "Beginne mit dem Training, um dein Profil aufzubauen.")
            },
            previewLabel: { threshold, caption in
                "Dein Tonhöhenprofil. " + (threshold.map { "Schwelle: \($0). " } ?? "")
                    + (caption.map { "\($0). " } ?? "")
                    + "Tippe, um die Details zu sehen."
            },
            chartEmpty: "Beginne mit dem Training, um dein Profil aufzubauen",
            previewFillsIn: "Dein Profil füllt sich, während du trainierst",
            centsAxisTitle: "Cent",
            thresholdHeading: "Unterscheidungs\u{AD}schwelle",
            allTime: "Insgesamt",
            trend: "Trend",
            trendMeaning: { trend in
                switch trend {
                case .improving: "wird feiner"
                case .stable: "keine klare Änderung"
                case .declining: "wird gröber"
                case .notEnoughData: "noch nicht genug Wochen"
                }
            },
            matchingHeading: "Treff\u{AD}genauigkeit",
            attempts: "Versuche",
            matchingEmpty: "Trainiere „Ton treffen“, um deine Treffgenauigkeit zu sehen",
            timelineHeading: "Verlauf",
            timelineEmpty: "Dein Verlauf erscheint hier nach deinen ersten Antworten",
            monthNames: [
                "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober",
                "November", "Dezember",
            ],
            shortMonthNames: [
                "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sep.", "Okt.", "Nov.", "Dez.",
            ],
            longDateFormat: { day, month, year in "\(day). \(month) \(year)" },
            shortDateFormat: { day, month in "\(day). \(month)" },
            monthYearFormat: { month, year in "\(month) \(year)" }
        )
    }
}
