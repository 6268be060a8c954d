import PeachCore

/// Every setting of `TrainingSettings` as a bounded control inside `<form id="settings-form">`,
/// each named by its settings key, so that the page works as a plain form (POST /settings) and the
/// settings script can save each change on the device (which sync takes to the server); then
/// export, import and the reset.
///
/// The page is written as literal markup, its lists built by plain loops over the cases: both
/// keep the wasm core that renders it small (see `Markup`).
public struct SettingsPage: Sendable {
    public var texts: Texts
    public var settings: TrainingSettings
    /// A message shown at the top (after a reset, or why a plain-form save was refused).
    public var message: String?
    public var messageIsError: Bool
    /// Whether the device shown to can vibrate: the wrong-answer switch shows what it does there
    /// until the user chooses (on where it cannot vibrate). The server, which does not know,
    /// renders it as for a device that can; the device renders the page again with its own.
    public var deviceVibrates: Bool

    public init(
        texts: Texts, settings: TrainingSettings, message: String? = nil, messageIsError: Bool = false,
        deviceVibrates: Bool = true
    ) {
        self.texts = texts
        self.settings = settings
        self.message = message
        self.messageIsError = messageIsError
        self.deviceVibrates = deviceVibrates
    }

    public func render() -> String {
        let main: Markup = """
            <main id="main" data-msg-offline="\(texts.settingsPage.offline)"><h1>\(texts.app.settings)</h1>\
            \(messageLine())\(settingsForm())\(deviceSection())\(dataSection())</main>
            """
        return Layout(
            texts: texts, title: texts.app.settings + " — " + texts.app.appName, route: .settings,
            navigation: [Layout.backToStart(texts)]
        ).render(main: main)
    }

    private func messageLine() -> Markup {
        guard let message else { return "" }
        return """
            <p id="settings-message" role="\(messageIsError ? "alert" : "status")">\(message)</p>
            """
    }

    /// The settings in groups, as a phone's settings screen shows them: each group a heading
    /// (its legend), its rows on a card (`.group-rows`), and what explains them under the card
    /// (`.group-footer`); the language alone, without a heading.
    ///
    /// The sound on a wrong answer is a switch: a checkbox with the switch role inside its label,
    /// so the whole row is the target. Unchecked, a plain form sends nothing for it
    /// (PageController reads that as `false`).
    private func settingsForm() -> Markup {
        """
        <form id="settings-form" method="post" action="\(PageRoute.settings.path)">\
        <p class="group-footer">\(texts.settingsPage.settingsIntro)</p>\
        <fieldset class="group" data-minimum-span="\(NoteRange.minimumSpan)">\
        <legend>\(texts.settingsPage.noteRangeLegend)</legend><div class="group-rows">\
        \(selectRow(.noteRangeLower, label: texts.settingsPage.noteRangeLower, noteOptions(settings.noteRange.lower)))\
        \(selectRow(.noteRangeUpper, label: texts.settingsPage.noteRangeUpper, noteOptions(settings.noteRange.upper)))\
        </div></fieldset>\
        <fieldset class="group"><legend>\(texts.settingsGroups.playback)</legend><div class="group-rows">\
        \(soundField())\
        \(selectRow(.noteDuration, label: texts.settingsPage.noteDuration, noteDurationOptions()))\
        \(selectRow(.referencePitch, label: texts.settingsPage.referencePitch, referencePitchOptions()))\
        \(selectRow(.loudnessVariation, label: texts.settingsPage.loudnessVariation,
            describedBy: "setting-loudnessVariation-hint", loudnessVariationOptions()))\
        </div><div class="group-footer">\
        <p id="setting-loudnessVariation-hint">\(texts.settingsPage.loudnessVariationHint)</p>\
        \(fadingSoundsNotes())</div></fieldset>\
        <fieldset class="group"><legend>\(texts.settingsGroups.feedback)</legend><div class="group-rows">\
        <label class="field switch"><span>\(texts.settingsGroups.wrongAnswerSound)</span>\
        <input type="checkbox" role="switch" id="setting-wrongAnswerSound" name="wrongAnswerSound" value="true" \
        aria-describedby="setting-wrongAnswerSound-hint"\(attribute: "checked", if: settings.playsWrongAnswerSound(deviceVibrates: deviceVibrates))>\
        </label></div><div class="group-footer">\
        <p id="setting-wrongAnswerSound-hint">\(texts.settingsGroups.wrongAnswerSoundHint)</p></div></fieldset>\
        \(intervalsGroup())\(rhythmGroup())\
        <div class="group"><div class="group-rows">\
        \(selectRow(.language, label: texts.settingsPage.languageSetting, languageOptions()))</div></div>\
        <p id="settings-status" class="form-message" role="alert" hidden></p>\
        <p id="settings-saved" class="form-message" role="status" hidden>\(texts.settingsPage.settingsSaved)</p>\
        <noscript><button type="submit">\(texts.settingsPage.saveSettings)</button></noscript></form>
        """
    }

    /// A row: the label, and the control at the end of the row (under it where the row is too
    /// narrow for both).
    private func field(_ key: TrainingSettings.Key, label: String, _ control: Markup) -> Markup {
        """
        <div class="field"><label for="setting-\(key.rawValue)">\(label)</label>\(control)</div>
        """
    }

    /// A row of a select.
    private func selectRow(
        _ key: TrainingSettings.Key, label: String, describedBy: String? = nil, _ options: Markup
    ) -> Markup {
        field(key, label: label, select(key, describedBy: describedBy, options))
    }

    /// A select named by its settings key, its id what the row's label points to.
    private func select(_ key: TrainingSettings.Key, describedBy: String? = nil, _ options: Markup) -> Markup {
        """
        <select id="setting-\(key.rawValue)" name="\(key.rawValue)"\(attribute: "aria-describedby", describedBy)>\
        \(options)</select>
        """
    }

    /// An option; `data` are its `data-*` attributes, each with its leading space.
    private func option(_ value: String, _ label: String, selected: Bool, data: Markup = "") -> Markup {
        """
        <option value="\(value)"\(data)\(attribute: "selected", if: selected)>\(label)</option>
        """
    }

    /// The Sound picker with its preview button and a status line; each preset's option carries
    /// what the page says while that sound loads, so the script shows it in this language.
    private func soundField() -> Markup {
        var options: Markup = ""
        for source in SoundSource.allCases {
            let name = texts.settingsPage.soundSourceName(source)
            let loading: Markup =
                source == .sine
                ? ""
                : """
                 data-msg-loading="\(texts.sounds.loading(name))" data-msg-ready="\(texts.sounds.ready(name))" \
                data-msg-failed="\(texts.sounds.failed(name))"
                """
            options += option(source.rawValue, name, selected: source == settings.soundSource, data: loading)
        }
        // The preview button is shown by the script (it plays the sound); the no-script form has
        // nothing to play.
        return field(
            .soundSource, label: texts.settingsPage.soundSource,
            """
            <div class="sound-picker">\(select(.soundSource, options))\
            <button id="sound-preview" type="button" aria-label="\(texts.sounds.previewLabel)" hidden>\
            \(texts.sounds.preview)</button></div><p id="sound-status" class="hint" role="status"></p>
            """)
    }

    /// Under the Sound picker: that pitch matching plays the sine with an instrument whose held
    /// note fades (`SoundSource.holdsItsLevel`), shown while that instrument is the one chosen, as
    /// a phone's settings footer speaks of the current choice (the script follows the picker).
    private func fadingSoundsNotes() -> Markup {
        var notes: Markup = ""
        for source in SoundSource.allCases where !source.holdsItsLevel {
            let note = texts.sounds.fadesInPitchMatching(texts.settingsPage.soundSourceName(source))
            notes += """
                <p data-fades="\(source.rawValue)"\(attribute: "hidden", if: source != settings.soundSource)>\
                \(note)</p>
                """
        }
        return notes
    }

    private func noteOptions(_ selected: MIDINote) -> Markup {
        var options: Markup = ""
        for number in TrainingSettings.noteBounds {
            options += option(
                String(number), texts.name(of: try! MIDINote(number)), selected: number == selected.rawValue)
        }
        return options
    }

    /// The settings' note durations (0.3 … 3.0 s in steps of 0.1), each with one or two fraction
    /// digits ("0.9 s, 1.0 s").
    private func noteDurationOptions() -> Markup {
        numberOptions(
            TrainingSettings.noteDurationBounds, perUnit: (1 / TrainingSettings.noteDurationStep).rounded(),
            current: settings.noteDuration, unit: texts.settingsPage.secondsUnit, digits: 1...2)
    }

    /// The settings' reference pitches (380 … 500 Hz) in whole hertz, the finest step a musician
    /// tunes to; other values come only through the API.
    private func referencePitchOptions() -> Markup {
        numberOptions(
            TrainingSettings.referencePitchBounds, perUnit: 1, current: settings.referencePitch.hertz,
            unit: texts.settingsPage.hertzUnit, digits: 0...2)
    }

    /// The settings' loudness variations (0 … 1) in tenths, without a unit.
    private func loudnessVariationOptions() -> Markup {
        numberOptions(
            TrainingSettings.loudnessVariationBounds, perUnit: 10, current: settings.loudnessVariation, unit: nil,
            digits: 1...2)
    }

    /// The numbers of `bounds` in steps of `1 / perUnit` (each computed as `step / perUnit`, so
    /// that 3 / 10 is exactly the 0.3 the settings hold, where 3 · 0.1 is not), each written with
    /// `digits.lowerBound` to `digits.upperBound` fraction digits; a current value between them
    /// (set through the API) is kept as an extra choice in its place, so that showing the page
    /// never changes a setting.
    private func numberOptions(
        _ bounds: ClosedRange<Double>, perUnit divisor: Double, current: Double, unit: String?,
        digits: ClosedRange<Int>
    ) -> Markup {
        let steps = Int((bounds.lowerBound * divisor).rounded())...Int((bounds.upperBound * divisor).rounded())
        // Out of line: inlined into each of its three calls, it cost the wasm core 400 bytes (gzip).
        @inline(never) func option(_ value: Double, selected: Bool) -> Markup {
            var label = texts.format(
                value, minimumFractionDigits: digits.lowerBound, maximumFractionDigits: digits.upperBound)
            if let unit { label += " " + unit }
            // As the settings API reads a number: a decimal point, no trailing zeros.
            return self.option(DecimalText.trimmed(value, maximumFractionDigits: 6), label, selected: selected)
        }
        // `current` is shown once: selected among the choices, or on its own before the first
        // choice above it (or after the last).
        var currentShown = false
        var options: Markup = ""
        for step in steps {
            let value = Double(step) / divisor
            let isCurrent = abs(value - current) < 1e-9
            if !currentShown && !isCurrent && current < value {
                options += option(current, selected: true)
                currentShown = true
            }
            if isCurrent { currentShown = true }
            options += option(value, selected: isCurrent)
        }
        if !currentShown { options += option(current, selected: true) }
        return options
    }

    private func languageOptions() -> Markup {
        var options = option("", texts.settingsPage.languageFromBrowser, selected: settings.language == nil)
        for language in Language.allCases {
            options += option(
                language.rawValue, texts.settingsPage.languageName(language), selected: language == settings.language)
        }
        return options
    }

    /// The intervals as a musician thinks of them: the thirteen intervals down the card, up and
    /// down side by side (the prime, which has no direction, once), with the tuning system they
    /// are tuned in above them. Each checkbox is named in full ("Perfect Fifth Up") by its label,
    /// the 44 px box around it; the row's name and the column's direction are what the eye reads.
    private func intervalsGroup() -> Markup {
        var tunings: Markup = ""
        for system in TuningSystem.allCases {
            tunings += option(
                system.rawValue, texts.settingsPage.tuningSystemName(system),
                selected: system == settings.tuningSystem)
        }
        var cells: Markup = """
            <span></span><span class="interval-direction" aria-hidden="true">\(texts.music.up)</span>\
            <span class="interval-direction" aria-hidden="true">\(texts.music.down)</span>
            """
        var chosen: [String] = []
        for interval in Interval.allCases {
            cells += "<span class=\"interval-name\" aria-hidden=\"true\">\(texts.music.intervalName(interval))</span>"
            let directed =
                interval == .prime
                ? [DirectedInterval.prime] : [DirectedInterval(interval, .up), DirectedInterval(interval, .down)]
            for each in directed {
                cells += intervalBox(each)
                if settings.intervals.contains(each) { chosen.append(texts.name(of: each)) }
            }
            if interval == .prime { cells += "<span></span>" }
        }
        // A row that shows the chosen intervals and opens the checkboxes, as a phone's settings
        // row opens its list: thirteen rows of checkboxes always open made the page twice a
        // phone's screen taller. What they mean is inside, beside the boxes it explains. The
        // script keeps the value current (settings-page.js).
        return """
            <fieldset id="setting-intervals" class="group intervals" aria-describedby="setting-intervals-hint">\
            <legend>\(texts.settingsPage.intervalsLegend)</legend><div class="group-rows">\
            \(selectRow(.tuningSystem, label: texts.settingsPage.tuningSystem, tunings))\
            <details class="row-details interval-picker"><summary><span>\(texts.settingsGroups.intervals)</span>\
            <span id="intervals-chosen" class="row-value">\(chosen.joined(separator: ", "))</span></summary>\
            <div class="interval-grid">\(cells)</div>\
            <p id="setting-intervals-hint" class="hint">\(texts.settingsPage.intervalsHint)</p></details></div>\
            </fieldset>
            """
    }

    /// The rhythm modes' tempo (each whole BPM of the bounds) and Fill the Gap's gap positions: a
    /// row that shows the chosen steps and opens four checkboxes, each a 44 px box named in full
    /// ("Step 1") and showing its number, with what they mean — as the intervals' row, so that
    /// the rhythm group is two rows tall and a phone's Settings stays within two screens. The
    /// script keeps the value current (settings-page.js).
    private func rhythmGroup() -> Markup {
        let groupTexts = texts.settingsGroups
        var tempos: Markup = ""
        for value in TrainingSettings.tempoBounds {
            tempos += option(String(value), String(value) + " BPM", selected: value == settings.tempo.value)
        }
        var positions: Markup = ""
        for position in TrainingSettings.gapPositionBounds {
            positions += """
                <label class="gap-box"><input type="checkbox" id="gap-position-\(position)" name="gapPositions" \
                value="\(position)" aria-label="\(groupTexts.gapPosition(position))"\
                \(attribute: "checked", if: settings.gapPositions.contains(position))><span aria-hidden="true">\
                \(position)</span></label>
                """
        }
        let chosen = settings.gapPositions.sorted().map(String.init).joined(separator: ", ")
        return """
            <fieldset class="group"><legend>\(groupTexts.rhythm)</legend>\
            <div class="group-rows">\(selectRow(.tempo, label: groupTexts.tempo, tempos))\
            <details class="row-details gap-picker"><summary><span id="gap-positions-label">\(groupTexts.gapPositions)\
            </span><span id="gap-positions-chosen" class="row-value">\(chosen)</span></summary>\
            <div id="setting-gapPositions" class="gap-boxes" role="group" aria-labelledby="gap-positions-label" \
            aria-describedby="setting-gapPositions-hint">\(positions)</div>\
            <p id="setting-gapPositions-hint" class="hint">\(groupTexts.gapPositionsHint)</p></details></div>\
            </fieldset>
            """
    }

    private func intervalBox(_ interval: DirectedInterval) -> Markup {
        let code = interval.code
        return """
            <label class="interval-box"><input type="checkbox" id="interval-\(code)" name="intervals" value="\(code)"\
            \(attribute: "checked", if: settings.intervals.contains(interval))>\
            <span class="visually-hidden">\(texts.name(of: interval))</span></label>
            """
    }

    /// This device: whether the browser keeps Peach's data here (`#storage-status`, filled by
    /// app.js from `navigator.storage.persisted()`; empty without scripts, where nothing is kept),
    /// and what to know before adding Peach to the Home Screen (a row that opens it: seven lines
    /// of small print closed keep the page a phone's length); the first under the card, as a
    /// phone's settings say how a group stands.
    private func deviceSection() -> Markup {
        """
        <section class="group" aria-labelledby="device-heading">\
        <h2 id="device-heading">\(texts.sync.storageLabel)</h2>\
        <div class="group-rows">\
        <details class="row-details"><summary><span>\(texts.settingsGroups.homeScreenSummary)</span></summary>\
        <p id="home-screen-note" class="hint">\(texts.sync.homeScreen)</p></details></div>\
        <p id="storage-status" class="group-footer" role="status" data-msg-kept="\(texts.sync.storageKept)" \
        data-msg-not-kept="\(texts.sync.storageNotKept)"></p></section>
        """
    }

    /// Export, import and the reset.
    ///
    /// Without scripts the browser posts the import's file as multipart/form-data to the page
    /// route; the settings script sends it to the API as text/csv instead, showing its progress
    /// and asking in place before a replace deletes. "Reset all training data": with scripts, a
    /// second button asks for confirmation in place; without, the link leads to the
    /// confirmation page.
    private func dataSection() -> Markup {
        """
        <section class="group" aria-labelledby="data-heading">\
        <h2 id="data-heading">\(texts.settingsPage.dataLegend)</h2><div class="group-rows">\
        <p><a id="export-link" href="\(APIRoute.export.path)" download data-full-load>\
        \(texts.settingsPage.exportData)</a> \
        <span class="hint">\(texts.settingsPage.exportHint)</span></p>\
        <form id="import-form" action="\(PageRoute.settingsImport.path)" method="post" \
        enctype="multipart/form-data" \
        data-msg-sending="\(texts.settingsPage.importSending)" data-msg-reading="\(texts.settingsPage.importReading)">\
        <fieldset><legend>\(texts.settingsPage.importData)</legend>\
        <div class="field file-field">\
        <input id="import-file" type="file" name="file" accept=".csv,text/csv" required>\
        <label for="import-file" class="button">\(texts.settingsGroups.chooseFile)</label>\
        <span id="import-file-name" class="hint" data-msg-none="\(texts.settingsGroups.noFileChosen)">\
        \(texts.settingsGroups.noFileChosen)</span></div>\
        <div class="checkbox"><input id="import-merge" type="radio" name="mode" value="merge" checked>\
        <label for="import-merge">\(texts.settingsPage.importMerge)</label></div>\
        <div class="checkbox"><input id="import-replace" type="radio" name="mode" value="replace">\
        <label for="import-replace">\(texts.settingsPage.importReplace)</label></div>\
        <button type="submit">\(texts.settingsPage.importButton)</button>\
        <progress id="import-progress" max="100" aria-labelledby="import-result" hidden></progress>\
        <p id="import-result" class="form-message" role="status" hidden></p>\
        <div id="import-confirm" hidden><p id="import-question" role="alert"></p>\
        <button id="import-confirm-button" type="button" class="danger">\
        \(texts.settingsPage.importReplaceConfirm)</button> \
        <button id="import-cancel" type="button">\(texts.settingsPage.resetCancel)</button></div></fieldset></form>\
        <section class="reset">\
        <a id="reset-button" href="\(PageRoute.settingsReset.path)" class="button danger" \
        aria-controls="reset-confirm">\(texts.settingsPage.resetData)</a>\
        <p id="reset-explanation" class="hint">\(texts.settingsPage.resetExplanation)</p>\
        <button id="reset-confirm" type="button" class="danger" hidden \
        data-msg-done-one="\(texts.settingsPage.resetDone.one)" data-msg-done="\(texts.settingsPage.resetDone.other)">\
        \(texts.settingsPage.resetConfirm)</button>\
        <button id="reset-cancel" type="button" hidden>\(texts.settingsPage.resetCancel)</button>\
        <p id="reset-result" class="form-message" role="status" hidden></p></section></div></section>
        """
    }
}
