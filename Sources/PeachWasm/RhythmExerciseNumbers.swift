import PeachCore

/// What the browser needs to play a rhythm exercise, as numbers: every onset on the audio clock,
/// computed before the first click (docs/rhythm.md, "Schedules"), and when the playing is over.
/// The page schedules the clicks and lights the dots by them; it computes no time of its own.
///
/// The numbers are `Field`'s, then `onsetCount` onsets of `Onset`'s fields each.
public struct RhythmExerciseNumbers {
    /// The header's numbers, in this order (`allCases`, each at its `rawValue`); `peach-core.js`
    /// reads them through `RhythmField` of `Client/core/peach-fields.js` (`FieldTable`).
    public enum Field: Int, CaseIterable {
        case tempoBPM
        case onsetCount
        /// On the audio clock, in seconds: Compare Timing's fourth click, when Early and Late
        /// open; the close of Fill the Gap's last tap window, when its trial is over.
        case ends
        /// Fill the Gap: where the next trial's first onset falls to continue the loop without a
        /// break (a sixteenth after the last onset); Compare Timing: NaN.
        case next
    }

    /// One onset's numbers (`RhythmSchedule.Onset`): `OnsetField` of peach-fields.js.
    public enum Onset: Int, CaseIterable {
        case seconds
        case sample
        case cycle
        case step
        /// 1 for a silent step (Fill the Gap's gap), else 0.
        case isGap
    }

    public var tempo: TempoBPM
    public var onsets: [RhythmSchedule.Onset]
    public var ends: Double
    public var next: Double?

    /// Compare Timing's four clicks; the answers open as the fourth sounds.
    init(_ exercise: RhythmOffsetDetectionExercise, onsets: [RhythmSchedule.Onset]) {
        tempo = exercise.tempo
        self.onsets = onsets
        ends = onsets.last?.seconds ?? 0
        next = nil
    }

    /// A Fill the Gap trial's sixteen cycles: it is over when a tap could no longer count for
    /// its last gap (`ContinuousRhythmMatchingTaps`: half a sixteenth after it), and the next
    /// trial continues a sixteenth after its last onset.
    init(_ trial: ContinuousRhythmMatchingTrial, onsets: [RhythmSchedule.Onset]) {
        tempo = trial.tempo
        self.onsets = onsets
        let sixteenth = trial.tempo.sixteenthMs / 1000
        let lastGap = onsets.last { $0.isGap }?.seconds ?? 0
        ends = lastGap + trial.tempo.offsetBoundMs / 1000
        next = (onsets.last?.seconds ?? 0) + sixteenth
    }

    /// The header's number of `field`.
    public func value(of field: Field) -> Double {
        switch field {
        case .tempoBPM: Double(tempo.value)
        case .onsetCount: Double(onsets.count)
        case .ends: ends
        case .next: next ?? .nan
        }
    }

    /// An onset's number of `field`.
    public static func value(of field: Onset, in onset: RhythmSchedule.Onset) -> Double {
        switch field {
        case .seconds: onset.seconds
        case .sample: Double(onset.sample)
        case .cycle: Double(onset.cycle)
        case .step: Double(onset.step)
        case .isGap: onset.isGap ? 1 : 0
        }
    }

    /// The header, then every onset: what the wasm export writes.
    public var flat: [Double] {
        var numbers = Field.allCases.map(value(of:))
        numbers.reserveCapacity(numbers.count + onsets.count * Onset.allCases.count)
        for onset in onsets {
            for field in Onset.allCases { numbers.append(Self.value(of: field, in: onset)) }
        }
        return numbers
    }
}
