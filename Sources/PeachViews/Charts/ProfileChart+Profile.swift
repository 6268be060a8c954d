import PeachCore

extension ProfileChart {
    /// The chart of a profile over a note range: the band uses every comparison, in any mode
    /// (the spec's keyboard band), and the average is the pooled mean over the range.
    ///
    /// A note's line is the geometric mean of its |cent offset|s and its band the geometric mean
    /// times and divided by e^σ (σ the standard deviation of their logarithms): a spread that lives
    /// on the logarithmic axis, symmetric there, and never below zero — an arithmetic mean − SD
    /// falls to the axis floor whenever the SD exceeds the mean, as it usually does.
    /// - Complexity: O(notes in range).
    public init(profile: PerceptualProfile, range: NoteRange, language: Language, size: Size) {
        let comparison = profile.comparison
        let thresholds = range.notes.compactMap { note -> NoteThreshold? in
            let logs = comparison.logNotes[note.rawValue]
            guard logs.count > 0 else { return nil }
            return NoteThreshold(
                note: note, centre: Math.exp(logs.mean),
                spread: logs.standardDeviation.map { Math.exp(logs.mean - $0)...Math.exp(logs.mean + $0) },
                count: logs.count)
        }
        self.init(
            range: range, thresholds: thresholds, averageThreshold: comparison.statistics(in: range).meanIfAny,
            language: language, size: size)
    }
}
