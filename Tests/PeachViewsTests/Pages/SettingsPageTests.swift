import PeachCore
import PeachViews
import Testing

@Suite("Settings page")
struct SettingsPageTests {
    @Test("a value between the choices (set through the API) is kept as a choice in its place, selected")
    func valueOffTheGrid() throws {
        var settings = TrainingSettings()
        try settings.apply(["referencePitch": "441.5", "loudnessVariation": "0.25"])
        let html = SettingsPage(texts: .german, settings: settings).render()
        #expect(
            html.contains(
                "<option value=\"441\">441 Hz</option><option value=\"441.5\" selected>441,5 Hz</option>"
                    + "<option value=\"442\">442 Hz</option>"))
        #expect(
            html.contains(
                "<option value=\"0.2\">0,2</option><option value=\"0.25\" selected>0,25</option>"
                    + "<option value=\"0.3\">0,3</option>"))
        #expect(html.ranges(of: " selected>").count == 9)
    }

    @Test("each number control offers choices from the settings' lower bound to their upper one, every one accepted")
    func choicesSpanTheBounds() throws {
        let html = SettingsPage(texts: .english, settings: TrainingSettings()).render()
        let bounded: [(TrainingSettings.Key, ClosedRange<Double>)] = [
            (.noteDuration, TrainingSettings.noteDurationBounds),
            (.referencePitch, TrainingSettings.referencePitchBounds),
            (.loudnessVariation, TrainingSettings.loudnessVariationBounds),
            (.tempo, Double(TrainingSettings.tempoBounds.lowerBound)...Double(TrainingSettings.tempoBounds.upperBound)),
        ]
        for (key, bounds) in bounded {
            let values = try #require(optionValues(of: key, in: html))
            #expect(values.first.flatMap(Double.init) == bounds.lowerBound, "\(key)")
            #expect(values.last.flatMap(Double.init) == bounds.upperBound, "\(key)")
            for value in values {
                var settings = TrainingSettings()
                #expect(throws: Never.self, "\(key) \(value)") { try settings.setValue(value, for: key) }
            }
        }
    }

    @Test("the rhythm group: the tempo selected, a checkbox per gap position in one row, each named by its step")
    func rhythmGroup() throws {
        var settings = TrainingSettings()
        try settings.apply(["tempo": "96", "gapPositions": "1,4"])
        let html = SettingsPage(texts: .german, settings: settings).render()
        #expect(html.contains("<legend>Rhythmus</legend>"))
        #expect(html.contains("<option value=\"96\" selected>96 BPM</option>"))
        for position in 1...4 {
            let checked = position == 1 || position == 4 ? " checked" : ""
            #expect(
                html.contains(
                    "<label class=\"gap-box\"><input type=\"checkbox\" id=\"gap-position-\(position)\" "
                        + "name=\"gapPositions\" value=\"\(position)\" aria-label=\"Schritt \(position)\"\(checked)>"
                        + "<span aria-hidden=\"true\">\(position)</span></label>"))
        }
    }

    /// The `value`s of the options of the select named `key`, in order.
    private func optionValues(of key: TrainingSettings.Key, in html: String) -> [String]? {
        guard let start = html.firstRange(of: "<select id=\"setting-\(key.rawValue)\""),
            let end = html[start.upperBound...].firstRange(of: "</select>")
        else { return nil }
        return html[start.upperBound..<end.lowerBound].split(separator: "<option value=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
    }
}
