import PeachCore

/// A training page of one mode, with the DOM of docs/pages.md: the answer controls (Higher and
/// Lower — Sharp and Flat in Interval Comparison —, the vertical pitch slider, Early and Late,
/// or the Tap button under the rhythm's four dots), the feedback indicator, the live regions,
/// the keys, and the hint the page shows before the first exercise of a mode on a device and
/// whenever asked.
public struct TrainingPage: Sendable {
    public var texts: Texts
    public var mode: TrainingMode
    /// The interval label of an interval mode: the interval's name when the settings select
    /// exactly one, otherwise empty (the script shows each exercise's `interval.name`).
    public var targetInterval: String?
    /// The sound the settings choose, and the sound the exercises are played with: the same,
    /// except the sine for pitch matching with a sound whose held note fades.
    public var chosenSound: SoundSource
    public var sound: SoundSource
    /// The rhythm modes' tempo, shown on their pages.
    public var tempo: TempoBPM

    public init(texts: Texts, mode: TrainingMode, settings: TrainingSettings) {
        self.texts = texts
        self.mode = mode
        self.chosenSound = settings.soundSource
        self.sound = settings.soundSource.played(in: mode.kind)
        self.tempo = settings.tempo
        let intervals = mode.intervals(in: settings)
        self.targetInterval = mode.isInterval ? (intervals.count == 1 ? texts.name(of: intervals[0]) : "") : nil
    }

    /// Where the page says that the chosen instrument is loading and the sine plays meanwhile
    /// (the first exercise after a change never waits silently), or that pitch matching plays
    /// the sine because the chosen instrument fades; `data-sound` names the sound the exercises
    /// are played with.
    private func soundStatus() -> Markup {
        // The rhythm modes play the click, not the instrument whose loading this line reports.
        guard mode.family != .rhythm else { return "" }
        let name = texts.settingsPage.soundSourceName(sound)
        let note =
            sound == chosenSound
            ? "" : texts.sounds.fadesInPitchMatching(texts.settingsPage.soundSourceName(chosenSound))
        return """
            <p id="sound-status" class="hint" role="status" data-sound="\(sound.rawValue)" \
            data-msg-loading="\(texts.sounds.loading(name))" data-msg-failed="\(texts.sounds.failed(name))">\
            \(note)</p>
            """
    }

    /// Interval Comparison asks whether the second note was sharp or flat of the interval; the
    /// buttons still tell the core "higher" (sharp) and "lower" (flat).
    private var answerLabels: (higher: String, lower: String) {
        mode == .intervalComparison
            ? (texts.guide.sharp, texts.guide.flat) : (texts.training.higher, texts.training.lower)
    }

    /// Compare Timing's letter keys in this page's language: E and L, or F(rüh) and S(pät) in
    /// German; the page takes all four whatever the language, so a hand used to either finds them.
    private var earlyLateLetters: (early: String, late: String) {
        switch texts.language {
        case .english: ("E", "L")
        case .german: ("F", "S")
        }
    }

    /// The keys of this page, for a keyboard (the stylesheet shows them where there is a fine
    /// pointer, a desktop's): ↑/H and ↓/L answer (or ↑/↓ tune, Enter answers; ←/E and →/L answer
    /// early or late; Space taps), Esc goes to Start.
    private func shortcuts() -> Markup {
        let answers: Markup
        switch mode.kind {
        case .comparison:
            answers = """
                \(shortcut("<kbd>↑</kbd> <kbd>H</kbd>", answerLabels.higher)) · \
                \(shortcut("<kbd>↓</kbd> <kbd>L</kbd>", answerLabels.lower))
                """
        case .pitchMatching:
            answers = """
                \(shortcut("<kbd>↑</kbd> <kbd>↓</kbd>", texts.guide.tune)) · \
                \(shortcut("<kbd>Enter</kbd>", texts.guide.answer))
                """
        case .rhythmOffsetDetection:
            let letters = earlyLateLetters
            answers = """
                \(shortcut("<kbd>←</kbd> <kbd>\(letters.early)</kbd>", texts.training.early)) · \
                \(shortcut("<kbd>→</kbd> <kbd>\(letters.late)</kbd>", texts.training.late))
                """
        case .continuousRhythmMatching:
            answers = shortcut("<kbd>\(texts.guide.spaceKey)</kbd>", texts.guide.tapKey)
        }
        return """
            <p class="shortcuts">\(texts.guide.keys) \(answers) · \
            \(shortcut("<kbd>Esc</kbd>", texts.app.backToStart))</p>
            """
    }

    /// Keys with what they do, kept on one line.
    private func shortcut(_ keys: Markup, _ action: String) -> Markup {
        "<span>\(keys) \(action)</span>"
    }

    /// What you hear and what you answer, with the keys and the button that begins training: a
    /// dialog the script opens before the first exercise of the mode on this device, and when
    /// `#show-hint` is pressed (training stops while it is open). The page behind it is inert,
    /// so the dialog has its own way back to Start for a touch screen without Escape.
    private func hint() -> Markup {
        """
        <dialog id="mode-hint" aria-labelledby="mode-hint-heading">\
        <h2 id="mode-hint-heading">\(texts.name(of: mode))</h2><p>\(texts.guide.hint(for: mode))</p>\(shortcuts())\
        <button id="hint-begin" type="button" class="primary">\(texts.guide.begin)</button>\
        <a id="hint-leave" href="\(PageRoute.start.path)">\(texts.app.backToStart)</a></dialog>
        """
    }

    /// The interval label of an interval mode, and the question of Interval Comparison.
    private func intervalLines() -> Markup {
        var lines: Markup = ""
        if let targetInterval {
            lines += """
                <p id="target-interval" aria-live="off">\(texts.training.targetIntervalLabel) \
                <span>\(targetInterval)</span></p>
                """
        }
        if mode == .intervalComparison {
            lines += "<p id=\"interval-question\">\(texts.guide.intervalQuestion)</p>"
        }
        return lines
    }

    /// The rhythm's four dots: they light with the clicks, an accompaniment that says nothing of
    /// the timing (the first, the accented step, drawn bolder); Fill the Gap outlines the
    /// cycle's silent step. Hidden from a screen reader: it hears the clicks themselves.
    private func rhythmDots() -> Markup {
        var dots: Markup = ""
        for step in 0..<ContinuousRhythmMatchingRecord.stepsPerCycle {
            dots += "<span class=\"dot\" data-step=\"\(step)\"></span>"
        }
        return """
            <p id="tempo" class="hint">\(tempo.value) BPM</p>\
            <div id="rhythm-dots" aria-hidden="true" data-sound="\(sound.rawValue)">\(dots)</div>
            """
    }

    /// Higher and Lower (Sharp and Flat), the vertical pitch slider, Early and Late, or Tap.
    private func answerControls() -> Markup {
        switch mode.kind {
        case .comparison:
            return """
                <div class="answers">\
                <button id="answer-higher" type="button" disabled aria-keyshortcuts="ArrowUp H">\
                \(answerLabels.higher)</button>\
                <button id="answer-lower" type="button" disabled aria-keyshortcuts="ArrowDown L">\
                \(answerLabels.lower)</button></div>
                """
        case .pitchMatching:
            // The slider's ends are the core's: the page's script holds every move within them.
            let range = PitchMatchingExercise.sliderRange
            return """
                <div id="pitch-slider" role="slider" tabindex="0" aria-orientation="vertical" \
                aria-valuemin="\(DecimalText.shortest(range.lowerBound))" \
                aria-valuemax="\(DecimalText.shortest(range.upperBound))" aria-valuenow="0" aria-disabled="true" \
                aria-label="\(texts.training.pitchSliderLabel)" aria-valuetext="\(texts.training.sliderCentre)" \
                data-msg-centre="\(texts.training.sliderCentre)" data-msg-above="\(texts.training.sliderAbove)" \
                data-msg-below="\(texts.training.sliderBelow)"><div class="thumb"></div></div>
                """
        case .rhythmOffsetDetection:
            let letters = earlyLateLetters
            return """
                \(rhythmDots())<div class="answers">\
                <button id="answer-early" type="button" disabled aria-keyshortcuts="ArrowLeft \(letters.early)">\
                \(texts.training.early)</button>\
                <button id="answer-late" type="button" disabled aria-keyshortcuts="ArrowRight \(letters.late)">\
                \(texts.training.late)</button></div>
                """
        case .continuousRhythmMatching:
            // Never disabled: a tap outside every gap's window is ignored without a word, so the
            // button never tells the musician when to tap.
            return """
                \(rhythmDots())<button id="tap" type="button" aria-keyshortcuts="Space" \
                aria-describedby="tap-description">\(texts.training.tap)</button>\
                <p id="tap-description" class="visually-hidden">\(texts.training.tapDescription)</p>
                """
        }
    }

    /// Whose turn it is, in words for a screen reader (`#turn`: "Listen…" while the notes play,
    /// "Your turn: higher or lower?" once the answer controls open, which the eyes see as
    /// outlined and filled controls), and the line that tells an answer given before the second
    /// note that it was early (`#early-answer`, shown for a moment).
    private func turnLines() -> Markup {
        let yourTurn =
            switch mode {
            case .comparison: texts.guide.yourTurnHigherLower
            case .intervalComparison: texts.guide.yourTurnSharpFlat
            case .pitchMatching, .intervalPitchMatching: texts.guide.yourTurnTune
            case .rhythmOffsetDetection: texts.guide.yourTurnEarlyLate
            case .continuousRhythmMatching: texts.guide.tapTheGaps
            }
        // Fill the Gap has no answer that could come too early: a tap is never out of turn.
        let wait: String? =
            switch mode {
            case .comparison, .intervalComparison, .pitchMatching, .intervalPitchMatching:
                texts.guide.waitForSecondNote
            case .rhythmOffsetDetection: texts.guide.waitForFourthClick
            case .continuousRhythmMatching: nil
            }
        return """
            <p id="turn" class="visually-hidden" role="status" data-msg-listen="\(texts.guide.listen)" \
            data-msg-your-turn="\(yourTurn)"></p>\(earlyLine(wait))
            """
    }

    /// The line that asks an answer given too early to wait; none where no answer is too early.
    private func earlyLine(_ wait: String?) -> Markup {
        guard let wait else { return "" }
        return "<p id=\"early-answer\" role=\"status\" data-msg-wait=\"\(wait)\"></p>"
    }

    public func render() -> String {
        // The feedback above the answer controls: on a phone held upright it is where the eyes
        // are, not under the thumb that just answered.
        let main: Markup = """
            <main id="main" data-mode="\(mode.rawValue)">\
            <h1 class="visually-hidden">\(texts.name(of: mode))</h1>\(intervalLines())\
            <div id="feedback" data-state="" aria-hidden="true"><span class="icon"></span><span class="text"></span></div>\
            \(answerControls())\(turnLines())\(shortcuts())\
            <p id="announcer" class="visually-hidden" role="status" aria-live="assertive"></p>\(soundStatus())\
            <button id="tap-to-start" type="button" hidden>\(texts.training.tapToStart)</button>\(hint())</main>
            """
        return Layout(
            texts: texts, title: texts.name(of: mode) + " — " + texts.app.appName, route: .training(mode),
            navigation: [
                Layout.backToStart(texts),
                .init(route: .settings, label: texts.app.settings, icon: .settings),
                .init(route: .profile, label: texts.charts.profileTitle, icon: .profile),
            ],
            help: texts.guide.howItWorks
        ).render(main: main)
    }
}
