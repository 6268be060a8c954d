import PeachCore

extension ProfileChart {
    /// The chart of a profile over a note range: the band uses every comparison, in any mode
    /// (the spec's keyboard band), and the average is the pooled mean over the range.
    /// - Complexity: O(notes in range).
    public init(profile: PerceptualProfile, range: NoteRange, language: Language, size: Size) {
        let comparison = profile.comparison
        let thresholds = range.notes.compactMap { note -> NoteThreshold? in
            let statistics = comparison.statistics(for: note)
            guard statistics.count > 0 else { return nil }
            return NoteThreshold(
                note: note, mean: statistics.mean, standardDeviation: statistics.standardDeviation,
                count: statistics.count)
        }
        self.init(
            range: range, thresholds: thresholds, averageThreshold: comparison.statistics(in: range).meanIfAny,
            language: language, size: size)
    }
}
