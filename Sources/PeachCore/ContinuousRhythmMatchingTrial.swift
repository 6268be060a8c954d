/// One Fill the Gap trial: sixteen cycles of four sixteenths at `tempo`, one step of each cycle
/// silent — the gap the musician fills with a tap. Its onsets are `RhythmSchedule.onsets(of:)`.
public struct ContinuousRhythmMatchingTrial: Hashable, Sendable {
    public let tempo: TempoBPM
    /// Each cycle's gap: its step, 0–3.
    public let gaps: [Int]

    public init(tempo: TempoBPM, gaps: [Int]) {
        self.tempo = tempo
        self.gaps = gaps
    }

    /// A trial at `tempo` whose every cycle's gap is drawn uniformly from `positions` (steps 0–3,
    /// the gap positions enabled in the settings; at least one).
    /// - Complexity: O(cycles).
    public init(tempo: TempoBPM, positions: [Int], using generator: inout some RandomNumberGenerator) {
        self.init(
            tempo: tempo,
            gaps: (0..<ContinuousRhythmMatchingRecord.cyclesPerTrial).map { _ in
                positions.count == 1 ? positions[0] : generator.element(of: positions)
            })
    }
}
