/// The timbre both notes of an exercise are played with (spec FR18, FR34; more may follow).
public enum SoundSource: String, CaseIterable, Hashable, Sendable {
    case sine
}
