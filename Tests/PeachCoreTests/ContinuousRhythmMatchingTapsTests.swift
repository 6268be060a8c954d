import PeachCore
import Testing

@Suite("Fill the Gap's taps")
struct ContinuousRhythmMatchingTapsTests {
    /// 60 BPM at 48 kHz, from 10 s: a sixteenth is 0.25 s, so step n of the trial is at 10 + n/4 s,
    /// and the window is ±125 ms.
    static func taps(gaps: [Int]) -> ContinuousRhythmMatchingTaps {
        let trial = ContinuousRhythmMatchingTrial(tempo: TempoBPM(60)!, gaps: gaps)
        return ContinuousRhythmMatchingTaps(
            tempo: trial.tempo, onsets: RhythmSchedule.onsets(of: trial, start: 10, sampleRate: 48_000))
    }

    static let time = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    @Test("a tap within half a sixteenth of a gap counts with its offset; taps outside, and a second tap, are ignored")
    func window() throws {
        var taps = Self.taps(gaps: [Int](repeating: 2, count: 16))
        // Cycle 0's gap is step 2, at 10.5 s.
        #expect(taps.tap(at: 10.49).map { abs($0 + 10) < 1e-9 } == true)
        #expect(taps.tap(at: 10.52) == nil)  // the gap has its tap
        #expect(taps.tap(at: 10.25) == nil)  // a played step, 250 ms from any gap
        #expect(taps.tap(at: 11.5 - 0.126) == nil)  // 126 ms early for cycle 1's gap: outside
        #expect(taps.tap(at: 11.5 + 0.125).map { abs($0 - 125) < 1e-9 } == true)  // the window's edge counts
        #expect(taps.hitCount == 2)
        let record = try #require(try taps.record(at: Self.time))
        #expect(record.hitCount == 2)
        #expect(abs(record.meanOffsetMs - 57.5) < 1e-9)
        #expect(record.positionMeanOffsetsMs[2].map { abs($0 - 57.5) < 1e-9 } == true)
        #expect(record.positionMeanOffsetsMs[0] == nil && record.positionMeanOffsetsMs[1] == nil)
        #expect(record.tempo == TempoBPM(60)!)
    }

    @Test("of two gaps a sixteenth apart, a tap counts for the nearer; exactly between them, for the earlier")
    func adjacentGaps() {
        // Cycle 0's gap at step 3 (10.75 s), cycle 1's at step 0 (11 s).
        var taps = Self.taps(gaps: [3, 0] + [Int](repeating: 1, count: 14))
        #expect(taps.tap(at: 10.875).map { abs($0 - 125) < 1e-9 } == true)
        #expect(taps.tap(at: 10.9).map { abs($0 + 100) < 1e-9 } == true)
        #expect(taps.hitCount == 2)
    }

    @Test("the record's means: over every counted tap, and per gap position; a trial without a counted tap has none")
    func means() throws {
        var gaps = [Int](repeating: 0, count: 16)
        gaps[1] = 1
        gaps[2] = 1
        var taps = Self.taps(gaps: gaps)
        #expect(try taps.record(at: Self.time) == nil)
        // Cycle 0: step 0 at 10 s, 20 ms late; cycle 1: step 1 at 11.25 s, 10 ms early; cycle 2:
        // step 1 at 12.25 s, 30 ms early.
        _ = taps.tap(at: 10.02)
        _ = taps.tap(at: 11.24)
        _ = taps.tap(at: 12.22)
        let record = try #require(try taps.record(at: Self.time))
        #expect(abs(record.meanOffsetMs - (20 - 10 - 30) / 3) < 1e-9)
        #expect(record.positionMeanOffsetsMs[0].map { abs($0 - 20) < 1e-9 } == true)
        #expect(record.positionMeanOffsetsMs[1].map { abs($0 + 20) < 1e-9 } == true)
        #expect(record.positionMeanOffsetsMs[2] == nil && record.positionMeanOffsetsMs[3] == nil)
        #expect(record.hitCount == 3)
    }
}
