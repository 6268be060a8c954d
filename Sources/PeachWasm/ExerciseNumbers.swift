import PeachCore

/// What the browser needs to play an exercise, as numbers (the audio engine schedules them;
/// it computes no musical value itself: docs/design.md).
public struct ExerciseNumbers {
    public var referenceNote: MIDINote
    public var targetNote: MIDINote
    public var referenceHertz: Double
    public var targetHertz: Double
    /// Pitch matching: where the tunable note starts; `nil` for a comparison.
    public var startHertz: Double?
    /// Pitch matching: the highest the tunable note goes (the slider at its top); `nil` for a
    /// comparison.
    public var highestHertz: Double?
    /// The target's level relative to the reference.
    public var loudnessOffset: Decibels
    /// Seconds per note.
    public var noteDuration: Double

    /// The order the wasm export writes them in, which `peach-core.js` reads (a missing start
    /// or highest frequency is NaN).
    public var flat: [Double] {
        [
            Double(referenceNote.rawValue), Double(targetNote.rawValue), referenceHertz, targetHertz,
            startHertz ?? .nan, highestHertz ?? .nan, loudnessOffset.value, noteDuration,
        ]
    }
}
