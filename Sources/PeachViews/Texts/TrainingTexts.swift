import PeachCore

/// The training pages: the answer buttons, the slider, and the feedback after an answer.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; each language's value is given in `Texts+English` and `Texts+German`.
public struct TrainingTexts: Sendable {
    public let higher: String
    public let lower: String
    public let targetIntervalLabel: String
    public let pitchSliderLabel: String
    /// What a screen reader says of the slider's position: where it stands, never how far the
    /// note is from the target (the note starts at a random offset). `{percent}` is replaced by
    /// the share of the travel from the centre to the end.
    public let sliderCentre: String
    public let sliderAbove: String
    public let sliderBelow: String
    public let tapToStart: String
    public let correct: String
    public let incorrect: String
    public let deadCenter: String
    /// "+4 cents", "−27 cents", "0 cents"
    public let centsText: @Sendable (Int) -> String
    /// "4 cents sharp"
    public let centsSharp: @Sendable (Int) -> String
    /// "27 cents flat"
    public let centsFlat: @Sendable (Int) -> String
}
