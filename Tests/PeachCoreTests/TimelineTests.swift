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

private func history(_ entries: [(String, Double)]) -> ThresholdHistory {
    var history = ThresholdHistory()
    for (time, value) in entries { history.add(value, at: utc(time)) }
    return history
}

@Suite("Timeline")
struct TimelineTests {
    @Test("23:59:59.999 UTC and 00:00:00 UTC the next day are two calendar days, each dated midnight UTC")
    func dayBoundary() {
        let timeline = history([("2026-03-01T23:59:59.999Z", 10), ("2026-03-02T00:00:00.000Z", 30)]).timeline
        #expect(timeline.map(\.day.start) == [utc("2026-03-01T00:00:00.000Z"), utc("2026-03-02T00:00:00.000Z")])
        #expect(timeline.map(\.count) == [1, 1])
        #expect(timeline.map(\.mean) == [10, 30])
        #expect(timeline.map(\.rollingMean) == [10, 20])
    }

    @Test("00:00:00 and 23:59:59.999 UTC are the same day")
    func sameDay() {
        let timeline = history([
            ("2026-03-01T00:00:00.000Z", 10), ("2026-03-01T12:00:00.000Z", 20), ("2026-03-01T23:59:59.999Z", 60),
        ])
        .timeline
        #expect(timeline.count == 1)
        #expect(timeline[0].day.start == utc("2026-03-01T00:00:00.000Z"))
        #expect(timeline[0].count == 3 && timeline[0].mean == 30 && timeline[0].rollingMean == 30)
    }

    @Test("days are UTC days, whatever the local offset of the moment: 23:30 in New York is the next UTC day")
    func utcNotLocal() {
        let formatter = ISO8601DateFormatter()
        let newYorkEvening = formatter.date(from: "2026-03-01T23:30:00-05:00")!
        var history = ThresholdHistory()
        history.add(5, at: timestamp(newYorkEvening))
        #expect(history.timeline.map(\.day.start) == [utc("2026-03-02T00:00:00.000Z")])
    }

    @Test("days before 1970 fall on the right side of midnight too")
    func before1970() {
        let timeline = history([("1969-12-31T23:59:59.999Z", 1), ("1970-01-01T00:00:00.000Z", 3)]).timeline
        #expect(timeline.map(\.day.start) == [utc("1969-12-31T00:00:00.000Z"), utc("1970-01-01T00:00:00.000Z")])
    }

    @Test("the rolling mean covers 20 calendar days: a value 19 days earlier stays in, 20 days earlier leaves")
    func rollingWindow() {
        #expect(TimelineDay.rollingWindowDays == 20)
        let nineteen = history([("2026-03-01T08:00:00.000Z", 10), ("2026-03-20T23:00:00.000Z", 30)]).timeline
        #expect(nineteen.map(\.rollingMean) == [10, 20])
        let twenty = history([("2026-03-01T23:59:59.999Z", 10), ("2026-03-21T00:00:00.000Z", 30)]).timeline
        #expect(twenty.map(\.rollingMean) == [10, 30])
    }

    @Test("the rolling mean weighs by count, skips days without data, and lets old days leave one by one")
    func rollingMeanWeighted() {
        let timeline = history([
            ("2026-03-01T10:00:00.000Z", 10), ("2026-03-01T11:00:00.000Z", 20),  // day 0: two values, mean 15
            ("2026-03-06T10:00:00.000Z", 60),  // day 5: window {10, 20, 60} → 30
            ("2026-03-20T10:00:00.000Z", 50),  // day 19: window {10, 20, 60, 50} → 35
            ("2026-03-21T10:00:00.000Z", 70),  // day 20: day 0 left → {60, 50, 70} → 60
            ("2026-03-26T10:00:00.000Z", 90),  // day 25: day 5 left → {50, 70, 90} → 70
        ]).timeline
        #expect(timeline.count == 5)
        #expect(timeline.map(\.count) == [2, 1, 1, 1, 1])
        #expect(timeline.map(\.mean) == [15, 60, 50, 70, 90])
        #expect(timeline.map(\.rollingMean) == [15, 30, 35, 60, 70])
    }

    @Test("a value for an earlier day than the last still lands on its own day, in date order")
    func outOfOrderDay() {
        let timeline = history([
            ("2026-03-05T10:00:00.000Z", 50), ("2026-03-01T10:00:00.000Z", 10), ("2026-03-03T10:00:00.000Z", 30),
            ("2026-03-01T11:00:00.000Z", 20), ("2026-03-05T11:00:00.000Z", 70),
        ]).timeline
        #expect(
            timeline.map(\.day.start) == ["2026-03-01", "2026-03-03", "2026-03-05"].map { utc($0 + "T00:00:00.000Z") })
        #expect(timeline.map(\.count) == [2, 1, 2])
        #expect(timeline.map(\.mean) == [15, 30, 60])
        #expect(timeline.map(\.rollingMean) == [15, 20, 36])
    }

    @Test("an empty history has an empty timeline")
    func empty() {
        #expect(ThresholdHistory().timeline.isEmpty)
    }
}
