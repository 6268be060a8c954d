import PeachCore

/// Every setting of `TrainingSettings` as a bounded control inside `<form id="settings-form">`,
/// each named by its settings key, so that the page works as a plain form (POST /settings) and the
/// settings script can save each change on the device (which sync takes to the server); then
/// export, import and the reset.
public struct SettingsPage: Sendable {
    public var texts: Texts
    public var settings: TrainingSettings
    /// A message shown at the top (after a reset, or why a plain-form save was refused).
    public var message: String?
    public var messageIsError: Bool

    public init(texts: Texts, settings: TrainingSettings, message: String? = nil, messageIsError: Bool = false) {
        self.texts = texts
        self.settings = settings
        self.message = message
        self.messageIsError = messageIsError
    }

    /// The choices of note duration: 0.3 … 3.0 s in steps of 0.1.
    static let noteDurations = (3...30).map { Double($0) / 10 }
    /// The choices of reference pitch: 380 … 500 Hz.
    static let referencePitches = (380...500).map(Double.init)
    /// The choices of loudness variation: 0, 0.1 … 1.
    static let loudnessVariations = (0...10).map { Double($0) / 10 }

    public func render() -> String {
        var children: [HTML] = [el("h1", .text(texts.app.settings))]
        if let message {
            children.append(
                el("p", ["id": "settings-message", "role": messageIsError ? "alert" : "status"], .text(message)))
        }
        children += [settingsForm(), deviceSection(), dataSection()]
        return Layout(
            texts: texts, title: texts.app.settings + " — " + texts.app.appName, page: "settings",
            navigation: [Layout.backToStart(texts)]
        ).render(main: el("main", ["id": "main", "data-msg-offline": texts.settingsPage.offline], children: children))
    }

    /// The settings in groups, as a phone's settings screen shows them: each group a heading
    /// (its legend), its rows on a card, and what explains them under the card.
    private func settingsForm() -> HTML {
        let groups = texts.settingsGroups
        return el(
            "form",
            ["id": "settings-form", "method": "post", "action": PageRoute.settings.path],
            el("p", ["class": "group-footer"], .text(texts.settingsPage.settingsIntro)),
            group(
                legend: texts.settingsPage.noteRangeLegend,
                attributes: [HTML.Attribute("data-minimum-span", String(NoteRange.minimumSpan))],
                rows: [
                    field(
                        .noteRangeLower, label: texts.settingsPage.noteRangeLower,
                        noteSelect(.noteRangeLower, selected: settings.noteRange.lower)),
                    field(
                        .noteRangeUpper, label: texts.settingsPage.noteRangeUpper,
                        noteSelect(.noteRangeUpper, selected: settings.noteRange.upper)),
                ]),
            group(
                legend: groups.playback,
                rows: [
                    soundField(),
                    field(
                        .noteDuration, label: texts.settingsPage.noteDuration,
                        numberSelect(
                            .noteDuration, Self.noteDurations, current: settings.noteDuration,
                            unit: texts.settingsPage.secondsUnit, digits: 1...2)),
                    field(
                        .referencePitch, label: texts.settingsPage.referencePitch,
                        numberSelect(
                            .referencePitch, Self.referencePitches, current: settings.referencePitch.hertz,
                            unit: texts.settingsPage.hertzUnit, digits: 0...2)),
                    field(
                        .loudnessVariation, label: texts.settingsPage.loudnessVariation,
                        numberSelect(
                            .loudnessVariation, Self.loudnessVariations, current: settings.loudnessVariation,
                            unit: nil, digits: 1...2, describedBy: controlID(.loudnessVariation) + "-hint")),
                ],
                footers: [
                    el(
                        "p", ["id": controlID(.loudnessVariation) + "-hint"],
                        .text(texts.settingsPage.loudnessVariationHint))
                ]
                    + fadingSoundsNote()),
            group(
                legend: groups.feedback,
                rows: [
                    switchField(
                        .wrongAnswerSound, label: groups.wrongAnswerSound, isOn: settings.wrongAnswerSound,
                        describedBy: controlID(.wrongAnswerSound) + "-hint")
                ],
                footers: [el("p", ["id": controlID(.wrongAnswerSound) + "-hint"], .text(groups.wrongAnswerSoundHint))]),
            intervalsGroup(),
            group(
                legend: nil,
                rows: [
                    field(
                        .language, label: texts.settingsPage.languageSetting,
                        select(
                            .language,
                            [("", texts.settingsPage.languageFromBrowser)]
                                + Language.allCases.map { ($0.rawValue, texts.settingsPage.languageNames[$0]!) },
                            selected: settings.language?.rawValue ?? ""))
                ]),
            el("p", ["id": "settings-status", "class": "form-message", "role": "alert", "hidden": nil]),
            el(
                "p", ["id": "settings-saved", "class": "form-message", "role": "status", "hidden": nil],
                .text(texts.settingsPage.settingsSaved)),
            el("noscript", el("button", ["type": "submit"], .text(texts.settingsPage.saveSettings)))
        )
    }

    /// A group of settings: a `<fieldset>` whose legend is the group's heading (a `<div>`
    /// without one), its rows on a card (`.group-rows`), and the texts that explain them under it.
    private func group(
        legend: String?, attributes: [HTML.Attribute] = [], rows: [HTML], footers: [HTML] = []
    ) -> HTML {
        let card = el("div", ["class": "group-rows"], children: rows)
        let notes = footers.isEmpty ? [] : [el("div", ["class": "group-footer"], children: footers)]
        guard let legend else { return el("div", ["class": "group"], children: [card] + notes) }
        return el(
            "fieldset",
            attributes: [HTML.Attribute("class", "group")] + attributes,
            children: [el("legend", .text(legend)), card] + notes)
    }

    /// Under the Sound picker: that pitch matching plays the sine with an instrument whose held
    /// note fades (`SoundSource.holdsItsLevel`).
    private func fadingSoundsNote() -> [HTML] {
        SoundSource.allCases.filter { !$0.holdsItsLevel }.map { source in
            el("p", .text(texts.sounds.fadesInPitchMatching(texts.settingsPage.soundSourceNames[source]!)))
        }
    }

    private func controlID(_ key: TrainingSettings.Key) -> String { "setting-" + key.rawValue }

    /// The Sound picker with its preview button and a status line; each option carries what the
    /// page says while that sound loads, so the script shows it in this language.
    private func soundField() -> HTML {
        let options = SoundSource.allCases.map { source -> HTML in
            let name = texts.settingsPage.soundSourceNames[source]!
            var attributes = [HTML.Attribute("value", source.rawValue)]
            if source != .sine {
                attributes += [
                    HTML.Attribute("data-msg-loading", texts.sounds.loading(name)),
                    HTML.Attribute("data-msg-ready", texts.sounds.ready(name)),
                    HTML.Attribute("data-msg-failed", texts.sounds.failed(name)),
                ]
            }
            if source == settings.soundSource { attributes.append(HTML.Attribute("selected", nil)) }
            return el("option", attributes: attributes, children: [.text(name)])
        }
        let key = TrainingSettings.Key.soundSource
        return el(
            "div", ["class": "field"],
            el("label", ["for": controlID(key)], .text(texts.settingsPage.soundSource)),
            el(
                "div", ["class": "sound-picker"],
                el("select", ["id": controlID(key), "name": key.rawValue], children: options),
                el(
                    // Shown by the script (it plays the sound); the no-script form has nothing to play.
                    "button",
                    [
                        "id": "sound-preview", "type": "button", "aria-label": texts.sounds.previewLabel,
                        "hidden": nil,
                    ],
                    .text(texts.sounds.preview))),
            el("p", ["id": "sound-status", "class": "hint", "role": "status"]))
    }

    /// A row: the label, and the control at the end of the row (under it where the row is too
    /// narrow for both).
    private func field(_ key: TrainingSettings.Key, label: String, _ control: HTML) -> HTML {
        el("div", ["class": "field"], el("label", ["for": controlID(key)], .text(label)), control)
    }

    /// An on/off setting as a switch: a checkbox with the switch role inside its label, so the
    /// whole row is the target. Unchecked, a plain form sends nothing for it (PageController
    /// reads that as `false`).
    private func switchField(_ key: TrainingSettings.Key, label: String, isOn: Bool, describedBy: String) -> HTML {
        var attributes = [
            HTML.Attribute("type", "checkbox"), HTML.Attribute("role", "switch"), HTML.Attribute("id", controlID(key)),
            HTML.Attribute("name", key.rawValue), HTML.Attribute("value", "true"),
            HTML.Attribute("aria-describedby", describedBy),
        ]
        if isOn { attributes.append(HTML.Attribute("checked", nil)) }
        return el("label", ["class": "field switch"], el("span", .text(label)), el("input", attributes: attributes))
    }

    private func select(
        _ key: TrainingSettings.Key, _ options: [(value: String, label: String)], selected: String,
        describedBy: String? = nil
    ) -> HTML {
        el(
            "select",
            attributes: [HTML.Attribute("id", controlID(key)), HTML.Attribute("name", key.rawValue)]
                + (describedBy.map { [HTML.Attribute("aria-describedby", $0)] } ?? []),
            children: options.map { option in
                el(
                    "option",
                    attributes: [HTML.Attribute("value", option.value)]
                        + (option.value.hasSameBytes(as: selected) ? [HTML.Attribute("selected", nil)] : []),
                    children: [.text(option.label)])
            })
    }

    private func noteSelect(_ key: TrainingSettings.Key, selected: MIDINote) -> HTML {
        let notes = TrainingSettings.noteBounds.map { try! MIDINote($0) }
        return select(key, notes.map { (String($0.rawValue), texts.name(of: $0)) }, selected: String(selected.rawValue))
    }

    /// A select of numbers, each written with `digits.lowerBound` to `digits.upperBound` fraction
    /// digits; a current value off the grid (set through the API) is kept as an extra choice so
    /// that showing the page never changes a setting.
    private func numberSelect(
        _ key: TrainingSettings.Key, _ choices: [Double], current: Double, unit: String?, digits: ClosedRange<Int>,
        describedBy: String? = nil
    ) -> HTML {
        var values = choices
        if !values.contains(where: { abs($0 - current) < 1e-9 }) { values = (values + [current]).sorted() }
        let options = values.map { value -> (value: String, label: String) in
            let label =
                texts.format(
                    value, minimumFractionDigits: digits.lowerBound, maximumFractionDigits: digits.upperBound)
                + (unit.map { " " + $0 } ?? "")
            return (plainNumber(value), label)
        }
        let selected = values.first { abs($0 - current) < 1e-9 }.map(plainNumber) ?? ""
        return select(key, options, selected: selected, describedBy: describedBy)
    }

    /// A number as the settings API reads it (decimal point, no trailing zeros).
    private func plainNumber(_ value: Double) -> String {
        Texts.english.format(value, maximumFractionDigits: 6)
    }

    /// The intervals as a musician thinks of them: the thirteen intervals down the card, up and
    /// down side by side (the prime, which has no direction, once), with the tuning system they
    /// are tuned in above them. Each checkbox is named in full ("Perfect Fifth Up") by its label,
    /// the 44 px box around it; the row's name and the column's direction are what the eye reads.
    private func intervalsGroup() -> HTML {
        let tuning = field(
            .tuningSystem, label: texts.settingsPage.tuningSystem,
            select(
                .tuningSystem, TuningSystem.allCases.map { ($0.rawValue, texts.settingsPage.tuningSystemNames[$0]!) },
                selected: settings.tuningSystem.rawValue))
        let box = { (interval: DirectedInterval) -> HTML in
            let id = "interval-" + interval.code
            var attributes = [
                HTML.Attribute("type", "checkbox"), HTML.Attribute("id", id),
                HTML.Attribute("name", TrainingSettings.Key.intervals.rawValue), HTML.Attribute("value", interval.code),
            ]
            if settings.intervals.contains(interval) { attributes.append(HTML.Attribute("checked", nil)) }
            return el(
                "label", ["class": "interval-box"],
                el("input", attributes: attributes),
                el("span", ["class": "visually-hidden"], .text(texts.name(of: interval))))
        }
        var cells: [HTML] = [
            el("span"), el("span", ["class": "interval-direction", "aria-hidden": "true"], .text(texts.music.up)),
            el("span", ["class": "interval-direction", "aria-hidden": "true"], .text(texts.music.down)),
        ]
        for interval in Interval.allCases {
            cells.append(
                el(
                    "span", ["class": "interval-name", "aria-hidden": "true"],
                    .text(texts.music.intervalNames[interval]!)))
            if interval == .prime {
                cells += [box(.prime), el("span")]
            } else {
                cells += [box(DirectedInterval(interval, .up)), box(DirectedInterval(interval, .down))]
            }
        }
        return el(
            "fieldset",
            ["id": "setting-intervals", "class": "group intervals", "aria-describedby": "setting-intervals-hint"],
            el("legend", .text(texts.settingsPage.intervalsLegend)),
            el("div", ["class": "group-rows"], tuning, el("div", ["class": "interval-grid"], children: cells)),
            el(
                "div", ["class": "group-footer"],
                el("p", ["id": "setting-intervals-hint"], .text(texts.settingsPage.intervalsHint))))
    }

    /// This device: whether the browser keeps Peach's data here (`#storage-status`, filled by
    /// app.js from `navigator.storage.persisted()`; empty without scripts, where nothing is kept),
    /// and what to know before adding Peach to the Home Screen.
    private func deviceSection() -> HTML {
        el(
            "section", ["class": "group", "aria-labelledby": "device-heading"],
            el("h2", ["id": "device-heading"], .text(texts.sync.storageLabel)),
            el(
                "div", ["class": "group-rows"],
                el(
                    "p",
                    [
                        "id": "storage-status", "role": "status", "data-msg-kept": texts.sync.storageKept,
                        "data-msg-not-kept": texts.sync.storageNotKept,
                    ]),
                el("p", ["id": "home-screen-note", "class": "hint"], .text(texts.sync.homeScreen))))
    }

    private func dataSection() -> HTML {
        el(
            "section", ["class": "group", "aria-labelledby": "data-heading"],
            el("h2", ["id": "data-heading"], .text(texts.settingsPage.dataLegend)),
            el("div", ["class": "group-rows"], children: [exportRow(), importForm(), resetSection()]))
    }

    private func exportRow() -> HTML {
        el(
            "p",
            el(
                "a", ["id": "export-link", "href": APIRoute.export.path, "download": nil, "data-full-load": nil],
                .text(texts.settingsPage.exportData)),
            .text(" "), el("span", ["class": "hint"], .text(texts.settingsPage.exportHint)))
    }

    private func importForm() -> HTML {
        el(
            "form",
            [
                // Without scripts the browser posts the file as multipart/form-data to the
                // page route; the settings script sends it to the API as text/csv instead,
                // showing its progress and asking in place before a replace deletes.
                "id": "import-form", "action": PageRoute.settingsImport.path, "method": "post",
                "enctype": "multipart/form-data", "data-msg-sending": texts.settingsPage.importSending,
                "data-msg-reading": texts.settingsPage.importReading,
            ],
            el(
                "fieldset",
                el("legend", .text(texts.settingsPage.importData)),
                el(
                    "div", ["class": "field"],
                    el("label", ["for": "import-file"], .text(texts.settingsPage.importFile)),
                    el(
                        "input",
                        [
                            "id": "import-file", "type": "file", "name": "file", "accept": ".csv,text/csv",
                            "required": nil,
                        ])),
                el(
                    "div", ["class": "checkbox"],
                    el(
                        "input",
                        ["id": "import-merge", "type": "radio", "name": "mode", "value": "merge", "checked": nil]),
                    el("label", ["for": "import-merge"], .text(texts.settingsPage.importMerge))),
                el(
                    "div", ["class": "checkbox"],
                    el("input", ["id": "import-replace", "type": "radio", "name": "mode", "value": "replace"]),
                    el("label", ["for": "import-replace"], .text(texts.settingsPage.importReplace))),
                el("button", ["type": "submit"], .text(texts.settingsPage.importButton)),
                el(
                    "progress",
                    ["id": "import-progress", "max": "100", "aria-labelledby": "import-result", "hidden": nil]),
                el("p", ["id": "import-result", "class": "form-message", "role": "status", "hidden": nil]),
                el(
                    "div", ["id": "import-confirm", "hidden": nil],
                    el("p", ["id": "import-question", "role": "alert"]),
                    el(
                        "button", ["id": "import-confirm-button", "type": "button", "class": "danger"],
                        .text(texts.settingsPage.importReplaceConfirm)),
                    .text(" "),
                    el("button", ["id": "import-cancel", "type": "button"], .text(texts.settingsPage.resetCancel)))
            )
        )
    }

    /// "Reset all training data": with scripts, a second button asks for confirmation in place;
    /// without, the link leads to the confirmation page.
    private func resetSection() -> HTML {
        el(
            "section", ["class": "reset"],
            el(
                "a",
                [
                    "id": "reset-button", "href": PageRoute.settingsReset.path, "class": "button danger",
                    "aria-controls": "reset-confirm",
                ],
                .text(texts.settingsPage.resetData)),
            el("p", ["id": "reset-explanation", "class": "hint"], .text(texts.settingsPage.resetExplanation)),
            el(
                "button",
                [
                    "id": "reset-confirm", "type": "button", "class": "danger", "hidden": nil,
                    "data-msg-done-one": texts.settingsPage.resetDone.one,
                    "data-msg-done": texts.settingsPage.resetDone.other,
                ],
                .text(texts.settingsPage.resetConfirm)),
            el(
                "button", ["id": "reset-cancel", "type": "button", "hidden": nil], .text(texts.settingsPage.resetCancel)
            ),
            el("p", ["id": "reset-result", "class": "form-message", "role": "status", "hidden": nil])
        )
    }
}
