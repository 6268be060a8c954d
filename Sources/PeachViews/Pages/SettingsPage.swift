import PeachCore

/// Every setting of DESIGN.md §4 as a bounded control inside `<form id="settings-form">`, each
/// named by its settings key, so that the page works as a plain form (POST /settings) and the
/// settings script can save each change through PUT /api/settings; then export, import and
/// the reset.
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
        var children: [HTML] = [el("h1", .text(texts.settings))]
        if let message {
            children.append(
                el("p", ["id": "settings-message", "role": messageIsError ? "alert" : "status"], .text(message)))
        }
        children += [settingsForm(), deviceSection(), dataSection()]
        return Layout(
            texts: texts, title: texts.settings + " — " + texts.appName, page: "settings",
            navigation: [Layout.backToStart(texts)]
        ).render(main: el("main", ["id": "main", "data-msg-offline": texts.offline], children: children))
    }

    private func settingsForm() -> HTML {
        el(
            "form",
            [
                "id": "settings-form", "method": "post", "action": PageRoute.settings.path,
                "data-api-url": PageRoute.API.settings,
            ],
            el("p", .text(texts.settingsIntro)),
            el(
                "fieldset", ["data-minimum-span": String(NoteRange.minimumSpan)],
                el("legend", .text(texts.noteRangeLegend)),
                field(
                    .noteRangeLower, label: texts.noteRangeLower,
                    noteSelect(.noteRangeLower, selected: settings.noteRange.lower)),
                field(
                    .noteRangeUpper, label: texts.noteRangeUpper,
                    noteSelect(.noteRangeUpper, selected: settings.noteRange.upper))
            ),
            field(
                .noteDuration, label: texts.noteDuration,
                numberSelect(
                    .noteDuration, Self.noteDurations, current: settings.noteDuration, unit: texts.secondsUnit,
                    digits: 1...2)),
            field(
                .referencePitch, label: texts.referencePitch,
                numberSelect(
                    .referencePitch, Self.referencePitches, current: settings.referencePitch.hertz,
                    unit: texts.hertzUnit, digits: 0...2)),
            soundField(),
            field(
                .loudnessVariation, label: texts.loudnessVariation,
                numberSelect(
                    .loudnessVariation, Self.loudnessVariations, current: settings.loudnessVariation, unit: nil,
                    digits: 1...2),
                hint: texts.loudnessVariationHint),
            intervalsFieldset(),
            field(
                .tuningSystem, label: texts.tuningSystem,
                select(
                    .tuningSystem, TuningSystem.allCases.map { ($0.rawValue, texts.tuningSystemNames[$0]!) },
                    selected: settings.tuningSystem.rawValue)),
            field(
                .language, label: texts.languageSetting,
                select(
                    .language,
                    [("", texts.languageFromBrowser)]
                        + Language.allCases.map { ($0.rawValue, texts.languageNames[$0]!) },
                    selected: settings.language?.rawValue ?? "")),
            el("p", ["id": "settings-status", "class": "form-message", "role": "alert", "hidden": nil]),
            el(
                "p", ["id": "settings-saved", "class": "form-message", "role": "status", "hidden": nil],
                .text(texts.settingsSaved)),
            el("noscript", el("button", ["type": "submit"], .text(texts.saveSettings)))
        )
    }

    private func controlID(_ key: TrainingSettings.Key) -> String { "setting-" + key.rawValue }

    /// The Sound picker with its preview button and a status line; each option carries what the
    /// page says while that sound loads, so the script shows it in this language.
    private func soundField() -> HTML {
        let options = SoundSource.allCases.map { source -> HTML in
            let name = texts.soundSourceNames[source]!
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
            el("label", ["for": controlID(key)], .text(texts.soundSource)),
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

    private func field(_ key: TrainingSettings.Key, label: String, _ control: HTML, hint: String? = nil) -> HTML {
        var children: [HTML] = [el("label", ["for": controlID(key)], .text(label)), control]
        if let hint { children.append(el("p", ["id": controlID(key) + "-hint", "class": "hint"], .text(hint))) }
        return el("div", ["class": "field"], children: children)
    }

    private func select(_ key: TrainingSettings.Key, _ options: [(value: String, label: String)], selected: String)
        -> HTML
    {
        el(
            "select", ["id": controlID(key), "name": key.rawValue],
            children: options.map { option in
                el(
                    "option",
                    attributes: [HTML.Attribute("value", option.value)]
                        + (option.value == selected ? [HTML.Attribute("selected", nil)] : []),
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
        _ key: TrainingSettings.Key, _ choices: [Double], current: Double, unit: String?, digits: ClosedRange<Int>
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
        return select(key, options, selected: selected)
    }

    /// A number as the settings API reads it (decimal point, no trailing zeros).
    private func plainNumber(_ value: Double) -> String {
        Texts.english.format(value, maximumFractionDigits: 6)
    }

    private func intervalsFieldset() -> HTML {
        let boxes = DirectedInterval.all.map { interval -> HTML in
            let id = "interval-" + interval.code
            var attributes = [
                HTML.Attribute("type", "checkbox"), HTML.Attribute("id", id),
                HTML.Attribute("name", TrainingSettings.Key.intervals.rawValue), HTML.Attribute("value", interval.code),
            ]
            if settings.intervals.contains(interval) { attributes.append(HTML.Attribute("checked", nil)) }
            return el(
                "div", ["class": "checkbox"],
                el("input", attributes: attributes),
                el("label", ["for": id], .text(texts.name(of: interval))))
        }
        return el(
            "fieldset",
            ["id": "setting-intervals", "class": "intervals", "aria-describedby": "setting-intervals-hint"],
            children: [
                el("legend", .text(texts.intervalsLegend)),
                el("p", ["id": "setting-intervals-hint", "class": "hint"], .text(texts.intervalsHint)),
            ] + boxes)
    }

    /// This device: whether the browser keeps Peach's data here (`#storage-status`, filled by
    /// app.js from `navigator.storage.persisted()`; empty without scripts, where nothing is kept),
    /// and what to know before adding Peach to the Home Screen.
    private func deviceSection() -> HTML {
        el(
            "section", ["aria-labelledby": "device-heading"],
            el("h2", ["id": "device-heading"], .text(texts.sync.storageLabel)),
            el(
                "p",
                [
                    "id": "storage-status", "role": "status", "data-msg-kept": texts.sync.storageKept,
                    "data-msg-not-kept": texts.sync.storageNotKept,
                ]),
            el("p", ["id": "home-screen-note", "class": "hint"], .text(texts.sync.homeScreen)))
    }

    private func dataSection() -> HTML {
        el(
            "section", ["aria-labelledby": "data-heading"],
            el("h2", ["id": "data-heading"], .text(texts.dataLegend)),
            el(
                "p",
                el(
                    "a", ["id": "export-link", "href": PageRoute.API.export, "download": nil, "data-full-load": nil],
                    .text(texts.exportData)),
                .text(" "), el("span", ["class": "hint"], .text(texts.exportHint))),
            el(
                "form",
                [
                    // Without scripts the browser posts the file as multipart/form-data to the
                    // page route; the settings script sends it to the API as text/csv instead,
                    // showing its progress and asking in place before a replace deletes.
                    "id": "import-form", "action": PageRoute.settingsImport.path, "method": "post",
                    "enctype": "multipart/form-data", "data-msg-sending": texts.importSending,
                    "data-msg-reading": texts.importReading,
                ],
                el(
                    "fieldset",
                    el("legend", .text(texts.importData)),
                    el(
                        "div", ["class": "field"],
                        el("label", ["for": "import-file"], .text(texts.importFile)),
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
                        el("label", ["for": "import-merge"], .text(texts.importMerge))),
                    el(
                        "div", ["class": "checkbox"],
                        el("input", ["id": "import-replace", "type": "radio", "name": "mode", "value": "replace"]),
                        el("label", ["for": "import-replace"], .text(texts.importReplace))),
                    el("button", ["type": "submit"], .text(texts.importButton)),
                    el(
                        "progress",
                        ["id": "import-progress", "max": "100", "aria-labelledby": "import-result", "hidden": nil]),
                    el("p", ["id": "import-result", "class": "form-message", "role": "status", "hidden": nil]),
                    el(
                        "div", ["id": "import-confirm", "hidden": nil],
                        el("p", ["id": "import-question", "role": "alert"]),
                        el(
                            "button", ["id": "import-confirm-button", "type": "button", "class": "danger"],
                            .text(texts.importReplaceConfirm)),
                        .text(" "),
                        el("button", ["id": "import-cancel", "type": "button"], .text(texts.resetCancel)))
                )
            ),
            resetSection()
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
                .text(texts.resetData)),
            el("p", ["id": "reset-explanation", "class": "hint"], .text(texts.resetExplanation)),
            el(
                "button",
                [
                    "id": "reset-confirm", "type": "button", "class": "danger", "hidden": nil,
                    "data-msg-done-one": texts.resetDone.one, "data-msg-done": texts.resetDone.other,
                ],
                .text(texts.resetConfirm)),
            el("button", ["id": "reset-cancel", "type": "button", "hidden": nil], .text(texts.resetCancel)),
            el("p", ["id": "reset-result", "class": "form-message", "role": "status", "hidden": nil])
        )
    }
}
