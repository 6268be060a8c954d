import PeachCore

// MARK: - The rhythm modes' measurements: Compare Timing's thresholds per tempo band and
// direction, Fill the Gap's bias and spread per band
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile. Numbers arrive formatted
// (`Texts+RhythmFormatting`), in percent of a sixteenth (docs/rhythm.md).

/// The texts of the rhythm estimates, which `peach stats` writes and the Profile page will show.
///
/// A struct held by `Texts` (a class): a page reads one text of it through the class's
/// reference, without copying the others.
public struct RhythmProfileTexts: Sendable {
    public let thresholdHeading: String
    /// What Compare Timing's threshold and its interval are, under the heading.
    public let thresholdExplanation: String
    public let accuracyHeading: String
    /// What Fill the Gap's bias and spread are, under the heading.
    public let accuracyExplanation: String
    /// "early", "late": a direction inside a sentence.
    public let direction: @Sendable (TimingDirection) -> String
    /// Which way the taps lean, `nil` when the evidence does not say.
    public let leaning: @Sendable (TimingDirection?) -> String
    /// "4.8 % (3.9–6.1 %), 3.6 ms": a threshold, its 95 % interval and the threshold in ms at
    /// the band's middle tempo.
    public let threshold: @Sendable (_ value: String, _ lower: String, _ upper: String, _ ms: String) -> String
    /// "(−4.0 to +0.6 %)": a signed interval.
    public let signedInterval: @Sendable (_ lower: String, _ upper: String) -> String
    /// "(3.9–6.1 %)": an interval of a magnitude.
    public let interval: @Sendable (_ lower: String, _ upper: String) -> String
    /// One band and direction of Compare Timing: now, all time, answers.
    public let thresholdRow:
        @Sendable (_ band: String, _ direction: String, _ now: String, _ allTime: String, _ answers: String) -> String
    /// One band of Fill the Gap: bias and spread now and all time, trials.
    public let accuracyRow:
        @Sendable (
            _ band: String, _ biasNow: String, _ spreadNow: String, _ biasAllTime: String, _ spreadAllTime: String,
            _ trials: String
        ) -> String
    public let trialCount: Plural

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: RhythmProfileTexts {
        RhythmProfileTexts(
            thresholdHeading: "Compare Timing threshold",
            thresholdExplanation:
                "The smallest shift of the fourth note you hear as early or late three times in four (75 % correct), "
                + "in percent of a sixteenth and in ms at the band's middle tempo. In brackets: its 95 % interval.",
            accuracyHeading: "Fill the Gap accuracy",
            accuracyExplanation:
                "Bias: the mean offset of your taps, − early, + late. Spread: how far your trials' means scatter "
                + "(their standard deviation). In percent of a sixteenth; in brackets: the 95 % intervals.",
            direction: { direction in
                switch direction {
                case .early: "early"
                case .late: "late"
                }
            },
            leaning: { direction in
                switch direction {
                case .early: "early"
                case .late: "late"
                case nil: "neither early nor late"
                }
            },
            threshold: { value, lower, upper, ms in "\(value) % (\(lower)–\(upper) %), \(ms) ms" },
            signedInterval: { lower, upper in "(\(lower) to \(upper) %)" },
            interval: { lower, upper in "(\(lower)–\(upper) %)" },
            thresholdRow: { band, direction, now, allTime, answers in
                "\(band), \(direction): now \(now); all time \(allTime); \(answers)"
            },
            accuracyRow: { band, biasNow, spreadNow, biasAllTime, spreadAllTime, trials in
                "\(band): bias now \(biasNow); spread now \(spreadNow); bias, all time \(biasAllTime); "
                    + "spread, all time \(spreadAllTime); \(trials)"
            },
            trialCount: Plural(one: "{count} trial", other: "{count} trials"))
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: RhythmProfileTexts {
        RhythmProfileTexts(
            thresholdHeading: "Schwelle beim Timing-Vergleich",
            thresholdExplanation:
                "Die kleinste Verschiebung des vierten Tons, die du dreimal von vier als zu früh oder zu spät hörst "
                + "(75 % richtig), in Prozent eines Sechzehntels und in ms beim mittleren Tempo des Bereichs. In "
                + "Klammern: ihr 95-%-Intervall.",
            accuracyHeading: "Genauigkeit beim Lückenfüllen",
            accuracyExplanation:
                "Abweichung: der mittlere Versatz deiner Tipps, − früh, + spät. Streuung: wie weit die Mittelwerte "
                + "deiner Durchgänge streuen (ihre Standardabweichung). In Prozent eines Sechzehntels; in Klammern: "
                + "die 95-%-Intervalle.",
            direction: { direction in
                switch direction {
                case .early: "früh"
                case .late: "spät"
                }
            },
            leaning: { direction in
                switch direction {
                case .early: "früh"
                case .late: "spät"
                case nil: "weder früh noch spät"
                }
            },
            threshold: { value, lower, upper, ms in "\(value) % (\(lower)–\(upper) %), \(ms) ms" },
            signedInterval: { lower, upper in "(\(lower) bis \(upper) %)" },
            interval: { lower, upper in "(\(lower)–\(upper) %)" },
            thresholdRow: { band, direction, now, allTime, answers in
                "\(band), \(direction): jetzt \(now); insgesamt \(allTime); \(answers)"
            },
            accuracyRow: { band, biasNow, spreadNow, biasAllTime, spreadAllTime, trials in
                "\(band): Abweichung jetzt \(biasNow); Streuung jetzt \(spreadNow); Abweichung insgesamt "
                    + "\(biasAllTime); Streuung insgesamt \(spreadAllTime); \(trials)"
            },
            trialCount: Plural(one: "{count} Durchgang", other: "{count} Durchgänge"))
    }
}
