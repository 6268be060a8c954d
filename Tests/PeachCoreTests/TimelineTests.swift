import Foundation
import PeachCore
import Testing

/// `date` to the nearest millisecond, as the server turns its clock into a timestamp.
private func timestamp(_ date: Date) -> Timestamp {
    Timestamp(millisecondsSince1970: Int64((date.timeIntervalSince1970 * 1000).rounded()))
}

private func utc(_ text: String) -> Timestamp {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return timestamp(formatter.date(from: text)!)
}

/// A comparison at `time` of `cents`, right or wrong.
private func comparison(_ time: String, _ cents: Double, correct: Bool = true) -> ComparisonRecord {
    let note = try! MIDINote(60)
    return ComparisonRecord(
        timestamp: utc(time),
        context: ExerciseContext(
            referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament),
        centOffset: Cents(cents), isCorrect: correct)
}

@Suite("Timeline")
struct TimelineTests {
    @Test("weeks run Monday to Sunday in UTC: Sunday 23:59:59.999 and Monday 00:00 are two weeks")
    func weekBoundary() {
        // 2026-03-01 is a Sunday, 2026-03-02 a Monday.
        let sunday = CalendarWeek.of(utc("2026-03-01T23:59:59.999Z"))
        let monday = CalendarWeek.of(utc("2026-03-02T00:00:00.000Z"))
        #expect(monday == sunday + 1)
        #expect(CalendarWeek.of(utc("2026-03-08T23:59:59.999Z")) == monday)
        #expect(CalendarWeek.monday(of: monday) == CalendarDay(year: 2026, month: 3, day: 2))
        #expect(CalendarWeek.monday(of: sunday) == CalendarDay(year: 2026, month: 2, day: 23))
    }

    @Test("weeks are UTC weeks, whatever the local offset: Sunday 23:30 in New York is Monday's week")
    func utcNotLocal() {
        let newYorkSunday = ISO8601DateFormatter().date(from: "2026-03-01T23:30:00-05:00")!
        #expect(CalendarWeek.of(timestamp(newYorkSunday)) == CalendarWeek.of(utc("2026-03-02T00:00:00.000Z")))
    }

    @Test("weeks before 1970 count down across the start: 1970-01-01 is a Thursday of week 0")
    func before1970() {
        #expect(CalendarWeek.of(utc("1970-01-01T00:00:00.000Z")) == 0)
        #expect(CalendarWeek.of(utc("1969-12-29T00:00:00.000Z")) == 0)
        #expect(CalendarWeek.of(utc("1969-12-28T23:59:59.999Z")) == -1)
        #expect(CalendarWeek.monday(of: -1) == CalendarDay(year: 1969, month: 12, day: 22))
    }

    @Test("each week holds its own answers, an earlier week's answer lands in its place, in date order")
    func weeksInOrder() {
        var statistics = ComparisonStatistics()
        for record in [
            comparison("2026-03-16T10:00:00.000Z", 5), comparison("2026-03-02T10:00:00.000Z", 40),
            comparison("2026-03-09T10:00:00.000Z", 20, correct: false), comparison("2026-03-03T10:00:00.000Z", 30),
            comparison("2026-03-18T10:00:00.000Z", 4),
        ] {
            statistics.add(record)
        }
        let first = CalendarWeek.of(utc("2026-03-02T00:00:00.000Z"))
        #expect(statistics.weeks.map(\.week) == [first, first + 1, first + 2])
        #expect(statistics.weeks.map(\.bins.answers) == [2, 1, 2])
        #expect(statistics.weeks[1].bins.answers(in: OffsetBins.bin(of: 20)) == (1, 0))
        // Each week's estimate rests on that week's answers alone.
        #expect(statistics.weeklyEstimates.map(\.estimate.answers) == [2, 1, 2])
        #expect(
            statistics.weeklyEstimates.map(\.estimate) == statistics.weeks.map { ThresholdPosterior($0.bins).estimate })
    }

    @Test("without answers there are no weeks")
    func empty() {
        #expect(ComparisonStatistics().weeks.isEmpty && ComparisonStatistics().weeklyEstimates.isEmpty)
    }
}
