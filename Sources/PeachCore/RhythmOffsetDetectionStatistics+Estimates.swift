/// The timing thresholds of Compare Timing (docs/rhythm.md, "Compare Timing's threshold"): per
/// tempo band and direction, all time and now, each a posterior on the grid of pitch's thresholds
/// (`ThresholdPosterior`), whose numbers are read as percentages of a sixteenth.
extension RhythmOffsetDetectionStatistics {
    /// Every answer of the track; `nil` without one.
    /// - Complexity: one posterior.
    public func allTime(_ band: TempoBand, _ direction: TimingDirection) -> RhythmThresholdEstimate? {
        RhythmThresholdEstimate(tracks[Self.track(band, direction)], band: band)
    }

    /// The track's last 200 answers (all of them while there are fewer); `nil` without one.
    /// - Complexity: O(200) and one posterior.
    public func now(_ band: TempoBand, _ direction: TimingDirection) -> RhythmThresholdEstimate? {
        var bins = OffsetBins()
        for answer in recent[Self.track(band, direction)].last(Self.recentCount) {
            bins.add(bin: answer.value / 2, answers: 1, correct: answer.value % 2)
        }
        return RhythmThresholdEstimate(bins, band: band)
    }
}
