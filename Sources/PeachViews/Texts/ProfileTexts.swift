import PeachCore

// MARK: - The profile's measurements: thresholds with their intervals, pitch matching's bias and
// spread, the weekly timeline and where you stand
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile. Numbers arrive formatted (`Texts+ProfileFormatting`).

/// The texts of the profile's estimates (docs/measurement.md).
///
/// A struct held by `Texts` (a class): a page reads one text of it through the class's
/// reference, without copying the others.
public struct ProfileTexts: Sendable {
    /// "6.2 cents (5.1–7.6)": an estimate and its 95 % interval, as a page shows it.
    public let estimate: @Sendable (_ value: String, _ lower: String, _ upper: String) -> String
    /// "6.2 cents, 95 % interval 5.1 to 7.6 cents": as the accessible summaries say it.
    public let spokenEstimate: @Sendable (_ value: String, _ lower: String, _ upper: String) -> String
    /// What a threshold and its interval are, under the heading.
    public let thresholdExplanation: String
    /// The latest 200 answers (`ComparisonStatistics.recentCount`), beside "All time".
    public let now: String
    public let answers: String
    /// Which answers "now" holds and when the trend says what: the same words as `peach stats`.
    public let trendRule: String
    /// What the chart's band shows, and why a sparse note's band is wide.
    public let keyboardExplanation: String
    /// Where you stand: the published thresholds of musicians and non-musicians.
    public let referenceNote: @Sendable (_ musicians: String, _ nonMusicians: String) -> String
    /// "2 to 3.5" / "2 bis 3,5": a range of values.
    public let range: @Sendable (_ lower: String, _ upper: String) -> String
    /// An interval and tuning system's row: "Perfect Fifth Up, just intonation".
    public let intervalRow: @Sendable (_ interval: String, _ tuningSystem: String) -> String
    public let answerCount: Plural
    public let attemptCount: Plural

    /// What bias and spread are, under the pitch-matching heading.
    public let matchingExplanation: String
    public let bias: String
    public let spread: String
    /// "Bias now", "Spread now": a row of the last 200 attempts.
    public let nowRow: @Sendable (String) -> String
    /// "Bias, all time": a row of every attempt.
    public let allTimeRow: @Sendable (String) -> String
    /// Which way the errors lean, when the evidence says so (`PitchMatchingEstimate.leaning`).
    public let leaning: @Sendable (PitchMatchingEstimate.Leaning) -> String
    /// "−4.0 cents (−5.9 to −2.1): you tune flat"; `interval` is `nil` with one attempt.
    public let biasValue: @Sendable (_ value: String, _ interval: String?, _ leaning: String) -> String
    /// An interval's pitch matching in one line: bias, spread and attempts, each already written.
    public let matchingRow: @Sendable (_ bias: String, _ spread: String, _ attempts: String) -> String

    /// The timeline's legend: a dot and a bar per week.
    public let weeklyLegend: String
    public let musicians: String
    public let nonMusicians: String
    public let trainingWeeks: Plural
    /// The timeline's text alternative: mode, `trainingWeeks`, first and last week, first and
    /// last estimate (spoken).
    public let timelineSummary:
        @Sendable (_ mode: String, _ weeks: String, _ first: String, _ last: String, _ start: String, _ end: String)
            -> String
    /// The same for a single week: mode, the week, its estimate (spoken).
    public let oneWeekSummary: @Sendable (_ mode: String, _ week: String, _ estimate: String) -> String
    /// Added to the Comparison timeline's summary: what the shaded bands are.
    public let referenceSummary: @Sendable (_ musicians: String, _ nonMusicians: String) -> String
    public let recentWeeks: String
    public let weekColumn: String
    public let thresholdColumn: String

    /// A mode card's range in plain words: "likely 4.1–16 cents".
    public let likely: @Sendable (_ lower: String, _ upper: String) -> String
    /// A mode card's headline value: "6.2 cents".
    public let cents: @Sendable (_ value: String) -> String
    /// The disclosure of the method paragraphs.
    public let aboutNumbers: String
    /// The disclosure of a card's every number: all time, answers, intervals.
    public let allNumbers: String

    /// The Info page's row citing the reference thresholds.
    public let referencesLabel: String
    public let references: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: ProfileTexts {
        ProfileTexts(
            estimate: { value, lower, upper in "\(value) cents (\(lower)–\(upper))" },
            spokenEstimate: { value, lower, upper in "\(value) cents, 95 % interval \(lower) to \(upper) cents" },
            thresholdExplanation:
                "Your threshold is the smallest difference you hear three times in four (75 % correct). In brackets: "
                + "its 95 % interval, where it lies with 95 % probability.",
            now: "Now",
            answers: "Answers",
            trendRule:
                "Now is your last 200 answers in the mode. The trend reads your weekly thresholds over the last 13 weeks: "
                + "improving when the line through them falls with 95 % certainty (the 95 % interval of its slope lies "
                + "below zero), declining when it rises so, otherwise no clear change. It needs three weeks with answers.",
            keyboardExplanation:
                "The chart shows your Comparison threshold at each note you trained, its 95 % interval as a band. A note "
                + "with few answers borrows from its neighbours and shows a wide band.",
            referenceNote: { musicians, nonMusicians in
                "Where you stand: in studies, musicians’ thresholds were about \(musicians) cents, non-musicians’ about "
                    + "\(nonMusicians) cents before training (shaded on the timeline; sources on the Info page)."
            },
            range: { lower, upper in "\(lower) to \(upper)" },
            intervalRow: { interval, tuningSystem in "\(interval), \(tuningSystem)" },
            answerCount: Plural(one: "{count} answer", other: "{count} answers"),
            attemptCount: Plural(one: "{count} attempt", other: "{count} attempts"),
            matchingExplanation:
                "Bias: your mean error, + sharp, − flat. Spread: how far your attempts scatter (their standard "
                + "deviation). In brackets: the 95 % intervals.",
            bias: "Bias",
            spread: "Spread",
            nowRow: { "\($0) now" },
            allTimeRow: { "\($0), all time" },
            leaning: { leaning in
                switch leaning {
                case .sharp: "you tune sharp"
                case .flat: "you tune flat"
                case .neither: "neither sharp nor flat"
                }
            },
            biasValue: { value, interval, leaning in
                "\(value) cents" + (interval.map { " (\($0))" } ?? "") + ": \(leaning)"
            },
            matchingRow: { bias, spread, attempts in "\(bias); spread \(spread); \(attempts)" },
            weeklyLegend: "Threshold per week, with its 95 % interval",
            musicians: "musicians",
            nonMusicians: "non-musicians",
            trainingWeeks: Plural(one: "{count} week", other: "{count} weeks"),
            timelineSummary: { mode, weeks, first, last, start, end in
                "\(mode): threshold per week in \(weeks) from \(first) to \(last); in the first week \(start), in the "
                    + "last \(end)."
            },
            oneWeekSummary: { mode, week, estimate in "\(mode): threshold in the week of \(week), \(estimate)." },
            referenceSummary: { musicians, nonMusicians in
                " Shaded: musicians’ thresholds in studies, \(musicians) cents, and non-musicians’, \(nonMusicians) cents."
            },
            recentWeeks: "Recent weeks",
            weekColumn: "Week of",
            thresholdColumn: "Threshold",
            likely: { lower, upper in "likely \(lower)–\(upper) cents" },
            cents: { "\($0) cents" },
            aboutNumbers: "About these numbers",
            allNumbers: "All time and every number",
            referencesLabel: "Reference thresholds",
            references:
                "Musicians and non-musicians on the profile page: C. Micheyl, K. Delhommeau, X. Perrot and A. J. Oxenham, "
                + "“Influence of musical and psychoacoustical training on pitch discrimination”, Hearing Research 219 "
                + "(2006) 36–47; C. Micheyl, L. Xiao and A. J. Oxenham, “Characterizing the dependence of pure-tone "
                + "frequency difference limens on frequency, duration, and level”, Hearing Research 292 (2012) 1–13.")
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: ProfileTexts {
        ProfileTexts(
            estimate: { value, lower, upper in "\(value) Cent (\(lower)–\(upper))" },
            spokenEstimate: { value, lower, upper in "\(value) Cent, 95-%-Intervall \(lower) bis \(upper) Cent" },
            thresholdExplanation:
                "Deine Schwelle ist der kleinste Unterschied, den du drei von vier Mal hörst (75 % richtig). In Klammern: "
                + "ihr 95-%-Intervall, in dem sie mit 95 % Wahrscheinlichkeit liegt.",
            now: "Jetzt",
            answers: "Antworten",
            trendRule:
                "„Jetzt“ sind deine letzten 200 Antworten in der Trainingsart. Der Trend liest deine Wochenschwellen der "
                + "letzten 13 Wochen: wird feiner, wenn die Linie durch sie mit 95 % Sicherheit fällt (das 95-%-Intervall "
                + "ihrer Steigung liegt unter null), wird gröber, wenn sie so steigt, sonst keine klare Änderung. Er "
                + "braucht drei Wochen mit Antworten.",
            keyboardExplanation:
                "Das Diagramm zeigt deine Schwelle im Tonvergleich an jedem geübten Ton, ihr 95-%-Intervall als Band. Ein "
                + "Ton mit wenigen Antworten stützt sich auf seine Nachbarn und zeigt ein breites Band.",
            referenceNote: { musicians, nonMusicians in
                "Zum Vergleich: In Studien lagen die Schwellen von Musikern bei etwa \(musicians) Cent, die von "
                    + "Nichtmusikern vor dem Training bei etwa \(nonMusicians) Cent (schattiert im Verlauf; Quellen auf "
                    + "der Info-Seite)."
            },
            range: { lower, upper in "\(lower) bis \(upper)" },
            intervalRow: { interval, tuningSystem in "\(interval), \(tuningSystem)" },
            answerCount: Plural(one: "{count} Antwort", other: "{count} Antworten"),
            attemptCount: Plural(one: "{count} Versuch", other: "{count} Versuche"),
            matchingExplanation:
                "Tendenz: deine mittlere Abweichung, + zu hoch, − zu tief. Streuung: wie weit deine Versuche streuen (ihre "
                + "Standardabweichung). In Klammern: die 95-%-Intervalle.",
            bias: "Tendenz",
            spread: "Streuung",
            nowRow: { "\($0) jetzt" },
            allTimeRow: { "\($0) insgesamt" },
            leaning: { leaning in
                switch leaning {
                case .sharp: "du triffst eher zu hoch"
                case .flat: "du triffst eher zu tief"
                case .neither: "weder zu hoch noch zu tief"
                }
            },
            biasValue: { value, interval, leaning in
                "\(value) Cent" + (interval.map { " (\($0))" } ?? "") + ": \(leaning)"
            },
            matchingRow: { bias, spread, attempts in "\(bias); Streuung \(spread); \(attempts)" },
            weeklyLegend: "Schwelle pro Woche, mit ihrem 95-%-Intervall",
            musicians: "Musiker",
            nonMusicians: "Nichtmusiker",
            trainingWeeks: Plural(one: "{count} Woche", other: "{count} Wochen"),
            timelineSummary: { mode, weeks, first, last, start, end in
                "\(mode): Schwelle pro Woche in \(weeks) vom \(first) bis \(last); in der ersten Woche \(start), in der "
                    + "letzten \(end)."
            },
            oneWeekSummary: { mode, week, estimate in "\(mode): Schwelle in der Woche ab \(week), \(estimate)." },
            referenceSummary: { musicians, nonMusicians in
                " Schattiert: die Schwellen von Musikern in Studien, \(musicians) Cent, und von Nichtmusikern, "
                    + "\(nonMusicians) Cent."
            },
            recentWeeks: "Letzte Wochen",
            weekColumn: "Woche ab",
            thresholdColumn: "Schwelle",
            likely: { lower, upper in "wahrscheinlich \(lower)–\(upper) Cent" },
            cents: { "\($0) Cent" },
            aboutNumbers: "Über diese Zahlen",
            allNumbers: "Insgesamt und alle Zahlen",
            referencesLabel: "Vergleichsschwellen",
            references:
                "Musiker und Nichtmusiker auf der Profilseite: C. Micheyl, K. Delhommeau, X. Perrot und A. J. Oxenham, "
                + "„Influence of musical and psychoacoustical training on pitch discrimination“, Hearing Research 219 "
                + "(2006) 36–47; C. Micheyl, L. Xiao und A. J. Oxenham, „Characterizing the dependence of pure-tone "
                + "frequency difference limens on frequency, duration, and level“, Hearing Research 292 (2012) 1–13.")
    }
}

extension Texts {
    /// An estimate with its interval, as a page shows it: "6.2 cents (5.1–7.6)"; "—" without one.
    public func estimate(_ estimate: ThresholdEstimate?) -> String {
        guard let estimate else { return noData }
        return profile.estimate(decimal(estimate.threshold), decimal(estimate.lower), decimal(estimate.upper))
    }

    /// An estimate with its interval, as a screen reader says it.
    public func spokenEstimate(_ estimate: ThresholdEstimate) -> String {
        profile.spokenEstimate(decimal(estimate.threshold), decimal(estimate.lower), decimal(estimate.upper))
    }

    /// Pitch matching's bias: "−4.0 cents (−5.9 to −2.1): you tune flat"; "—" without attempts.
    public func bias(_ estimate: PitchMatchingEstimate?) -> String {
        guard let estimate else { return noData }
        let interval = estimate.biasInterval.map {
            profile.range(signedDecimal($0.lowerBound), signedDecimal($0.upperBound))
        }
        return profile.biasValue(signedDecimal(estimate.bias), interval, profile.leaning(estimate.leaning))
    }

    /// Pitch matching's spread: "8.2 cents (7.4–9.2)"; "—" below two attempts.
    public func spread(_ estimate: PitchMatchingEstimate?) -> String {
        guard let spread = estimate?.spread, let interval = estimate?.spreadInterval else { return noData }
        return profile.estimate(decimal(spread), decimal(interval.lowerBound), decimal(interval.upperBound))
    }

    /// A value in plain words, to two figures: "4.1", "16" / "4,1", "16".
    public func roughly(_ cents: Cents) -> String {
        cents.value < 9.95 ? decimal(cents) : String(Int(cents.value.rounded()))
    }

    /// A range of published thresholds: "2 to 3.5" / "2 bis 3,5".
    public func range(_ range: ClosedRange<Cents>) -> String {
        profile.range(format(range.lowerBound.value), format(range.upperBound.value))
    }
}
