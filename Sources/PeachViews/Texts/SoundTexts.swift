import PeachCore

// MARK: - Sound sources (docs/sounds.md): the Sound picker's preview, loading an instrument, its origin
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile.

/// The texts about instrument sounds: the preview button, what the page says while an
/// instrument loads (the sine plays meanwhile, so an exercise never waits silently), and the
/// SoundFont's origin and licence on the Info page.
public struct SoundTexts: Sendable {
    /// The preview button's visible label and its accessible name.
    public let preview: String
    public let previewLabel: String
    /// The instrument is being downloaded; the sine plays until it is ready.
    public let loading: @Sendable (String) -> String
    public let ready: @Sendable (String) -> String
    /// The instrument could not be downloaded (offline before it was ever loaded, or the server
    /// has no SoundFont); the sine plays.
    public let failed: @Sendable (String) -> String
    /// Pitch matching plays the sine with an instrument whose held note fades
    /// (`SoundSource.holdsItsLevel`): said on the Settings page and the pitch matching pages.
    public let fadesInPitchMatching: @Sendable (String) -> String
    public let originLabel: String
    /// Where the instrument sounds come from and under which licence (the SoundFont's own notice).
    public let origin: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: SoundTexts {
        SoundTexts(
            preview: "Listen",
            previewLabel: "Listen to the chosen sound",
            loading: { "Loading “\($0)”… the sine wave plays until it is ready." },
            ready: { "“\($0)” is ready." },
            failed: {
                "“\($0)” could not be loaded, so the sine wave plays. Peach tries again when it reaches your Peach "
                    + "server."
            },
            fadesInPitchMatching: { "“\($0)” fades while you tune, so pitch matching plays the sine wave instead." },
            originLabel: "Instrument sounds",
            origin:
                "Fluid (R3) Mono GM SoundFont, MIT licence: © 2000–2002, 2008 Frank Wen; mono version © 2014–2017 "
                + "Michael Cowgill. From Debian's package fluidr3mono-gm-soundfont, prepared by your Peach server.")
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: SoundTexts {
        SoundTexts(
            preview: "Anhören",
            previewLabel: "Den gewählten Klang anhören",
            loading: { "„\($0)“ wird geladen … bis dahin spielt der Sinuston." },
            ready: { "„\($0)“ ist bereit." },
            failed: {
                "„\($0)“ konnte nicht geladen werden, deshalb spielt der Sinuston. Peach versucht es wieder, sobald es "
                    + "deinen Peach-Server erreicht."
            },
            fadesInPitchMatching: {
                "„\($0)“ verklingt, während du stimmst; beim Treffen spielt deshalb der Sinuston."
            },
            originLabel: "Instrumentenklänge",
            origin:
                "Fluid (R3) Mono GM SoundFont, MIT-Lizenz: © 2000–2002, 2008 Frank Wen; Mono-Fassung © 2014–2017 "
                + "Michael Cowgill. Aus dem Debian-Paket fluidr3mono-gm-soundfont, aufbereitet von deinem Peach-Server."
        )
    }
}
