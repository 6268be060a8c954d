import PeachCore
import PeachFixtures
import Testing

/// Compare Timing's threshold estimate against simulated listeners with known thresholds (early
/// 2, 4, 8 and 16 % of a sixteenth at 75 %, late a quarter coarser) at 60, 90 and 120 BPM, with
/// the slopes (1.5, 2, 3) and lapse rates (0, 2 %, 5 %) of the pitch simulation, answering
/// through the adaptive early and late tracks from their 20 % cold start
/// (`TimingListenerSimulation`, docs/rhythm.md).
///
/// 1,000 seeded runs, each giving an early and a late estimate after 50 and after 200 answers of
/// its track. The median error must be at most 25 % after 50 answers and 12 % after 200; the
/// 95 % interval must hold the true threshold in 93–97 % of the 2,000 estimates at each size (a
/// calibrated interval holds 95 % ± 0.5 % of them by chance, one standard deviation).
@Suite("Timing threshold: seeded simulation")
struct TimingThresholdSimulationTests {
    static let figures = TimingListenerSimulation.figures(runs: 1_000)

    @Test(
        "1,000 runs: median error ≤ 25 % after 50 answers a track and ≤ 12 % after 200; the 95 % interval covers 93–97 %"
    )
    func simulation() {
        let pooled = Self.figures.pooled
        let (fifty, twoHundred) = (pooled[0], pooled[1])
        #expect(fifty.estimates == 2_000 && twoHundred.estimates == 2_000)
        #expect(fifty.medianError <= 0.25, "after 50: \(fifty)")
        #expect(twoHundred.medianError <= 0.12, "after 200: \(twoHundred)")
        for figures in pooled { #expect((0.93...0.97).contains(figures.coverage), "\(figures)") }
        #expect(twoHundred.medianError < fifty.medianError)
    }

    /// Each threshold's 500 estimates alone: after 50 answers every threshold meets 25 %; the
    /// interval's coverage is held to 92–98 % (a calibrated 95 % interval misses it in about one
    /// check in a hundred by chance, binomially for 500).
    @Test("each threshold's 500 estimates: median error ≤ 25 % after 50 answers; the 95 % interval covers 92–98 %")
    func perThreshold() {
        for threshold in TimingListenerSimulation.thresholds {
            let figures = Self.figures.byThreshold[threshold] ?? []
            #expect(figures.count == 2 && figures.allSatisfy { $0.estimates == 500 }, "\(threshold) %")
            #expect(figures.first.map { $0.medianError <= 0.25 } ?? false, "\(threshold) %: \(figures)")
            for size in figures { #expect((0.92...0.98).contains(size.coverage), "\(threshold) %: \(size)") }
        }
    }

    @Test("the simulated listener names the direction rightly 75 % of the time at its threshold, early and late")
    func listenerDefinition() {
        var generator = SeededRandomNumberGenerator(seed: 4)
        for run in [0, 5, 50, 107] {
            let listener = TimingListenerSimulation.listener(run: run)
            #expect(listener.late.threshold == listener.early.threshold * TimingListenerSimulation.lateFactor)
            for direction in TimingDirection.allCases {
                let exercise = RhythmOffsetDetectionExercise(
                    tempo: listener.tempo, direction: direction,
                    offset: SixteenthPercent(listener.threshold(direction)))
                let correct = (0..<20_000).filter { _ in
                    exercise.isCorrect(answeredEarly: listener.answersEarly(exercise, using: &generator))
                }.count
                // 20,000 answers at p = 0.75: one standard deviation is 0.3 %.
                #expect(abs(Double(correct) / 20_000 - 0.75) < 0.012, "\(run) \(direction)")
            }
        }
    }
}
