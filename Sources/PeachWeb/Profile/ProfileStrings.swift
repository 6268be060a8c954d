import Foundation
import PeachCore

/// Every text the profile renderers show, in one language, and how they write numbers and dates.
///
/// Kept in one file with one stored property per text (so a language that lacks a text does not
/// compile), in the same shape as the page's `Texts`, which absorbs it at integration.
///
/// Numbers are written by hand, never through a locale: one decimal for cents ("12.3" /
/// "12,3" — a decimal point in English, a decimal comma in German), U+2212 for minus, counts
/// grouped by thousands ("1,234" / "1.234"). Dates are UTC calendar days with the month names
/// below. The same value therefore always renders the same bytes, on every machine.
public struct ProfileStrings: Sendable {
    public let language: Language

    // Profile page
    public let profileTitle: String

    // Profile chart
    /// The chart's accessible summary; `average` is formatted cents, `nil` without data.
    public let chartSummary: @Sendable (_ lower: String, _ upper: String, _ average: String?) -> String
    /// The Start page preview's accessible name.
    public let previewLabel: @Sendable (_ average: String?) -> String
    public let chartEmpty: String
    public let centsAxisTitle: String
    /// "12.3 cents" / "12,3 Cent"
    public let centsFormat: @Sendable (String) -> String

    // Detection threshold
    public let thresholdHeading: String
    public let mean: String
    public let standardDeviation: String
    public let comparisons: String
    public let trend: String
    /// What the trend arrow means, for screen readers.
    public let trendMeanings: [Trend: String]

    // Pitch matching accuracy
    public let matchingHeading: String
    public let meanAbsoluteError: String
    public let attempts: String
    public let tendency: String
    public let tendsSharp: @Sendable (String) -> String
    public let tendsFlat: @Sendable (String) -> String
    public let noTendency: String
    public let matchingEmpty: String

    // Results by mode
    public let modesHeading: String
    public let modeColumn: String
    public let meanAndDeviationColumn: String
    public let exercisesColumn: String
    public let modeNames: [TrainingMode: String]

    // Timeline
    public let timelineHeading: String
    public let dailyMean: String
    public let rollingMean: String
    public let timelineEmpty: String
    /// The timeline's text alternative: number of days, first and last day, rolling mean then and now.
    public let timelineSummary:
        @Sendable (_ days: String, _ first: String, _ last: String, _ rollingFirst: String, _ rollingLast: String) ->
            String
    public let recentDays: String
    public let dateColumn: String
    public let monthNames: [String]
    public let shortMonthNames: [String]
    /// "3 Mar 2026" / "3. März 2026"
    public let longDateFormat: @Sendable (_ day: Int, _ month: String, _ year: Int) -> String
    /// "3 Mar" / "3. Mär."
    public let shortDateFormat: @Sendable (_ day: Int, _ shortMonth: String) -> String
    /// "Mar 2026" / "Mär. 2026"
    public let monthYearFormat: @Sendable (_ shortMonth: String, _ year: Int) -> String

    /// Shown instead of a number without data.
    public let noData = "—"

    private var decimalSeparator: String { language == .german ? "," : "." }
    private var groupingSeparator: String { language == .german ? "." : "," }

    /// The texts of a language.
    public static func of(_ language: Language) -> ProfileStrings {
        switch language {
        case .english: .english
        case .german: .german
        }
    }

    /// A value with exactly one decimal ("12.3" / "12,3", "−0.4"); a value that rounds to zero is "0.0".
    public func decimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "\u{2212}" : ""
        return "\(sign)\(abs(tenths) / 10)\(decimalSeparator)\(abs(tenths) % 10)"
    }

    /// A value with one decimal and an explicit sign ("+2.1", "−2.1", "0.0").
    public func signedDecimal(_ value: Double) -> String {
        let text = decimal(value)
        return text.hasPrefix("\u{2212}") || text == decimal(0) ? text : "+" + text
    }

    /// A count grouped by thousands: "1,234,567" / "1.234.567".
    public func count(_ value: Int) -> String {
        var digits = String(abs(value))
        var groups: [Substring] = []
        while digits.count > 3 {
            groups.insert(digits.suffix(3), at: 0)
            digits.removeLast(3)
        }
        groups.insert(Substring(digits), at: 0)
        return (value < 0 ? "\u{2212}" : "") + groups.joined(separator: groupingSeparator)
    }

    /// A cents value for the axis: "0.1", "1", "10", "100" / "0,1" …
    public func axisValue(_ value: Double) -> String {
        value < 1 ? decimal(value) : String(Int(value.rounded()))
    }

    /// Formatted cents with their unit ("12.3 cents"), or "—".
    public func cents(_ value: Double?) -> String {
        value.map { centsFormat(decimal($0)) } ?? noData
    }

    /// Mean ± standard deviation with the unit ("12.3 ± 4.5 cents"), the mean alone without a
    /// standard deviation, or "—".
    public func cents(_ mean: Double?, plusMinus deviation: Double?) -> String {
        guard let mean else { return noData }
        guard let deviation else { return cents(mean) }
        return centsFormat(decimal(mean) + " ± " + decimal(deviation))
    }

    /// A UTC calendar day: "3 Mar 2026" / "3. März 2026".
    public func longDate(_ date: Date) -> String {
        let parts = CalendarDay(date)
        return longDateFormat(parts.day, monthNames[parts.month - 1], parts.year)
    }

    /// A UTC calendar day without the year, for axis labels.
    public func shortDate(_ date: Date) -> String {
        let parts = CalendarDay(date)
        return shortDateFormat(parts.day, shortMonthNames[parts.month - 1])
    }

    /// A UTC month, for the labels of a long timeline.
    public func monthYear(_ date: Date) -> String {
        let parts = CalendarDay(date)
        return monthYearFormat(shortMonthNames[parts.month - 1], parts.year)
    }
}

/// Year, month and day of a date in UTC, the calendar the timeline counts days in.
struct CalendarDay {
    let year: Int
    let month: Int
    let day: Int

    /// Howard Hinnant's `civil_from_days` (proleptic Gregorian calendar): no locale, no time
    /// zone database, the same answer everywhere. O(1).
    init(_ date: Date) {
        let days = Int((date.timeIntervalSince1970 / 86_400).rounded(.down)) + 719_468
        let era = (days >= 0 ? days : days - 146_096) / 146_097
        let dayOfEra = days - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}

extension ProfileStrings {
    /// English.
    public static let english = ProfileStrings(
        language: .english,
        profileTitle: "Profile",
        chartSummary: { lower, upper, average in
            "Perceptual profile showing detection thresholds from \(lower) to \(upper). "
                + (average.map { "Average threshold: \($0) cents." } ?? "Start training to build your profile.")
        },
        previewLabel: { average in
            "Your pitch profile. " + (average.map { "Average threshold: \($0) cents. " } ?? "")
                + "Tap to view details."
        },
        chartEmpty: "Start training to build your profile",
        centsAxisTitle: "cents",
        centsFormat: { "\($0) cents" },
        thresholdHeading: "Detection threshold",
        mean: "Mean",
        standardDeviation: "Standard deviation",
        comparisons: "Comparisons",
        trend: "Trend",
        trendMeanings: [
            .improving: "improving", .stable: "stable", .declining: "declining",
            .notEnoughData: "not enough data yet",
        ],
        matchingHeading: "Pitch matching accuracy",
        meanAbsoluteError: "Mean error",
        attempts: "Attempts",
        tendency: "Tendency",
        tendsSharp: { "tends sharp (\($0) cents)" },
        tendsFlat: { "tends flat (\($0) cents)" },
        noTendency: "neither sharp nor flat",
        matchingEmpty: "Start pitch matching to see your accuracy",
        modesHeading: "Results by training mode",
        modeColumn: "Training",
        meanAndDeviationColumn: "Mean ± SD",
        exercisesColumn: "Exercises",
        modeNames: [
            .comparison: "Comparison", .intervalComparison: "Interval Comparison",
            .pitchMatching: "Pitch Matching", .intervalPitchMatching: "Interval Pitch Matching",
        ],
        timelineHeading: "Progress over time",
        dailyMean: "Daily mean",
        rollingMean: "20-day mean",
        timelineEmpty: "Your progress over time appears here after your first day of training",
        timelineSummary: { days, first, last, rollingFirst, rollingLast in
            "Detection threshold on \(days) days of training from \(first) to \(last). "
                + "20-day mean: \(rollingFirst) cents at the start, \(rollingLast) cents now."
        },
        recentDays: "Recent days",
        dateColumn: "Date",
        monthNames: [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ],
        shortMonthNames: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"],
        longDateFormat: { day, month, year in "\(day) \(month) \(year)" },
        shortDateFormat: { day, month in "\(day) \(month)" },
        monthYearFormat: { month, year in "\(month) \(year)" }
    )

    /// German.
    public static let german = ProfileStrings(
        language: .german,
        profileTitle: "Profil",
        chartSummary: { lower, upper, average in
            "Wahrnehmungsprofil mit den Unterscheidungsschwellen von \(lower) bis \(upper). "
                + (average.map { "Durchschnittliche Schwelle: \($0) Cent." }
                    ?? "Beginne mit dem Training, um dein Profil aufzubauen.")
        },
        previewLabel: { average in
            "Dein Tonhöhenprofil. " + (average.map { "Durchschnittliche Schwelle: \($0) Cent. " } ?? "")
                + "Tippe, um die Details zu sehen."
        },
        chartEmpty: "Beginne mit dem Training, um dein Profil aufzubauen",
        centsAxisTitle: "Cent",
        centsFormat: { "\($0) Cent" },
        thresholdHeading: "Unterscheidungsschwelle",
        mean: "Mittelwert",
        standardDeviation: "Standardabweichung",
        comparisons: "Vergleiche",
        trend: "Trend",
        trendMeanings: [
            .improving: "wird feiner", .stable: "gleichbleibend", .declining: "wird gröber",
            .notEnoughData: "noch nicht genug Daten",
        ],
        matchingHeading: "Treffgenauigkeit",
        meanAbsoluteError: "Mittlere Abweichung",
        attempts: "Versuche",
        tendency: "Tendenz",
        tendsSharp: { "eher zu hoch (\($0) Cent)" },
        tendsFlat: { "eher zu tief (\($0) Cent)" },
        noTendency: "weder zu hoch noch zu tief",
        matchingEmpty: "Trainiere „Ton treffen“, um deine Treffgenauigkeit zu sehen",
        modesHeading: "Ergebnisse nach Trainingsart",
        modeColumn: "Training",
        meanAndDeviationColumn: "Mittelwert ± Std.-Abw.",
        exercisesColumn: "Übungen",
        modeNames: [
            .comparison: "Tonvergleich", .intervalComparison: "Intervallvergleich",
            .pitchMatching: "Ton treffen", .intervalPitchMatching: "Intervall treffen",
        ],
        timelineHeading: "Verlauf",
        dailyMean: "Tagesmittel",
        rollingMean: "20-Tage-Mittel",
        timelineEmpty: "Dein Verlauf erscheint hier nach deinem ersten Trainingstag",
        timelineSummary: { days, first, last, rollingFirst, rollingLast in
            "Unterscheidungsschwelle an \(days) Trainingstagen vom \(first) bis \(last). "
                + "20-Tage-Mittel: anfangs \(rollingFirst) Cent, jetzt \(rollingLast) Cent."
        },
        recentDays: "Letzte Tage",
        dateColumn: "Datum",
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
