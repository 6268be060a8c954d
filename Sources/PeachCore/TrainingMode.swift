/// The six training modes: four of pitch, two of timing. The unison modes are the interval modes
/// with the interval set `{P1}` — one code path, not two.
public enum TrainingMode: String, ASCIINamed, Sendable {
    case comparison
    case pitchMatching
    case intervalComparison
    case intervalPitchMatching
    /// Compare Timing: four clicks, the fourth early or late; which was it?
    case rhythmOffsetDetection
    /// Fill the Gap: a loop of four clicks with one silent; tap the gap.
    case continuousRhythmMatching

    /// Hashing and equality by case rather than by the `String` raw value (the default a
    /// `RawRepresentable` enum gets): the profile looks modes up once per record, and hashing
    /// the name made that a tenth of building the profile.
    private var ordinal: Int {
        switch self {
        case .comparison: 0
        case .pitchMatching: 1
        case .intervalComparison: 2
        case .intervalPitchMatching: 3
        case .rhythmOffsetDetection: 4
        case .continuousRhythmMatching: 5
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    public static func == (lhs: TrainingMode, rhs: TrainingMode) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Which exercise the mode plays.
    public enum Kind: Sendable { case comparison, pitchMatching, rhythmOffsetDetection, continuousRhythmMatching }

    public var kind: Kind {
        switch self {
        case .comparison, .intervalComparison: .comparison
        case .pitchMatching, .intervalPitchMatching: .pitchMatching
        case .rhythmOffsetDetection: .rhythmOffsetDetection
        case .continuousRhythmMatching: .continuousRhythmMatching
        }
    }

    /// What a mode trains, which is also its group on Start: pitch, intervals or timing.
    public enum Family: Sendable { case pitch, interval, rhythm }

    public var family: Family {
        switch self {
        case .comparison, .pitchMatching: .pitch
        case .intervalComparison, .intervalPitchMatching: .interval
        case .rhythmOffsetDetection, .continuousRhythmMatching: .rhythm
        }
    }

    public var isInterval: Bool { family == .interval }

    /// The intervals an exercise of this mode draws from: `{P1}` for the unison modes (and the
    /// rhythm modes, which play no notes), the settings' non-empty set (in a stable order) for
    /// the interval modes.
    public func intervals(in settings: TrainingSettings) -> [DirectedInterval] {
        isInterval ? settings.intervals.sorted() : [.prime]
    }

    /// The mode a recorded exercise belongs to: a pitch record's interval says whether it came
    /// from a unison mode (P1) or an interval mode, so imported records sort themselves too; a
    /// rhythm record's kind is its mode.
    public static func of(kind: Kind, interval: DirectedInterval) -> TrainingMode {
        switch (kind, interval.interval == .prime) {
        case (.comparison, true): .comparison
        case (.comparison, false): .intervalComparison
        case (.pitchMatching, true): .pitchMatching
        case (.pitchMatching, false): .intervalPitchMatching
        case (.rhythmOffsetDetection, _): .rhythmOffsetDetection
        case (.continuousRhythmMatching, _): .continuousRhythmMatching
        }
    }
}
