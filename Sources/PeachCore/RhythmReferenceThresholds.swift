/// Where a listener's timing threshold stands, without a score: the just-noticeable displacement
/// of one tone in an isochronous sequence measured by Friberg & Sundberg (1995), in percent of a
/// sixteenth at a tempo (docs/rhythm.md, "Where you stand").
///
/// A. Friberg and J. Sundberg, "Time discrimination in a monotonic, isochronous sequence",
/// Journal of the Acoustical Society of America 98 (1995) 2524–2531: 30 listeners of varied
/// musical background adjusted the fourth of six tones until the sequence sounded even, at
/// intervals of 100–1000 ms. The just-noticeable difference was about 6 ms for intervals shorter
/// than about 240 ms and about 2.5 % of the interval for longer ones; musical training did not
/// change it. Read here as the typical musician's threshold: the study's method (adjustment)
/// is not Peach's (75 % correct in two answers), so it places a listener, it does not grade one.
public enum RhythmReferenceThresholds {
    /// The just-noticeable difference for intervals shorter than `crossoverMs`, in ms.
    public static let shortIntervalMs = 6.0
    /// The just-noticeable difference for longer intervals, in percent of the interval.
    public static let longInterval: SixteenthPercent = 2.5
    /// Where the two meet: 6 ms is 2.5 % of 240 ms.
    public static let crossoverMs = 240.0

    /// The typical threshold at `tempo`, where the interval is its sixteenth: 2.5 % up to
    /// 62.5 BPM, then 6 ms (4.8 % at 120 BPM, 8 % at 200).
    public static func typical(at tempo: TempoBPM) -> SixteenthPercent {
        max(longInterval, SixteenthPercent(offsetMs: shortIntervalMs, at: tempo))
    }
}
