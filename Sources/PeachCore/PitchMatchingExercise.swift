/// One pitch-matching exercise: a reference note, then a tunable note that starts off the
/// target by `initialCentOffset`; the user moves a slider until it matches and lets go.
public struct PitchMatchingExercise: Hashable, Sendable {
    public let context: ExerciseContext
    /// Where the tunable note starts relative to the target, in cents (uniform in ±100).
    public let initialCentOffset: Cents

    /// The slider's values: its centre is 0, where the tunable note starts; up is sharper.
    public static let sliderRange = -1.0...1.0
    /// How far the slider moves the note from its centre to either end, in cents.
    public static let sliderCentSpan: Cents = 100
    /// The bound of the initial offset, in cents.
    public static let maximumInitialOffset: Cents = 100

    public init(context: ExerciseContext, initialCentOffset: Cents) {
        self.context = context
        self.initialCentOffset = initialCentOffset
    }

    /// Where the tunable note starts: the slider's centre.
    public func startFrequency(referencePitch: Frequency) -> Frequency {
        tunableFrequency(sliderValue: 0, referencePitch: referencePitch)
    }

    /// The highest the tunable note goes: the slider at its top.
    public func highestFrequency(referencePitch: Frequency) -> Frequency {
        tunableFrequency(sliderValue: Self.sliderRange.upperBound, referencePitch: referencePitch)
    }

    /// What the user hears with the slider at `sliderValue`: the target moved by the offset the
    /// answer would score there, so that what is scored is what was heard. A value beyond the
    /// slider's ends sounds as the end; one that is not a number, as the centre.
    public func tunableFrequency(sliderValue: Double, referencePitch: Frequency) -> Frequency {
        context.targetFrequency(referencePitch: referencePitch).shifted(
            by: offset(sliderValue: Self.clampedSliderValue(sliderValue)))
    }

    /// `value` within `sliderRange`; not a number: the centre.
    public static func clampedSliderValue(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, sliderRange.lowerBound), sliderRange.upperBound)
    }

    /// The tunable note's offset from the target for a slider value in `sliderRange`:
    /// `initialCentOffset + value · 100`. Letting go where it started scores the initial
    /// offset, never a free perfect result.
    public func centOffset(sliderValue: Double) throws(ExerciseError) -> Cents {
        guard sliderValue.isFinite, Self.sliderRange.contains(sliderValue) else {
            throw .sliderValueOutOfRange(sliderValue)
        }
        return offset(sliderValue: sliderValue)
    }

    private func offset(sliderValue: Double) -> Cents {
        initialCentOffset + Cents(sliderValue * Self.sliderCentSpan.value)
    }

    /// The record of this exercise released at `sliderValue`; its user cent error is the
    /// offset at release (positive = sharp). Checked by the rules every record follows (the time
    /// comes from the device's clock).
    public func record(sliderValue: Double, at timestamp: Timestamp) throws(ExerciseError) -> PitchMatchingRecord {
        let error = try centOffset(sliderValue: sliderValue)
        do {
            return try PitchMatchingRecord(
                timestamp: timestamp, referenceNote: context.referenceNote, targetNote: context.targetNote,
                tuningSystem: context.tuningSystem, initialCentOffset: initialCentOffset, userCentError: error)
        } catch {
            throw .invalidRecord(error)
        }
    }
}
