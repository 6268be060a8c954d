import PeachCore
import PeachViews
import Testing

@Suite("The rhythm training pages")
struct RhythmTrainingPageTests {
    private func page(_ mode: TrainingMode, _ texts: Texts, _ settings: TrainingSettings = TrainingSettings()) -> String
    {
        TrainingPage(texts: texts, mode: mode, settings: settings).render()
    }

    @Test("Compare Timing: the tempo, four dots hidden from a screen reader, Early and Late closed, by their keys")
    func compareTiming() throws {
        var settings = TrainingSettings()
        try settings.setValue("132", for: .tempo)
        let english = page(.rhythmOffsetDetection, .english, settings)
        #expect(english.contains("<body data-page=\"rhythmOffsetDetection\" data-kind=\"rhythmOffsetDetection\">"))
        #expect(english.contains("<p id=\"tempo\" class=\"hint\">132 BPM</p>"))
        #expect(
            english.contains(
                "<div id=\"rhythm-dots\" aria-hidden=\"true\" data-sound=\"sine\"><span class=\"dot\" data-step=\"0\">")
        )
        #expect(english.ranges(of: "class=\"dot\"").count == 4)
        #expect(
            english.contains(
                "<button id=\"answer-early\" type=\"button\" disabled aria-keyshortcuts=\"ArrowLeft E\">Early</button>")
        )
        #expect(
            english.contains(
                "<button id=\"answer-late\" type=\"button\" disabled aria-keyshortcuts=\"ArrowRight L\">Late</button>"))
        #expect(english.contains("<kbd>←</kbd> <kbd>E</kbd> Early</span> · <span><kbd>→</kbd> <kbd>L</kbd> Late"))
        #expect(english.contains("data-msg-your-turn=\"Your turn: early or late?\""))
        #expect(english.contains("data-msg-wait=\"Wait for the fourth click.\""))
        #expect(!english.contains("sound-status"), "the click is not the instrument whose loading that line reports")
        let german = page(.rhythmOffsetDetection, .german)
        #expect(german.contains("aria-keyshortcuts=\"ArrowLeft F\">Früh</button>"))
        #expect(german.contains("aria-keyshortcuts=\"ArrowRight S\">Spät</button>"))
        #expect(german.contains("<title>Timing vergleichen — Peach</title>"))
    }

    @Test("Fill the Gap: the Tap button, never disabled, described for a screen reader, Space its key")
    func fillTheGap() {
        let english = page(.continuousRhythmMatching, .english)
        #expect(
            english.contains("<body data-page=\"continuousRhythmMatching\" data-kind=\"continuousRhythmMatching\">"))
        #expect(
            english.contains(
                "<button id=\"tap\" type=\"button\" aria-keyshortcuts=\"Space\" aria-describedby=\"tap-description\">"
                    + "Tap</button><p id=\"tap-description\" class=\"visually-hidden\">"))
        #expect(english.contains("<span><kbd>Space</kbd> tap</span>"))
        #expect(english.contains("<p id=\"tempo\" class=\"hint\">80 BPM</p>"))
        let german = page(.continuousRhythmMatching, .german)
        #expect(german.contains("aria-describedby=\"tap-description\">Tippen</button>"))
        #expect(german.contains("<h2 id=\"mode-hint-heading\">Lücke füllen</h2>"))
    }

    @Test("Start shows the rhythm modes as a third group, under their heading, in both languages")
    func start() {
        let english = StartPage(texts: .english, profile: PerceptualProfile(), range: .standard).render()
        #expect(
            english.contains(
                "<section class=\"start-group\" aria-labelledby=\"start-rhythm-modes\"><h2 id=\"start-rhythm-modes\">"
                    + "Rhythm</h2><a class=\"button\" id=\"start-compare-timing\" href=\"/compare-timing\""))
        #expect(english.contains("id=\"start-fill-the-gap\" href=\"/fill-the-gap\""))
        let german = StartPage(texts: .german, profile: PerceptualProfile(), range: .standard).render()
        #expect(german.contains(">Rhythmus</h2>") && german.contains(">Lücke füllen</a>"))
    }
}
