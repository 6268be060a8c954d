/// The threshold estimates of a mode's comparisons (docs/measurement.md): all time, now, the
/// trend, per interval and tuning system, per week and per note. Each is a posterior on the grid
/// (`ThresholdPosterior`) computed from the counts when asked.
extension ComparisonStatistics {
    /// Every answer of the mode; `nil` without one.
    /// - Complexity: one posterior.
    public var allTime: ThresholdEstimate? {
        count > 0 ? ThresholdPosterior(all).estimate : nil
    }

    /// The last 200 answers of the mode (all of them while there are fewer); `nil` without one.
    /// - Complexity: one posterior.
    public var now: ThresholdEstimate? {
        count > 0 ? ThresholdPosterior(Self.bins(of: recent.last(Self.recentCount))).estimate : nil
    }

    /// "Now" of the answers whose reference note lies in `range`: the keyboard's summary, the
    /// same answers as `now` when the range holds them all; `nil` without one.
    /// - Complexity: O(200) and one posterior.
    public func now(in range: NoteRange) -> ThresholdEstimate? {
        let bins = Self.bins(of: recent.last(Self.recentCount), in: range)
        return bins.answers > 0 ? ThresholdPosterior(bins).estimate : nil
    }

    /// "Now" note by note: each note of `range` among the last 200 answers and its estimate from
    /// them, borrowing strength from the other notes' answers now (`nowNeighbourSpan`). What the
    /// keyboard band and the Start page's preview draw, so that they tell the headline's story:
    /// a listener who improved sees the band where "now" is, not where every answer ever given
    /// pools.
    /// - Complexity: O(200 + notes) and two posteriors per note of the range among them.
    public func nowNoteEstimates(in range: NoteRange) -> [(note: MIDINote, estimate: ThresholdEstimate)] {
        var byNote = [OffsetBins](repeating: OffsetBins(), count: MIDINote.validRange.count)
        for answer in recent.last(Self.recentCount) {
            let (note, bin, correct) = Self.recentAnswer(answer.value)
            byNote[note].add(bin: bin, answers: 1, correct: correct)
        }
        return Self.noteEstimates(of: byNote, in: range, span: Self.nowNeighbourSpan)
    }

    /// Whether the weekly thresholds fall, rise or neither over the last 13 weeks (`Trend`);
    /// `notEnoughData` below three weeks with answers.
    /// - Complexity: one posterior per week with answers among the last 13.
    public var trend: Trend {
        guard let last = weeks.last?.week else { return .notEnoughData }
        return Trend(
            weeks: weeks.filter { $0.week > last - Trend.span }.map { ($0.week, ThresholdPosterior($0.bins)) })
    }

    /// The line through the last 13 weeks' log thresholds (`Trend.fit`); `nil` below
    /// three weeks with answers.
    /// - Complexity: one posterior per week with answers among the last 13.
    public var trendFit: Trend.Fit? {
        guard let last = weeks.last?.week else { return nil }
        return Trend.fit(weeks.filter { $0.week > last - Trend.span }.map { ($0.week, ThresholdPosterior($0.bins)) })
    }

    /// Each interval and tuning system with answers, in `IntervalSlot` order.
    /// - Complexity: one posterior per interval and tuning system with answers.
    public var intervalEstimates:
        [(interval: DirectedInterval, tuningSystem: TuningSystem, estimate: ThresholdEstimate)]
    {
        intervals.indices.compactMap { index in
            guard intervals[index].answers > 0 else { return nil }
            let (interval, tuningSystem) = IntervalSlot.slot(index)
            return (interval, tuningSystem, ThresholdPosterior(intervals[index]).estimate)
        }
    }

    /// Each calendar week with answers, oldest first, from its own answers alone.
    /// - Complexity: one posterior per week.
    public var weeklyEstimates: [(week: Int, estimate: ThresholdEstimate)] {
        weeks.map { ($0.week, ThresholdPosterior($0.bins).estimate) }
    }

    /// The answers whose reference note lies in `range`, together; `nil` without one.
    /// - Complexity: O(notes in range · bins) and one posterior.
    public func estimate(in range: NoteRange) -> ThresholdEstimate? {
        let bins = notes[range.lower.rawValue...range.upper.rawValue].reduce(into: OffsetBins()) { $0.add($1) }
        return bins.answers > 0 ? ThresholdPosterior(bins).estimate : nil
    }

    /// How far apart neighbouring notes' thresholds may be: a note's prior is its neighbours'
    /// posterior widened by a normal spread of 0.35 in log threshold, so that its threshold is
    /// within a factor of 2 of theirs with 95 % probability (e^(1.96 · 0.35) ≈ 2).
    static let neighbourSpread = 0.35
    /// The notes on either side that lend a note their answers: a tritone, half an octave.
    static let neighbourSpan = 6
    /// The share of a note's prior that ignores its neighbours (the model's prior alone), so that
    /// a note unlike them shows what its own answers say rather than being held to theirs.
    static let unlikeNeighbours = 0.01
    /// The notes that lend a note their answers *now*: every other note. The last 200 answers
    /// leave a few at each note of a four-octave range and some fifty within a tritone, whose
    /// posterior has a long upper tail while the chain is still coming down; the rest of "now"
    /// is the better-known prior, and the band departs from it only where a note's own answers
    /// say so.
    static let nowNeighbourSpan = MIDINote.validRange.count

    /// Each note of `range` with answers and its estimate, borrowing strength from its
    /// neighbours: the prior of a note is the posterior of the answers at the notes up to a
    /// tritone away (not the note's own), widened by `neighbourSpread`, mixed with 1 % of the
    /// model's prior. A note with many answers shows what they say; a note with few shows about
    /// its neighbours' threshold with a wide interval — never a sharp estimate from a handful of
    /// answers. Notes without answers have no estimate (the chart's band breaks there).
    /// - Complexity: two posteriors per trained note of the range.
    public func noteEstimates(in range: NoteRange) -> [(note: MIDINote, estimate: ThresholdEstimate)] {
        Self.noteEstimates(of: notes, in: range)
    }

    /// Each note of `range` with answers in `notes` (indexed by MIDI note), borrowing strength
    /// from the notes up to `span` away.
    static func noteEstimates(
        of notes: [OffsetBins], in range: NoteRange, span: Int = neighbourSpan
    ) -> [(note: MIDINote, estimate: ThresholdEstimate)] {
        range.notes.compactMap { note in
            let own = notes[note.rawValue]
            guard own.answers > 0 else { return nil }
            var neighbours = OffsetBins()
            let lowest = max(note.rawValue - span, MIDINote.validRange.lowerBound)
            let highest = min(note.rawValue + span, MIDINote.validRange.upperBound)
            for neighbour in lowest...highest where neighbour != note.rawValue { neighbours.add(notes[neighbour]) }
            let prior = neighbours.answers > 0 ? Self.prior(from: ThresholdPosterior(neighbours)) : nil
            return (note, ThresholdPosterior(own, prior: prior).estimate)
        }
    }

    /// The neighbours' posterior convolved with a normal of `neighbourSpread` in log threshold
    /// (truncated at 3 spreads), mixed with the model's prior.
    /// - Complexity: O(grid · kernel), about 13,000 multiply-adds.
    static func prior(from neighbours: ThresholdPosterior) -> [Double] {
        let width = neighbourSpread / ThresholdGrid.step
        let reach = Int((3 * width).rounded(.up))
        var kernel = (-reach...reach).map { Math.exp(-0.5 * (Double($0) / width) * (Double($0) / width)) }
        let kernelTotal = kernel.reduce(0, +)
        kernel = kernel.map { $0 / kernelTotal }
        let count = ThresholdGrid.count
        let base = ThresholdGrid.prior
        let baseTotal = base.reduce(0, +)
        return (0..<count).map { point in
            var sum = 0.0
            for shift in -reach...reach where (0..<count).contains(point - shift) {
                sum += kernel[shift + reach] * neighbours.probabilities[point - shift]
            }
            return (1 - unlikeNeighbours) * sum + unlikeNeighbours * base[point] / baseTotal
        }
    }

    /// The bins of recent answers (`recent`'s values), of the notes in `range` if one is given.
    static func bins(of answers: ArraySlice<RecentAnswers<Int>.Entry>, in range: NoteRange? = nil) -> OffsetBins {
        var bins = OffsetBins()
        for answer in answers {
            let (note, bin, correct) = recentAnswer(answer.value)
            if let range, !(range.lower.rawValue...range.upper.rawValue).contains(note) { continue }
            bins.add(bin: bin, answers: 1, correct: correct)
        }
        return bins
    }
}
