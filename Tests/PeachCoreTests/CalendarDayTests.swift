import Foundation
import PeachCore
import Testing

@Suite("Calendar day")
struct CalendarDayTests {
    @Test(
        "known days since 1970 give their proleptic Gregorian dates",
        arguments: [
            (0, "1970-01-01"), (-1, "1969-12-31"), (11_016, "2000-02-29"), (-25_508, "1900-03-01"),
            (-719_528, "0000-01-01"), (2_932_896, "9999-12-31"), (20_513, "2026-03-01"),
        ])
    func knownDays(days: Int, text: String) {
        let day = CalendarDay(daysSince1970: days)
        #expect(day.isoText == text)
        #expect(day.daysSince1970 == days)
    }

    @Test("every day from 1900 to 2100 agrees with Foundation's Gregorian calendar in UTC")
    func agreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for days in stride(from: -25_567, through: 47_482, by: 1) {
            let date = Date(timeIntervalSince1970: Double(days * 86_400 + 43_200))
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let day = CalendarDay(Timestamp(millisecondsSince1970: Int64(days) * 86_400_000 + 43_200_000))
            guard day.year == parts.year, day.month == parts.month, day.day == parts.day else {
                Issue.record("day \(days): \(day.isoText), Foundation says \(parts)")
                return
            }
            #expect(day.daysSince1970 == days)
        }
    }

    @Test("a moment before midnight UTC belongs to the day before, even before 1970")
    func beforeMidnight() {
        #expect(CalendarDay(Timestamp(millisecondsSince1970: -500)).isoText == "1969-12-31")
        #expect(CalendarDay(Timestamp(millisecondsSince1970: 86_399_999)).isoText == "1970-01-01")
        #expect(
            CalendarDay(Timestamp(millisecondsSince1970: 86_400_000)).start
                == Timestamp(millisecondsSince1970: 86_400_000))
    }

    @Test("only real days can be made from a year, month and day")
    func validation() {
        #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(CalendarDay(year: 2023, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2026, month: 13, day: 1) == nil)
        #expect(CalendarDay(year: 2026, month: 4, day: 31) == nil)
        #expect(CalendarDay(year: 2026, month: 1, day: 0) == nil)
        #expect(CalendarDay(year: 42, month: 3, day: 7)?.isoText == "0042-03-07")
    }
}
