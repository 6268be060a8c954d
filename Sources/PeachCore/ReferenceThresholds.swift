/// Where a listener stands, without a score: the pitch-discrimination thresholds published for
/// musicians and for non-musicians, drawn as quiet bands behind the Comparison timeline
/// (docs/measurement.md, which gives the sources and how these ranges were read from them).
///
/// Micheyl, Delhommeau, Perrot & Oxenham (2006, Hearing Research 219: 36–47) measured 30
/// classical musicians and 30 non-musicians with adaptive two-interval forced choice, tones near
/// 330 Hz: the musicians' thresholds were close to those of highly trained listeners, about
/// 0.1–0.2 % of the frequency (2–3.5 cents), the non-musicians' more than six times larger at
/// first (about 10–20 cents). Micheyl, Xiao & Oxenham (2012, Hearing Research 292: 1–13) model
/// pure-tone difference limens across 12 studies: at mid frequencies and durations of a few
/// hundred milliseconds or more, as Peach plays, trained listeners reach the same 0.1–0.2 %.
public enum ReferenceThresholds {
    /// Musicians.
    public static let musicians: ClosedRange<Cents> = 2...3.5
    /// Non-musicians before training.
    public static let nonMusicians: ClosedRange<Cents> = 10...20
}
