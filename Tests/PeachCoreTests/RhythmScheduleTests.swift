import PeachCore
import Testing

@Suite("Rhythm schedules on the audio clock")
struct RhythmScheduleTests {
    @Test(
        "Compare Timing: four sixteenths on whole samples from the first sample at or after the start, the fourth moved, the first accented",
        arguments: [44_100.0, 48_000.0])
    func compareTiming(sampleRate: Double) {
        // 120 BPM: a sixteenth is 0.125 s; the fourth note 5 ms early.
        let exercise = RhythmOffsetDetectionExercise(tempo: TempoBPM(120)!, offsetMs: -5)
        let start = 12.345_678_9
        let onsets = RhythmSchedule.onsets(of: exercise, start: start, sampleRate: sampleRate)
        let first = (start * sampleRate).rounded(.up)
        let expected = [0, 0.125, 0.25, 0.375 - 0.005].map { Int64(first + ($0 * sampleRate).rounded()) }
        #expect(onsets.map { $0.sample } == expected)
        #expect(onsets.map { $0.step } == [0, 1, 2, 3])
        #expect(onsets.map { $0.isAccented } == [true, false, false, false])
        #expect(onsets.allSatisfy { !$0.isGap && $0.cycle == 0 })
        #expect(onsets[0].seconds >= start && onsets[0].seconds - start < 1 / sampleRate)
        #expect(onsets.allSatisfy { abs($0.seconds - Double($0.sample) / sampleRate) <= $0.seconds.ulp })
    }

    @Test(
        "an onset's seconds times the sample rate is its sample, else just below it: never past it, so never the next sample"
    )
    func secondsLandOnSamples() {
        var generator = SeededRandomNumberGenerator(seed: 5)
        var (onsets, exact) = (0, 0)
        for sampleRate in [22_050.0, 44_100.0, 48_000.0, 96_000.0] {
            for _ in 0..<200 {
                let tempo = TempoBPM(generator.integer(in: 40...200))!
                let trial = ContinuousRhythmMatchingTrial(tempo: tempo, positions: [0, 1, 2, 3], using: &generator)
                // Up to a day of audio clock.
                let start = Double.random(in: 0..<86_400, using: &generator)
                for onset in RhythmSchedule.onsets(of: trial, start: start, sampleRate: sampleRate) {
                    let product = onset.seconds * sampleRate
                    let sample = Double(onset.sample)
                    onsets += 1
                    if product == sample { exact += 1 }
                    // At most the sample, a unit or two below when not exact, and the latest such time.
                    if !(product <= sample && product.nextUp.nextUp >= sample
                        && onset.seconds.nextUp * sampleRate > sample)
                    {
                        Issue.record("sample \(onset.sample) at \(sampleRate) Hz: product \(product)")
                    }
                }
            }
        }
        // Most are exact (84 % of these, up to a day of audio clock).
        #expect(exact > onsets / 2, "\(exact) of \(onsets)")
    }

    @Test(
        "the played offset is within one sample of the exercise's, and the pattern's samples do not depend on where it starts"
    )
    func offsetPlayed() {
        let sampleRate = 44_100.0
        for tempo in [40, 97, 200] {
            let exercise = RhythmOffsetDetectionExercise(tempo: TempoBPM(tempo)!, direction: .late, offset: 0.5)
            let patterns = [0.0, 1.000_01, 3_600.3].map { start in
                let onsets = RhythmSchedule.onsets(of: exercise, start: start, sampleRate: sampleRate)
                return onsets.map { $0.sample - onsets[0].sample }
            }
            #expect(patterns[0] == patterns[1] && patterns[1] == patterns[2])
            let grid = (3 * TempoBPM(tempo)!.sixteenthMs / 1000 * sampleRate).rounded()
            let playedMs = Double(patterns[0][3] - Int64(grid)) / sampleRate * 1000
            #expect(abs(playedMs - exercise.offsetMs) <= 1000 / sampleRate)
        }
    }

    @Test(
        "Fill the Gap: 16 cycles of 4 sixteenths, evenly on whole samples, one silent gap per cycle at its drawn step")
    func fillTheGap() {
        var generator = SeededRandomNumberGenerator(seed: 9)
        let trial = ContinuousRhythmMatchingTrial(tempo: TempoBPM(100)!, positions: [1, 3], using: &generator)
        #expect(trial.gaps.count == 16 && trial.gaps.allSatisfy { $0 == 1 || $0 == 3 })
        #expect(Set(trial.gaps) == [1, 3])
        let onsets = RhythmSchedule.onsets(of: trial, start: 2, sampleRate: 48_000)
        #expect(onsets.count == 64)
        // 100 BPM at 48 kHz: a sixteenth is 0.15 s, 7,200 samples exactly.
        #expect(onsets.map { $0.sample } == (0..<64).map { 96_000 + Int64($0) * 7_200 })
        for (index, onset) in onsets.enumerated() {
            #expect(onset.cycle == index / 4 && onset.step == index % 4)
            #expect(onset.isGap == (trial.gaps[onset.cycle] == onset.step))
            #expect(onset.isAccented == (onset.step == 0))
        }
        #expect(onsets.filter { $0.isGap }.count == 16)
    }

    @Test("one enabled position: every cycle's gap is there, and nothing is drawn")
    func onePosition() {
        var generator = SeededRandomNumberGenerator(seed: 9)
        let before = generator
        let trial = ContinuousRhythmMatchingTrial(tempo: TempoBPM(60)!, positions: [2], using: &generator)
        #expect(trial.gaps == [Int](repeating: 2, count: 16))
        #expect(generator == before)
    }
}
