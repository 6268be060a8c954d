import Foundation
import PeachCore
import PeachFixtures
import Testing

@testable import PeachViews

@Suite("Profile number and date formatting")
struct ProfileFormattingTests {
    @Test("one decimal, a decimal point in English and a comma in German, U+2212 for minus")
    func decimals() {
        let (english, german) = (Texts.english, Texts.german)
        #expect(english.decimal(12.34) == "12.3")
        #expect(english.decimal(12.35) == "12.4")
        #expect(german.decimal(12.34) == "12,3")
        #expect(english.decimal(20) == "20.0")
        #expect(english.decimal(0.04) == "0.0")
        #expect(english.decimal(-0.04) == "0.0")
        #expect(english.decimal(-2.06) == "\u{2212}2.1")
        #expect(english.signedDecimal(Cents(2.06)) == "+2.1")
        #expect(english.signedDecimal(Cents(0)) == "0.0")
        #expect(english.signedDecimal(Cents(0.04)) == "0.0" && english.signedDecimal(Cents(-0.04)) == "0.0")
        #expect(english.signedDecimal(Cents(0.05)) == "+0.1" && german.signedDecimal(Cents(-0.05)) == "\u{2212}0,1")
        #expect(english.estimate(nil) == "—")
        let estimate = ThresholdEstimate(threshold: 6.25, lower: 5.14, upper: 7.66, answers: 12)
        #expect(english.estimate(estimate) == "6.3 cents (5.1–7.7)")
        #expect(german.estimate(estimate) == "6,3 Cent (5,1–7,7)")
        #expect(english.spokenEstimate(estimate) == "6.3 cents, 95 % interval 5.1 to 7.7 cents")
        #expect(german.spokenEstimate(estimate) == "6,3 Cent, 95-%-Intervall 5,1 bis 7,7 Cent")
        #expect(english.range(ReferenceThresholds.musicians) == "2 to 3.5")
        #expect(german.range(ReferenceThresholds.musicians) == "2 bis 3,5")
        #expect(english.axisValue(0.1) == "0.1" && german.axisValue(0.1) == "0,1" && english.axisValue(100) == "100")
    }

    @Test("counts are grouped by thousands")
    func counts() {
        #expect(Texts.english.grouped(0) == "0")
        #expect(Texts.english.grouped(999) == "999")
        #expect(Texts.english.grouped(1000) == "1,000")
        #expect(Texts.english.grouped(1_234_567) == "1,234,567")
        #expect(Texts.german.grouped(1_234_567) == "1.234.567")
        #expect(Texts.english.grouped(100_000) == "100,000")
        #expect(Texts.english.grouped(-1_234) == "\u{2212}1,234")
    }

    @Test("SVG coordinates: hundredths, a decimal point, no trailing zeros")
    func coordinates() {
        #expect(ProfileMarkup.number(12) == "12")
        #expect(ProfileMarkup.number(12.5) == "12.5")
        #expect(ProfileMarkup.number(12.05) == "12.05")
        #expect(ProfileMarkup.number(12.004) == "12")
        #expect(ProfileMarkup.number(-0.25) == "-0.25")
        #expect(ProfileMarkup.number(-0.001) == "0")
    }

    @Test("UTC calendar days, in English and German")
    func dates() {
        func date(_ days: Int) -> CalendarDay {
            CalendarDay(Timestamp(millisecondsSince1970: Int64(days) * 86_400_000 + 3_600_000))
        }
        #expect(Texts.english.longDate(date(0)) == "1 January 1970")
        #expect(Texts.english.longDate(date(-1)) == "31 December 1969")
        #expect(Texts.english.longDate(date(11_016)) == "29 February 2000")
        #expect(Texts.german.longDate(date(20_513)) == "1. März 2026")
        #expect(Texts.german.shortDate(date(20_513)) == "1. März")
        #expect(Texts.english.shortDate(date(20_513)) == "1 Mar")
        #expect(Texts.english.monthYear(date(20_513)) == "Mar 2026")
        // Just before midnight UTC is still the same day.
        #expect(
            Texts.english.longDate(CalendarDay(Timestamp(millisecondsSince1970: 20_514 * 86_400_000 - 1000)))
                == "1 March 2026")
    }
}

@Suite("Counted nouns")
struct PluralTests {
    @Test("one is singular, every other count plural, in both languages")
    func plural() {
        let days = Plural(one: "{count} day", other: "{count} days")
        #expect(days(1) == "1 day" && days(0) == "0 days" && days(2) == "2 days")
        #expect(days(1234, shown: "1,234") == "1,234 days")
        let (english, german) = (Texts.english, Texts.german)
        #expect(english.profile.trainingWeeks(1) == "1 week" && english.profile.trainingWeeks(3) == "3 weeks")
        #expect(german.profile.trainingWeeks(1) == "1 Woche" && german.profile.answerCount(1) == "1 Antwort")
        #expect(
            english.settingsPage.resetDone(1) == "Deleted 1 training record."
                && german.settingsPage.resetDone(1) == "1 Übung gelöscht.")
        #expect(english.training.centsText(-1) == "\u{2212}1 cent" && english.training.centsText(2) == "+2 cents")
        #expect(english.training.centsSharp(1) == "1 cent sharp" && english.training.centsFlat(3) == "3 cents flat")
    }

    @Test("a timeline of one week names that week once")
    func oneWeekTimeline() {
        let english = TimelineChart(profile: ProfileFixtures.oneNote, mode: .comparison, language: .english).summary
        let german = TimelineChart(profile: ProfileFixtures.oneNote, mode: .comparison, language: .german).summary
        // 1 March 2026 is a Sunday: its week began on Monday 23 February.
        #expect(english.hasPrefix("Comparison: threshold in the week of 23 February 2026, "))
        #expect(german.hasPrefix("Tonvergleich: Schwelle in der Woche ab 23. Februar 2026, "))
    }
}
