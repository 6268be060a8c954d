/// The timbre both notes of an exercise are played with (docs/sounds.md): the sine, or one of
/// the curated presets of the General MIDI SoundFont the server prepares (docs/sounds.md).
///
/// The presets are the instruments musicians tune most by ear: a piano as the common
/// reference, the strings, woodwinds and brass whose players adjust every note, and a choir
/// "aah" for singers.
public enum SoundSource: String, ASCIINamed, Sendable {
    case sine
    case piano
    case violin
    case cello
    case flute
    case clarinet
    case oboe
    case trumpet
    case choir

    /// The note the Settings page plays to preview a sound: A4, the note the reference pitch
    /// setting tunes, so the preview also sounds that setting.
    public static let previewNote = MIDINote.a4

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

    /// Whether a held note keeps its level. Pitch matching holds the tunable note as long as the
    /// user tunes, so it plays only sources that do; with one that fades it plays the sine. The
    /// piano's prepared notes fade about 27 dB within a second and then pulse (docs/sounds.md
    /// has the measurements of every preset).
    public var holdsItsLevel: Bool {
        self != .piano
    }

    /// The sound an exercise of `kind` is played with when this source is chosen: itself, or the
    /// sine for pitch matching with a source that does not hold its level. Rhythm training plays
    /// the click whatever is chosen, but takes the choice as a whole: the sine (no instruments
    /// loaded) plays the synthesized click, any instrument the drum kit's wood block
    /// (docs/sounds.md, "The click").
    public func played(in kind: TrainingMode.Kind) -> SoundSource {
        switch kind {
        case .comparison, .rhythmOffsetDetection, .continuousRhythmMatching: self
        case .pitchMatching: holdsItsLevel ? self : .sine
        }
    }
}
