import PeachCore

/// What the training page shows for 400 ms after an answer and what it announces (docs/pages.md,
/// "Training pages"), in one language. Made from the answer's record, on the device by the wasm
/// core.
public struct AnswerFeedback: Hashable, Sendable {
    /// `comparison` (a judgement, of pitch or of time), `pitchMatching` or
    /// `continuousRhythmMatching`: which indicator the page shows.
    public var kind: String
    /// Comparison: whether the answer was right; `nil` for pitch matching.
    public var isCorrect: Bool?
    /// Pitch matching: `center`, `green`, `yellow` or `red` by the rounded |error|.
    public var band: String?
    /// Pitch matching: `sharp`, `flat` or `center`: where the note was. The page's arrow points
    /// the way to move, as a tuner's does: down for sharp, up for flat.
    public var direction: String?
    /// Pitch matching: "4 cents sharp", "27 cents flat", "0 cents" — the words a musician reads
    /// on a tuner, not a signed number whose "+" an up-arrow would read as "go up"; empty for a
    /// comparison (its indicator is a thumb).
    public var text: String
    /// What a screen reader says: "Correct", "4 cents sharp", "Dead center".
    public var announcement: String
    /// Whether the page plays the short wrong-answer sound: a wrong judgement (of pitch or of
    /// time) with the setting on (`TrainingSettings.wrongAnswerSound`).
    public var playsWrongAnswerSound: Bool

    public init(_ record: TrainingRecord, texts: Texts, wrongAnswerSound: Bool = false) {
        switch record {
        case .comparison(let record):
            self.init(isCorrect: record.isCorrect, texts: texts, wrongAnswerSound: wrongAnswerSound)
        case .rhythmOffsetDetection(let record):
            self.init(isCorrect: record.isCorrect, texts: texts, wrongAnswerSound: wrongAnswerSound)
        case .pitchMatching(let record): self.init(record, texts: texts)
        case .continuousRhythmMatching(let record): self.init(record, texts: texts)
        }
    }

    /// A judgement's, of pitch or of time: a thumb, as the comparison modes show it.
    private init(isCorrect: Bool, texts: Texts, wrongAnswerSound: Bool) {
        kind = TrainingMode.Kind.comparison.name
        self.isCorrect = isCorrect
        band = nil
        direction = nil
        text = ""
        announcement = isCorrect ? texts.training.correct : texts.training.incorrect
        playsWrongAnswerSound = wrongAnswerSound && !isCorrect
    }

    /// A pitch matching's: the cent error as a tuner shows it.
    private init(_ record: PitchMatchingRecord, texts: Texts) {
        kind = TrainingMode.Kind.pitchMatching.name
        isCorrect = nil
        let rounded = Int(record.userCentError.value.rounded())
        band = Self.band(roundedMagnitude: abs(rounded))
        direction = rounded > 0 ? "sharp" : rounded < 0 ? "flat" : "center"
        text =
            rounded > 0
            ? texts.training.centsSharp(rounded)
            : rounded < 0 ? texts.training.centsFlat(-rounded) : texts.training.centsText(0)
        announcement = rounded == 0 ? texts.training.deadCenter : text
        playsWrongAnswerSound = false
    }

    /// A Fill the Gap trial's: its mean offset in whole percent of a sixteenth, banded by the
    /// thresholds the rhythm profile colours by (`band(roundedPercent:)`).
    private init(_ record: ContinuousRhythmMatchingRecord, texts: Texts) {
        kind = TrainingMode.Kind.continuousRhythmMatching.name
        isCorrect = nil
        let rounded = Int(record.tempo.percentOfSixteenth(record.meanOffsetMs).rounded())
        band = Self.band(roundedPercent: abs(rounded))
        direction = rounded < 0 ? "early" : rounded > 0 ? "late" : "center"
        text =
            rounded < 0
            ? texts.training.percentEarly(-rounded)
            : rounded > 0 ? texts.training.percentLate(rounded) : texts.training.onTheBeat
        announcement = text
        playsWrongAnswerSound = false
    }

    /// By the rounded |percent of a sixteenth|: 0 → center, < 8 → green, 8–15 → yellow, > 15 →
    /// red: the middle thresholds of the peers' rhythm profile (about 4, 8, 15 and 25 %).
    public static func band(roundedPercent percent: Int) -> String {
        switch percent {
        case 0: "center"
        case 1..<8: "green"
        case 8...15: "yellow"
        default: "red"
        }
    }

    /// By the rounded |cent error|: 0 → center, < 10 → green, 10–30 → yellow, > 30 → red.
    static func band(roundedMagnitude cents: Int) -> String {
        switch cents {
        case 0: "center"
        case 1..<10: "green"
        case 10...30: "yellow"
        default: "red"
        }
    }

    /// The lines of `lines`, in this order (`Line.allCases`, each at its `rawValue`):
    /// `peach-core.js` reads them by name through `FeedbackLine` of
    /// `Client/core/peach-fields.js`, which `FieldTable` (PeachWasm) writes from this.
    public enum Line: Int, CaseIterable {
        case kind
        /// `true`, `false` or empty (pitch matching).
        case isCorrect
        /// Empty for a comparison.
        case band
        /// Empty for a comparison.
        case direction
        case text
        case announcement
        /// `true` or empty.
        case wrongAnswerSound
    }

    /// The text of `line`; no line breaks.
    public func value(of line: Line) -> String {
        switch line {
        case .kind: kind
        case .isCorrect: isCorrect.map { $0 ? "true" : "false" } ?? ""
        case .band: band ?? ""
        case .direction: direction ?? ""
        case .text: text
        case .announcement: announcement
        case .wrongAnswerSound: playsWrongAnswerSound ? "true" : ""
        }
    }

    /// One field a line, in `Line` order. Texts hold no line breaks.
    public var lines: String {
        Line.allCases.map(value(of:)).joined(separator: "\n")
    }
}
