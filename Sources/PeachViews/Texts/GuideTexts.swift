import PeachCore

// MARK: - Finding one's way: the header's back link, each mode's hint and keys, the interval question
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile.

/// What tells a newcomer how to use Peach: the back link's visible label, the hint each
/// training mode shows the first time (and on demand) with its keys, and the question Interval
/// Comparison asks with the answers it offers.
public struct GuideTexts: Sendable {
    /// The header's back link shows this beside its chevron; its accessible name is
    /// `Texts.backToStart`, which contains it (the name a speech user says is the one they see).
    public let back: String
    /// Interval Comparison asks whether the second note was sharp or flat of the true interval:
    /// the question under the interval's name, and the answers on the buttons that tell the core
    /// "higher" (sharp: above the interval's true pitch, up or down alike) and "lower" (flat).
    public let intervalQuestion: String
    public let sharp: String
    public let flat: String
    /// The header button that shows the hint again (its accessible name and tooltip).
    public let howItWorks: String
    /// What you hear and what you answer, one or two calm sentences a mode.
    public let comparisonHint: String
    public let intervalComparisonHint: String
    public let pitchMatchingHint: String
    public let intervalPitchMatchingHint: String
    /// The hint's button that begins training.
    public let begin: String
    /// The keys' line: its label, and what the slider's keys do.
    public let keys: String
    public let tune: String
    public let answer: String
    /// Start's first line: what Peach is for, in one sentence.
    public let purpose: String
    /// Start's two groups of modes: single notes' pitch, and intervals.
    public let pitchModes: String
    public let intervalModes: String
    /// One short line a mode under its button on Start: what you hear, what you do.
    public let comparisonSummary: String
    public let pitchMatchingSummary: String
    public let intervalComparisonSummary: String
    public let intervalPitchMatchingSummary: String
    /// A training page's turn, said in words too (the answer controls are outlined while the
    /// notes play and filled once it is the user's turn): while listening, and the user's turn
    /// in each kind of exercise.
    public let listen: String
    public let yourTurnHigherLower: String
    public let yourTurnSharpFlat: String
    public let yourTurnTune: String
    /// What an answer given before the second note has begun is told.
    public let waitForSecondNote: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: GuideTexts {
        GuideTexts(
            back: "Start",
            intervalQuestion: "Was the second note sharp or flat?",
            sharp: "Sharp",
            flat: "Flat",
            howItWorks: "How it works",
            comparisonHint:
                "You hear two notes, one after the other. Was the second higher or lower than the first? The "
                + "difference shrinks as your ear gets finer.",
            intervalComparisonHint:
                "You hear two notes that make the target interval — almost: the second is a little sharp (too high) "
                + "or flat (too low). Which was it?",
            pitchMatchingHint:
                "You hear a note, then a second one that keeps sounding. Drag the slider up or down until the second "
                + "matches the first, then let go: a tap is not an answer.",
            intervalPitchMatchingHint:
                "You hear a note, then a second one that keeps sounding. Drag the slider up or down until the two make "
                + "the target interval, then let go: a tap is not an answer.",
            begin: "Start",
            keys: "Keys:",
            tune: "tune",
            answer: "answer",
            purpose: "Train your ear for intonation: hear two notes, say which is higher, or tune one to the other.",
            pitchModes: "Pitch",
            intervalModes: "Intervals",
            comparisonSummary: "Two notes: was the second higher or lower?",
            pitchMatchingSummary: "Hear a note, then slide the second to match it.",
            intervalComparisonSummary: "An interval: was the second note sharp or flat?",
            intervalPitchMatchingSummary: "Slide the second note until the interval is in tune.",
            listen: "Listen…",
            yourTurnHigherLower: "Your turn: higher or lower?",
            yourTurnSharpFlat: "Your turn: sharp or flat?",
            yourTurnTune: "Your turn: tune the note, then let go.",
            waitForSecondNote: "Wait for the second note.")
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: GuideTexts {
        GuideTexts(
            back: "Start",
            intervalQuestion: "War der zweite Ton zu hoch oder zu tief?",
            sharp: "Zu hoch",
            flat: "Zu tief",
            howItWorks: "So funktioniert’s",
            comparisonHint:
                "Du hörst zwei Töne nacheinander. War der zweite höher oder tiefer als der erste? Der Unterschied "
                + "wird kleiner, je feiner dein Gehör wird.",
            intervalComparisonHint:
                "Du hörst zwei Töne im Zielintervall – fast: Der zweite ist ein wenig zu hoch oder zu tief. Was "
                + "war er?",
            pitchMatchingHint:
                "Du hörst einen Ton, danach einen zweiten, der weiterklingt. Zieh den Regler nach oben oder unten, "
                + "bis der zweite zum ersten passt, und lass los: Tippen allein ist keine Antwort.",
            intervalPitchMatchingHint:
                "Du hörst einen Ton, danach einen zweiten, der weiterklingt. Zieh den Regler nach oben oder unten, "
                + "bis beide das Zielintervall bilden, und lass los: Tippen allein ist keine Antwort.",
            begin: "Los geht’s",
            keys: "Tasten:",
            tune: "stimmen",
            answer: "antworten",
            purpose:
                "Trainiere dein Gehör für saubere Intonation: Hör zwei Töne und sag, welcher höher ist, oder stimm "
                + "den einen auf den anderen.",
            pitchModes: "Tonhöhe",
            intervalModes: "Intervalle",
            comparisonSummary: "Zwei Töne: War der zweite höher oder tiefer?",
            pitchMatchingSummary: "Hör einen Ton und schieb den zweiten dorthin.",
            intervalComparisonSummary: "Ein Intervall: Zweiter Ton zu hoch oder zu tief?",
            intervalPitchMatchingSummary: "Schieb den zweiten Ton, bis das Intervall stimmt.",
            listen: "Hör zu …",
            yourTurnHigherLower: "Du bist dran: höher oder tiefer?",
            yourTurnSharpFlat: "Du bist dran: zu hoch oder zu tief?",
            yourTurnTune: "Du bist dran: Stimm den Ton und lass los.",
            waitForSecondNote: "Warte auf den zweiten Ton.")
    }

    /// The line under `mode`'s button on Start.
    public func summary(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: comparisonSummary
        case .intervalComparison: intervalComparisonSummary
        case .pitchMatching: pitchMatchingSummary
        case .intervalPitchMatching: intervalPitchMatchingSummary
        }
    }

    /// The hint of `mode`.
    public func hint(for mode: TrainingMode) -> String {
        switch mode {
        case .comparison: comparisonHint
        case .intervalComparison: intervalComparisonHint
        case .pitchMatching: pitchMatchingHint
        case .intervalPitchMatching: intervalPitchMatchingHint
        }
    }
}
