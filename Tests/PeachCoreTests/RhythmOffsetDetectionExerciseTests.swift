import PeachCore
import Testing

@Suite("Compare Timing's exercises")
struct RhythmOffsetDetectionExerciseTests {
    static let tempo = TempoBPM(90)!
    static func record(_ offsetMs: Double, correct: Bool, at second: Int64, tempo: TempoBPM = tempo)
        -> RhythmOffsetDetectionRecord
    {
        RhythmOffsetDetectionRecord(
            timestamp: Timestamp(millisecondsSince1970: 1_767_225_600_000 + second * 1_000), tempo: tempo,
            offsetMs: offsetMs, isCorrect: correct)
    }

    @Test(
        "an offset in percent becomes signed milliseconds at the tempo; the answer is right when it names the direction"
    )
    func exercise() throws {
        // 90 BPM: a sixteenth is 166.67 ms; 6 % of it is 10 ms.
        let early = RhythmOffsetDetectionExercise(tempo: Self.tempo, direction: .early, offset: 6)
        #expect(abs(early.offsetMs + 10) < 1e-12)
        #expect(early.direction == .early)
        #expect(abs(early.offset.value + 6) < 1e-12)
        #expect(early.isCorrect(answeredEarly: true) && !early.isCorrect(answeredEarly: false))
        let late = RhythmOffsetDetectionExercise(tempo: Self.tempo, direction: .late, offset: 6)
        #expect(abs(late.offsetMs - 10) < 1e-12)
        let record = try late.record(answeredEarly: true, at: Timestamp(millisecondsSince1970: 5))
        #expect(record.offsetMs == late.offsetMs && record.tempo == Self.tempo && !record.isCorrect)
    }

    @Test("a new band starts both tracks at 20 %, the direction drawn by the generator: both come up")
    func coldStart() {
        var directions = Set<TimingDirection>()
        var generator = SeededRandomNumberGenerator(seed: 3)
        for _ in 0..<20 {
            let exercise = RhythmOffsetDetectionExercise.next(
                tempo: Self.tempo, statistics: RhythmOffsetDetectionStatistics(), using: &generator)
            #expect(abs(exercise.offset.magnitude.value - 20) < 1e-12)
            directions.insert(exercise.direction)
        }
        #expect(directions == [.early, .late])
    }

    @Test("the direction with fewer answers in the tempo's band comes next; other bands do not count")
    func fewerFirst() {
        var statistics = RhythmOffsetDetectionStatistics()
        statistics.add(Self.record(-10, correct: true, at: 1))
        statistics.add(Self.record(-8, correct: true, at: 2))
        statistics.add(Self.record(12, correct: false, at: 3))
        // Late answers at 140 BPM, another band, do not make late the fuller track at 90.
        for second in 4...10 { statistics.add(Self.record(5, correct: true, at: Int64(second), tempo: TempoBPM(140)!)) }
        var generator = SeededRandomNumberGenerator(seed: 1)
        for _ in 0..<10 {
            let exercise = RhythmOffsetDetectionExercise.next(
                tempo: TempoBPM(99)!, statistics: statistics, using: &generator)
            #expect(exercise.direction == .late)
        }
    }

    @Test(
        "each track continues its own chain from its latest answer by timestamp, also within the band at another tempo")
    func continuesChain() {
        var statistics = RhythmOffsetDetectionStatistics()
        // 90 BPM: 10 ms = 6 %, 5 ms = 3 %. The early track's latest is 6 % answered wrongly.
        statistics.add(Self.record(-5, correct: true, at: 2))
        statistics.add(Self.record(-10, correct: false, at: 3))
        // An older answer synced late does not move the chain back.
        statistics.add(Self.record(-5, correct: true, at: 1))
        statistics.add(Self.record(10, correct: true, at: 4))
        statistics.add(Self.record(5, correct: true, at: 5))
        var generator = SeededRandomNumberGenerator(seed: 1)
        let exercise = RhythmOffsetDetectionExercise.next(
            tempo: TempoBPM(80)!, statistics: statistics, using: &generator)
        // Early has 3 answers, late 2: late comes next, continuing from 3 % answered rightly.
        #expect(exercise.direction == .late)
        #expect(abs(exercise.offset.value - 3 * (1 - 0.05 * 3.0.squareRoot())) < 1e-9)
        // Two more late answers: early has fewer, and continues from 6 % answered wrongly.
        statistics.add(Self.record(7, correct: true, at: 6))
        statistics.add(Self.record(7, correct: true, at: 7))
        let next = RhythmOffsetDetectionExercise.next(tempo: TempoBPM(80)!, statistics: statistics, using: &generator)
        #expect(next.direction == .early)
        #expect(abs(next.offset.value + 6 * (1 + 0.09 * 6.0.squareRoot())) < 1e-9)
    }
}
