/// The timbre both notes of an exercise are played with (spec FR18, FR34): the sine, or one of
/// the curated presets of the General MIDI SoundFont the server prepares (docs/sounds.md).
///
/// The presets are the instruments musicians tune most by ear: a piano as the common
/// reference, the strings, woodwinds and brass whose players adjust every note, and a choir
/// "aah" for singers.
public enum SoundSource: String, CaseIterable, Hashable, Sendable {
    case sine
    case piano
    case violin
    case cello
    case flute
    case clarinet
    case oboe
    case trumpet
    case choir

    /// The General MIDI program (bank 0) of the preset, or `nil` for the sine.
    public var generalMIDIProgram: Int? {
        switch self {
        case .sine: nil
        case .piano: 0
        case .violin: 40
        case .cello: 42
        case .flute: 73
        case .clarinet: 71
        case .oboe: 68
        case .trumpet: 56
        case .choir: 52
        }
    }
}
