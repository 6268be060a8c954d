import PeachCore

extension ProfileChart {
    /// The chart of a profile over a note range: the Comparison mode's threshold *now* at each
    /// reference note of its last 200 answers — the answers the page's headline "now" reads —
    /// its line at the estimate and its band the 95 % interval, each note borrowing strength from
    /// its neighbours (`ComparisonStatistics.nowNoteEstimates(in:)`). The accessible summary
    /// reads "now" of the range's answers. Drawn from every answer ever given, the band of a
    /// listener who improved sat at the old, coarser thresholds while the number said "now".
    ///
    /// The Comparison mode alone: an interval comparison's threshold is another quantity (a fifth
    /// is harder to judge than a unison), and the interval modes play fewer reference notes at the
    /// top of the range (the target must fit), so pooling them would paint weak spots that are
    /// only a different mix of modes. The interval modes are shown per interval on the page.
    /// - Complexity: two posteriors per note of the range among the last 200 answers, and one more.
    public init(profile: PerceptualProfile, range: NoteRange, language: Language, size: Size) {
        let statistics = profile.comparisonStatistics(.comparison)
        let thresholds = statistics.nowNoteEstimates(in: range).map { note, estimate in
            NoteThreshold(note: note, centre: estimate.threshold, interval: estimate.lower...estimate.upper)
        }
        self.init(
            range: range, thresholds: thresholds, threshold: statistics.now(in: range), language: language,
            size: size)
    }
}
