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
        #expect(html.ranges(of: " selected>").count == 8)
    }
}
