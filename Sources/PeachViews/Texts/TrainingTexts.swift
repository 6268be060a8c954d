import PeachCore

/// The training pages: the answer buttons, the slider, and the feedback after an answer.
///
/// A struct with one stored property per text, so a language that lacks a text does not
/// compile; both languages' values follow it (`english`, `german`).
public struct TrainingTexts: Sendable {
    public let higher: String
    public let lower: String
    /// Compare Timing's answers: the fourth click came early or late.
    public let early: String
    public let late: String
    /// Fill the Gap's button: its name, and a screen reader's description of it.
    public let tap: String
    public let tapDescription: String
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
    /// A Fill the Gap trial's mean, in whole percent of a sixteenth: "3 % early"
    public let percentEarly: @Sendable (Int) -> String
    /// "5 % late"
    public let percentLate: @Sendable (Int) -> String
    /// A mean that rounds to 0 %.
    public let onTheBeat: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: TrainingTexts {
        TrainingTexts(
            higher: "Higher",
            lower: "Lower",
            early: "Early",
            late: "Late",
            tap: "Tap",
            tapDescription: "Tap once in each silent step of the loop.",
            targetIntervalLabel: "Target interval:",
            pitchSliderLabel: "Pitch",
            sliderCentre: "Centre",
            sliderAbove: "{percent} % up",
            sliderBelow: "{percent} % down",
            tapToStart: "Tap to start",
            correct: "Correct",
            incorrect: "Incorrect",
            deadCenter: "Dead center",
            centsText: { cents in
                let magnitude = Plural(one: "{count} cent", other: "{count} cents")(abs(cents))
                return cents > 0 ? "+" + magnitude : cents < 0 ? "\u{2212}" + magnitude : magnitude
            },
            centsSharp: { Plural(one: "{count} cent sharp", other: "{count} cents sharp")($0) },
            centsFlat: { Plural(one: "{count} cent flat", other: "{count} cents flat")($0) },
            percentEarly: { "\($0) % early" },
            percentLate: { "\($0) % late" },
            onTheBeat: "On the beat"
        )
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: TrainingTexts {
        TrainingTexts(
            higher: "Höher",
            lower: "Tiefer",
            early: "Früh",
            late: "Spät",
            tap: "Tippen",
            tapDescription: "Tippe einmal in jeden stillen Schritt der Schleife.",
            targetIntervalLabel: "Zielintervall:",
            pitchSliderLabel: "Tonhöhe",
            sliderCentre: "Mitte",
            sliderAbove: "{percent} % nach oben",
            sliderBelow: "{percent} % nach unten",
            tapToStart: "Zum Starten tippen",
            correct: "Richtig",
            incorrect: "Falsch",
            deadCenter: "Genau getroffen",
            centsText: { cents in
                cents > 0 ? "+\(cents) Cent" : cents < 0 ? "\u{2212}\(-cents) Cent" : "0 Cent"
            },
            centsSharp: { "\($0) Cent zu hoch" },
            centsFlat: { "\($0) Cent zu tief" },
            percentEarly: { "\($0) % zu früh" },
            percentLate: { "\($0) % zu spät" },
            onTheBeat: "Genau im Takt"
        )
    }
}
