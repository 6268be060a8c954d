import PeachCore

/// Every text a user sees, in one language: page texts, accessible names, the messages scripts
/// show (`data-msg-*`), feedback and error messages of the API.
///
/// The texts are split by concern, each a struct with one stored property per text (its
/// memberwise initialiser lists them, so each text is written once, and a language that lacks
/// one does not compile). Each struct's file gives both languages' values after its
/// declaration (`english`, `german`), so a text is declared and translated in one place. Texts
/// with values are functions, and so are the names of a type's cases (an exhaustive `switch` in
/// each language, so a new case does not compile until both name it); numbers are formatted by
/// the language (decimal comma in German).
///
/// `Texts` itself is a class, because every page, chart and summary holds the texts: copying
/// a struct of 170 strings and closures retains each of them, which cost a tenth of the wasm
/// core's size and time on every page; a class is one reference, and `texts.training.higher`
/// reads one stored text through it.
public final class Texts: Sendable {
    public let language: Language

    public let app: AppTexts
    public let training: TrainingTexts
    public let music: MusicTexts
    public let settingsPage: SettingsTexts
    public let infoPage: InfoTexts
    public let refusals: RefusalTexts
    public let charts: ChartTexts
    public let sounds: SoundTexts
    public let sync: SyncTexts
    public let guide: GuideTexts
    public let settingsGroups: SettingsGroupTexts
    public let profile: ProfileTexts
    public let rhythmProfile: RhythmProfileTexts

    init(
        language: Language, app: AppTexts, training: TrainingTexts, music: MusicTexts, settingsPage: SettingsTexts,
        infoPage: InfoTexts, refusals: RefusalTexts, charts: ChartTexts,
        sounds: SoundTexts, sync: SyncTexts, guide: GuideTexts, settingsGroups: SettingsGroupTexts,
        profile: ProfileTexts, rhythmProfile: RhythmProfileTexts
    ) {
        self.language = language
        self.app = app
        self.training = training
        self.music = music
        self.settingsPage = settingsPage
        self.infoPage = infoPage
        self.refusals = refusals
        self.charts = charts
        self.sounds = sounds
        self.sync = sync
        self.guide = guide
        self.settingsGroups = settingsGroups
        self.profile = profile
        self.rhythmProfile = rhythmProfile
    }

    /// English, the default language.
    public static let english = Texts(
        language: .english, app: .english, training: .english, music: .english, settingsPage: .english,
        infoPage: .english, refusals: .english, charts: .english, sounds: .english, sync: .english, guide: .english,
        settingsGroups: .english, profile: .english, rhythmProfile: .english)

    /// German.
    public static let german = Texts(
        language: .german, app: .german, training: .german, music: .german, settingsPage: .german, infoPage: .german,
        refusals: .german, charts: .german, sounds: .german, sync: .german, guide: .german, settingsGroups: .german,
        profile: .german, rhythmProfile: .german)

    /// The texts of a language.
    public static func of(_ language: Language) -> Texts {
        switch language {
        case .english: .english
        case .german: .german
        }
    }

    /// A note's name in scientific pitch notation with this language's pitch classes: "B4" / "H4".
    public func name(of note: MIDINote) -> String {
        music.pitchClassNames[note.rawValue % 12] + String(note.rawValue / 12 - 1)
    }

    /// A directed interval's display name, such as "Perfect Fifth Up"; a prime has no direction.
    public func name(of interval: DirectedInterval) -> String {
        let name = music.intervalName(interval.interval)
        return interval.interval == .prime
            ? name : music.directedIntervalName(name, interval.direction == .up ? music.up : music.down)
    }

    /// The name of a training mode.
    public func name(of mode: TrainingMode) -> String {
        switch mode {
        case .comparison: app.comparison
        case .pitchMatching: app.pitchMatching
        case .intervalComparison: app.intervalComparison
        case .intervalPitchMatching: app.intervalPitchMatching
        case .rhythmOffsetDetection: app.rhythmOffsetDetection
        case .continuousRhythmMatching: app.continuousRhythmMatching
        }
    }

    /// A number as this language writes it: `0.3` / `0,3`, no trailing zeros beyond
    /// `minimumFractionDigits` (a list of tenths reads "0.9 s, 1.0 s, 1.1 s").
    public func format(_ value: Double, minimumFractionDigits: Int = 0, maximumFractionDigits: Int = 2) -> String {
        let text = DecimalText.trimmed(
            value, minimumFractionDigits: minimumFractionDigits, maximumFractionDigits: maximumFractionDigits)
        return language == .german ? text.replacingEvery(".", with: ",") : text
    }
}
