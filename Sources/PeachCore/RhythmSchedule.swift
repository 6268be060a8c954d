/// Every onset of a rhythm exercise on the audio clock, computed before the first one plays
/// (docs/rhythm.md, "Schedules"): the browser starts each click at the time given and decides
/// nothing while they play.
///
/// **Whole samples.** The first onset is the first sample at or after `start` (so a start asked
/// just ahead of the clock is never in its past); every other onset lies at its time after the
/// first rounded to the nearest sample (halves away from zero). So the sample intervals of a
/// pattern are the same wherever it starts, and an onset is at most half a sample (11 µs at
/// 44.1 kHz) from its exact time relative to the first. Each onset's `seconds` is the time whose
/// product with the sample rate is its sample (or, where no `Double` gives that, a unit in the
/// last place below it: `time(of:sampleRate:)`), so that `start(seconds)` on the browser's clock
/// falls on that very sample, not on the next.
public enum RhythmSchedule {
    /// One step of a pattern.
    public struct Onset: Hashable, Sendable {
        /// The sample of the audio clock at which the click starts (or, for a gap, would start).
        public var sample: Int64
        /// `sample` divided by the sample rate: the time to give the browser.
        public var seconds: Double
        /// The cycle of four sixteenths, from 0.
        public var cycle: Int
        /// The step within the cycle, 0–3; step 0 is accented.
        public var step: Int
        /// A silent step: the gap a Fill the Gap tap fills, its onset the tap's target.
        public var isGap: Bool

        /// Step 0 of each cycle, played louder.
        public var isAccented: Bool { step == 0 }
    }

    /// Compare Timing's four sixteenths, the fourth moved by the exercise's offset.
    /// - Complexity: O(1).
    public static func onsets(
        of exercise: RhythmOffsetDetectionExercise, start: Double, sampleRate: Double
    ) -> [Onset] {
        let sixteenth = exercise.tempo.sixteenthMs / 1000
        let first = (start * sampleRate).rounded(.up)
        return (0..<ContinuousRhythmMatchingRecord.stepsPerCycle).map { step in
            let offset = step == 3 ? exercise.offsetMs / 1000 : 0
            return onset(first: first, after: Double(step) * sixteenth + offset, sampleRate: sampleRate, step: step)
        }
    }

    /// A Fill the Gap trial's sixteen cycles of four sixteenths, each cycle's gap among them.
    /// - Complexity: O(cycles).
    public static func onsets(
        of trial: ContinuousRhythmMatchingTrial, start: Double, sampleRate: Double
    ) -> [Onset] {
        let sixteenth = trial.tempo.sixteenthMs / 1000
        let first = (start * sampleRate).rounded(.up)
        let steps = ContinuousRhythmMatchingRecord.stepsPerCycle
        return (0..<trial.gaps.count * steps).map { index in
            var onset = onset(
                first: first, after: Double(index) * sixteenth, sampleRate: sampleRate, step: index % steps)
            onset.cycle = index / steps
            onset.isGap = trial.gaps[onset.cycle] == onset.step
            return onset
        }
    }

    private static func onset(first: Double, after seconds: Double, sampleRate: Double, step: Int) -> Onset {
        let sample = first + (seconds * sampleRate).rounded()
        return Onset(
            sample: Int64(sample), seconds: time(of: sample, sampleRate: sampleRate), cycle: 0, step: step, isGap: false
        )
    }

    /// The latest time whose product with the sample rate, as a browser computes it in `Double`,
    /// is at most `sample`: the sample itself where a `Double` gives it, else the product a unit
    /// in the last place below (a millionth of a sample after a day of audio clock). So a browser
    /// that starts a source on the nearest sample, or on the next whole one, starts it on
    /// `sample` — where `sample / sampleRate` alone lands a unit above in some cases, which
    /// rounding up would take for the next sample.
    static func time(of sample: Double, sampleRate: Double) -> Double {
        let nearest = sample / sampleRate
        for candidate in [nearest.nextUp, nearest] where candidate * sampleRate <= sample { return candidate }
        return nearest.nextDown
    }
}
