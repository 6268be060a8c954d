import PeachCore

/// What the browser needs to play an exercise, as numbers (the audio engine schedules them;
/// it computes no musical value itself: docs/design.md).
public struct ExerciseNumbers {
    /// The numbers the wasm export writes, in this order (`Field.allCases`, each at its
    /// `rawValue`); `peach-core.js` reads them by name through `ExerciseField` of
    /// `Client/core/peach-fields.js`, which `FieldTable` writes from this.
    public enum Field: Int, CaseIterable {
        case referenceNote
        case targetNote
        case referenceHertz
        case targetHertz
        /// NaN for a comparison.
        case startHertz
        /// NaN for a comparison.
        case highestHertz
        case loudnessOffset
        case noteDuration
    }

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

    /// The number `field` holds (a missing start or highest frequency is NaN).
    public func value(of field: Field) -> Double {
        switch field {
        case .referenceNote: Double(referenceNote.rawValue)
        case .targetNote: Double(targetNote.rawValue)
        case .referenceHertz: referenceHertz
        case .targetHertz: targetHertz
        case .startHertz: startHertz ?? .nan
        case .highestHertz: highestHertz ?? .nan
        case .loudnessOffset: loudnessOffset.value
        case .noteDuration: noteDuration
        }
    }

    /// Every field's number, in `Field` order: what the wasm export writes.
    public var flat: [Double] {
        Field.allCases.map(value(of:))
    }
}
