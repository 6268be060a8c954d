import PeachCore

extension Texts {
    /// Why a setting was refused, in this language: the setting's name, the value and what is
    /// allowed. The same words on the device (the wasm core's settings) and from the server's
    /// settings API.
    public func refusal(_ error: SettingsError) -> String {
        switch error {
        case .unknownSetting(let name):
            errorUnknownSetting(Self.shown(name))
        case .noIntervals:
            // Unticking the last interval on the Settings page: say what to do, not the codes.
            errorNoIntervals
        case .noteRangeTooNarrow(let lower, let upper):
            errorSettingValue(noteRangeName, noteRange(lower, upper), noteRangeSpan)
        case .outOfRange(let setting, let value, _), .malformed(let setting, let value, _):
            errorSettingValue(
                settingNames[setting] ?? setting.rawValue, Self.shown(value), allowedValues[setting] ?? "")
        }
    }

    /// A value as a message quotes it: at most 40 characters, so a huge value cannot flood it.
    public static func shown(_ text: String) -> String {
        text.count <= 40 ? text : text.prefix(40) + "…"
    }

    /// A refused note range as a musician reads it and as it was sent (MIDI numbers):
    /// "C7–C6 (MIDI 96–84)".
    private func noteRange(_ lower: Int, _ upper: Int) -> String {
        let numbers = String(lower) + "–" + String(upper)
        guard let low = try? MIDINote(lower), let high = try? MIDINote(upper) else { return numbers }
        return name(of: low) + "–" + name(of: high) + " (MIDI " + numbers + ")"
    }
}
