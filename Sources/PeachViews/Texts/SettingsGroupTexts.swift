import PeachCore

// MARK: - The Settings page's groups and the wrong-answer sound
//
// One block for these texts, in both languages. Each language is a value of the same struct, so
// a language that lacks a text does not compile.

/// The headings of the Settings page's groups that have no name elsewhere, and the setting of
/// the sound after a wrong answer.
public struct SettingsGroupTexts: Sendable {
    /// The group of what is played: the sound, the note duration, the reference pitch, loudness.
    public let playback: String
    /// The group of what an answer gives back beside the thumb.
    public let feedback: String
    public let wrongAnswerSound: String
    /// Why one would turn it on: a signal that needs no eyes where the device cannot vibrate.
    public let wrongAnswerSoundHint: String
    /// The row that opens the intervals' checkboxes, the chosen ones its value.
    public let intervals: String
    /// The button that opens the file chooser for a CSV import, and what it shows before a file
    /// is chosen.
    public let chooseFile: String
    public let noFileChosen: String
    /// The row that opens what to know before adding Peach to the Home Screen.
    public let homeScreenSummary: String
    /// The rhythm modes' group: the tempo, and Fill the Gap's gap positions with a checkbox for
    /// each step ("Step 1") and what they do.
    public let rhythm: String
    public let tempo: String
    public let gapPositions: String
    public let gapPosition: @Sendable (Int) -> String
    public let gapPositionsHint: String

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var english: SettingsGroupTexts {
        SettingsGroupTexts(
            playback: "Playback",
            feedback: "Feedback",
            wrongAnswerSound: "Sound on a wrong answer",
            wrongAnswerSoundHint:
                "A short, quiet sound after a wrong answer, for training with your eyes closed: an iPhone cannot "
                + "vibrate for a web app.",
            intervals: "Intervals",
            chooseFile: "Choose a CSV File…",
            noFileChosen: "No file chosen",
            homeScreenSummary: "Adding to the Home Screen",
            rhythm: "Rhythm",
            tempo: "Tempo",
            gapPositions: "Gap positions",
            gapPosition: { "Step \($0)" },
            gapPositionsHint:
                "Fill the Gap leaves one of the chosen steps silent in each loop, drawn anew each time; step 1 "
                + "is the accented one.")
    }

    /// Built when `Texts` is, into it: a stored table would be copied in, text by text.
    static var german: SettingsGroupTexts {
        SettingsGroupTexts(
            playback: "Wiedergabe",
            feedback: "Rückmeldung",
            wrongAnswerSound: "Klang bei falscher Antwort",
            wrongAnswerSoundHint:
                "Ein kurzer, leiser Klang nach einer falschen Antwort, zum Üben mit geschlossenen Augen: Ein iPhone "
                + "kann für eine Web-App nicht vibrieren.",
            intervals: "Intervalle",
            chooseFile: "CSV-Datei auswählen …",
            noFileChosen: "Keine Datei ausgewählt",
            homeScreenSummary: "Hinzufügen zum Home-Bildschirm",
            rhythm: "Rhythmus",
            tempo: "Tempo",
            gapPositions: "Lückenpositionen",
            gapPosition: { "Schritt \($0)" },
            gapPositionsHint:
                "„Lücke füllen“ lässt in jeder Runde einen der gewählten Schritte still, jedes Mal neu gezogen; "
                + "Schritt 1 ist der betonte.")
    }
}
