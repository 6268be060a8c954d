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
    public let rhythmOffsetDetectionHint: String
    public let continuousRhythmMatchingHint: String
    /// The hint's button that begins training.
    public let begin: String
    /// The keys' line: its label, and what the slider's keys do.
    public let keys: String
    public let tune: String
    public let answer: String
    /// Start's first line: what Peach is for, in one sentence.
    public let purpose: String
    /// Start's three groups of modes: single notes' pitch, intervals, and timing.
    public let pitchModes: String
    public let intervalModes: String
    public let rhythmModes: String
    /// One short line a mode under its button on Start: what you hear, what you do.
    public let comparisonSummary: String
    public let pitchMatchingSummary: String
    public let intervalComparisonSummary: String
    public let intervalPitchMatchingSummary: String
    public let rhythmOffsetDetectionSummary: String
    public let continuousRhythmMatchingSummary: String
    /// A training page's turn, said in words too (the answer controls are outlined while the
    /// notes play and filled once it is the user's turn): while listening, and the user's turn
    /// in each kind of exercise.
    public let listen: String
    public let yourTurnHigherLower: String
    public let yourTurnSharpFlat: String
    public let yourTurnTune: String
    public let yourTurnEarlyLate: String
    /// Fill the Gap has no turns: the loop plays and the user taps all the while.
    public let tapTheGaps: String
    /// The key that taps, and what it does.
    public let spaceKey: String
    public let tapKey: String
    /// What an answer given before the second note has begun is told.
    public let waitForSecondNote: String
    /// Compare Timing's: the answer is about the fourth click.
    public let waitForFourthClick: String

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
            rhythmOffsetDetectionHint:
                "You hear four clicks. The fourth comes a little early or late: which was it? The difference "
                + "shrinks as your timing gets finer. The tempo is in Settings.",
            continuousRhythmMatchingHint:
                "Four clicks play in a loop, and one of each four is silent: the outlined dot. Tap where the "
                + "silent click belongs. After sixteen loops you see how early or late you tapped.",
            begin: "Start",
            keys: "Keys:",
            tune: "tune",
            answer: "answer",
            purpose: "Train your ear for intonation: hear two notes, say which is higher, or tune one to the other.",
            pitchModes: "Pitch",
            intervalModes: "Intervals",
            rhythmModes: "Rhythm",
            comparisonSummary: "Two notes: was the second higher or lower?",
            pitchMatchingSummary: "Hear a note, then slide the second to match it.",
            intervalComparisonSummary: "An interval: was the second note sharp or flat?",
            intervalPitchMatchingSummary: "Slide the second note until the interval is in tune.",
            rhythmOffsetDetectionSummary: "Four clicks: was the fourth early or late?",
            continuousRhythmMatchingSummary: "A loop of clicks with one silent: tap it.",
            listen: "Listen…",
            yourTurnHigherLower: "Your turn: higher or lower?",
            yourTurnSharpFlat: "Your turn: sharp or flat?",
            yourTurnTune: "Your turn: tune the note, then let go.",
            yourTurnEarlyLate: "Your turn: early or late?",
            tapTheGaps: "Tap in each silent step.",
            spaceKey: "Space",
            tapKey: "tap",
            waitForSecondNote: "Wait for the second note.",
            waitForFourthClick: "Wait for the fourth click.")
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
            rhythmOffsetDetectionHint:
                "Du hörst vier Klicks. Der vierte kommt ein wenig zu früh oder zu spät: Was war er? Der "
                + "Unterschied wird kleiner, je feiner dein Timing wird. Das Tempo stellst du in den Einstellungen ein.",
            continuousRhythmMatchingHint:
                "Vier Klicks laufen in einer Schleife, und einer von je vier bleibt still: der umrandete Punkt. Tippe "
                + "dort, wo der stille Klick hingehört. Nach sechzehn Runden siehst du, wie früh oder spät du warst.",
            begin: "Los geht’s",
            keys: "Tasten:",
            tune: "stimmen",
            answer: "antworten",
            purpose:
                "Trainiere dein Gehör für saubere Intonation: Hör zwei Töne und sag, welcher höher ist, oder stimm "
                + "den einen auf den anderen.",
            pitchModes: "Tonhöhe",
            intervalModes: "Intervalle",
            rhythmModes: "Rhythmus",
            comparisonSummary: "Zwei Töne: War der zweite höher oder tiefer?",
            pitchMatchingSummary: "Hör einen Ton und schieb den zweiten dorthin.",
            intervalComparisonSummary: "Ein Intervall: Zweiter Ton zu hoch oder zu tief?",
            intervalPitchMatchingSummary: "Schieb den zweiten Ton, bis das Intervall stimmt.",
            rhythmOffsetDetectionSummary: "Vier Klicks: Kam der vierte zu früh oder zu spät?",
            continuousRhythmMatchingSummary: "Klicks in einer Schleife, einer still: Tipp ihn.",
            listen: "Hör zu …",
            yourTurnHigherLower: "Du bist dran: höher oder tiefer?",
            yourTurnSharpFlat: "Du bist dran: zu hoch oder zu tief?",
            yourTurnTune: "Du bist dran: Stimm den Ton und lass los.",
            yourTurnEarlyLate: "Du bist dran: früh oder spät?",
            tapTheGaps: "Tippe in jeden stillen Schritt.",
            spaceKey: "Leertaste",
            tapKey: "tippen",
            waitForSecondNote: "Warte auf den zweiten Ton.",
            waitForFourthClick: "Warte auf den vierten Klick.")
    }

    /// The line under `mode`'s button on Start.
    public func summary(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: comparisonSummary
        case .intervalComparison: intervalComparisonSummary
        case .pitchMatching: pitchMatchingSummary
        case .intervalPitchMatching: intervalPitchMatchingSummary
        case .rhythmOffsetDetection: rhythmOffsetDetectionSummary
        case .continuousRhythmMatching: continuousRhythmMatchingSummary
        }
    }

    /// The hint of `mode`.
    public func hint(for mode: TrainingMode) -> String {
        switch mode {
        case .comparison: comparisonHint
        case .intervalComparison: intervalComparisonHint
        case .pitchMatching: pitchMatchingHint
        case .intervalPitchMatching: intervalPitchMatchingHint
        case .rhythmOffsetDetection: rhythmOffsetDetectionHint
        case .continuousRhythmMatching: continuousRhythmMatchingHint
        }
    }
}
