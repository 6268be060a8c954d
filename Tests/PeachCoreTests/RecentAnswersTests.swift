import PeachCore
import Testing

@Suite("Recent answers")
struct RecentAnswersTests {
    @Test("the latest answers by time are kept, whatever order they arrive in; older ones drop out")
    func anyOrder() {
        var generator = SeededRandomNumberGenerator(seed: 3)
        let answers = (0..<500).map { index in
            (Timestamp(millisecondsSince1970: Int64(index / 2) * 1000), index % 7)
        }
        var ordered = RecentAnswers<Int>(capacity: 100)
        for (time, value) in answers { ordered.add(value, at: time) }
        for _ in 0..<5 {
            var shuffled = RecentAnswers<Int>(capacity: 100)
            for (time, value) in answers.shuffled(using: &generator) { shuffled.add(value, at: time) }
            #expect(shuffled == ordered)
        }
        #expect(ordered.entries.count == 100)
        #expect(ordered.entries.first?.millisecondsSince1970 == 200_000)
        #expect(ordered.last(3).map(\.millisecondsSince1970) == [248_000, 249_000, 249_000])
        #expect(ordered.last(2, before: 98).map(\.millisecondsSince1970) == [200_000, 200_000])
    }
}
