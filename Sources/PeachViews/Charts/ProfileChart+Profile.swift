import PeachCore

extension ProfileChart {
    /// The chart of a profile over a note range: the Comparison mode's threshold at each trained
    /// reference note, its line at the estimate and its band the 95 % interval, each note
    /// borrowing strength from its neighbours (`ComparisonStatistics.noteEstimates(in:)`).
    /// The accessible summary reads the estimate of all the range's answers together.
    ///
    /// The Comparison mode alone: an interval comparison's threshold is another quantity (a fifth
    /// is harder to judge than a unison), and the interval modes play fewer reference notes at the
    /// top of the range (the target must fit), so pooling them would paint weak spots that are
    /// only a different mix of modes. The interval modes are shown per interval on the page.
    /// - Complexity: two posteriors per trained note of the range, and one more.
    public init(profile: PerceptualProfile, range: NoteRange, language: Language, size: Size) {
        let statistics = profile.comparisonStatistics(.comparison)
        let thresholds = statistics.noteEstimates(in: range).map { note, estimate in
            NoteThreshold(note: note, centre: estimate.threshold, interval: estimate.lower...estimate.upper)
        }
        self.init(
            range: range, thresholds: thresholds, threshold: statistics.estimate(in: range), language: language,
            size: size)
    }
}
