/// The four training modes. The unison modes are the interval modes with the interval set
/// `{P1}` — one code path, not two.
public enum TrainingMode: String, ASCIINamed, Sendable {
    case comparison
    case pitchMatching
    case intervalComparison
    case intervalPitchMatching

    /// Hashing and equality by case rather than by the `String` raw value (the default a
    /// `RawRepresentable` enum gets): the profile looks modes up once per record, and hashing
    /// the name made that a tenth of building the profile.
    private var ordinal: Int {
        switch self {
        case .comparison: 0
        case .pitchMatching: 1
        case .intervalComparison: 2
        case .intervalPitchMatching: 3
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ordinal)
    }

    public static func == (lhs: TrainingMode, rhs: TrainingMode) -> Bool {
        lhs.ordinal == rhs.ordinal
    }

    /// Which exercise the mode plays.
    public enum Kind: Sendable { case comparison, pitchMatching }

    public var kind: Kind {
        switch self {
        case .comparison, .intervalComparison: .comparison
        case .pitchMatching, .intervalPitchMatching: .pitchMatching
        }
    }

    public var isInterval: Bool {
        switch self {
        case .comparison, .pitchMatching: false
        case .intervalComparison, .intervalPitchMatching: true
        }
    }

    /// The intervals an exercise of this mode draws from: `{P1}` for the unison modes, the
    /// settings' non-empty set (in a stable order) for the interval modes.
    public func intervals(in settings: TrainingSettings) -> [DirectedInterval] {
        isInterval ? settings.intervals.sorted() : [.prime]
    }

    /// The mode a recorded exercise belongs to: a record's interval says whether it came from a
    /// unison mode (P1) or an interval mode, so imported records sort themselves too.
    public static func of(kind: Kind, interval: DirectedInterval) -> TrainingMode {
        switch (kind, interval.interval == .prime) {
        case (.comparison, true): .comparison
        case (.comparison, false): .intervalComparison
        case (.pitchMatching, true): .pitchMatching
        case (.pitchMatching, false): .intervalPitchMatching
        }
    }
}
