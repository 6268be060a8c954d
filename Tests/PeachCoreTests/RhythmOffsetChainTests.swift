import PeachCore
import Testing

@Suite("Compare Timing's chain")
struct RhythmOffsetChainTests {
    @Test(
        "the Kazez steps on percent of a sixteenth: p·(1 − 0.05·√p) after a correct answer, p·(1 + 0.09·√p) after a wrong one",
        arguments: [
            // p, correct?, expected — worked by hand:
            (16.0, true, 12.8),  // 16 · (1 − 0.05·4)
            (4.0, true, 3.6),  // 4 · (1 − 0.05·2)
            (1.0, false, 1.09),  // 1 · (1 + 0.09)
            (4.0, false, 4.72),  // 4 · (1 + 0.09·2)
            (16.0, false, 20.0),  // 16 · 1.36 = 21.76, clamped to 20
            (0.5, true, 0.5),  // 0.5 · (1 − 0.05·0.707) = 0.482, clamped to 0.5
        ])
    func steps(previous: Double, wasCorrect: Bool, expected: Double) {
        let next = RhythmOffsetChain.nextOffset(
            after: RhythmOffsetChain.State(offset: SixteenthPercent(previous), wasCorrect: wasCorrect))
        #expect(abs(next.value - expected) < 1e-12)
    }

    @Test("the offset never leaves 0.5–20 %; a value outside is first brought into it")
    func bounds() {
        var state = RhythmOffsetChain.State(offset: 20, wasCorrect: false)
        for _ in 0..<100 { state.offset = RhythmOffsetChain.nextOffset(after: state) }
        #expect(state.offset == 20)
        state.wasCorrect = true
        for _ in 0..<2_000 { state.offset = RhythmOffsetChain.nextOffset(after: state) }
        #expect(state.offset == 0.5)
        #expect(
            RhythmOffsetChain.nextOffset(after: .init(offset: 100, wasCorrect: true)).value == 20
                * (1 - 0.05 * 20.0.squareRoot()))
        #expect(RhythmOffsetChain.nextOffset(after: .init(offset: SixteenthPercent(.nan), wasCorrect: false)) == 20)
    }

    @Test("a track starts at its threshold estimate (clamped), else at 20 %")
    func start() {
        #expect(RhythmOffsetChain.startingOffset(profileThreshold: nil) == 20)
        #expect(RhythmOffsetChain.startingOffset(profileThreshold: 3.5) == 3.5)
        #expect(RhythmOffsetChain.startingOffset(profileThreshold: 0.1) == 0.5)
        #expect(RhythmOffsetChain.startingOffset(profileThreshold: 45) == 20)
    }

    @Test("a record's chain state is its offset's size in percent of a sixteenth at its tempo")
    func stateOfRecord() {
        // 120 BPM: a sixteenth is 125 ms, so −5 ms is 4 % early.
        let record = RhythmOffsetDetectionRecord(
            timestamp: Timestamp(millisecondsSince1970: 0), tempo: TempoBPM(120)!, offsetMs: -5, isCorrect: true)
        #expect(RhythmOffsetChain.State(record) == .init(offset: 4, wasCorrect: true))
    }
}
