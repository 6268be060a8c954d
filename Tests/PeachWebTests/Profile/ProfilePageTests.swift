import Foundation
import HTTPTypes
import HummingbirdTesting
import PeachCore
import PeachFixtures
import PeachStore
import PeachViews
import Testing

@testable import PeachWeb

@Suite("Profile page")
struct ProfilePageTests {
    /// Three comparisons at C4 (10, −20, 30 cents), two interval comparisons from G3 (8, 12
    /// cents) on the next day, and three pitch-matching attempts (+4, −2, +10 cents).
    static let fixtureCSV = """
        # peach-export-format:3
        trainingType,timestamp,referenceNote,referenceNoteName,targetNote,targetNoteName,interval,tuningSystem,centOffset,isCorrect,initialCentOffset,userCentError,tempoBPM,offsetMs,meanOffsetMs,meanOffsetMsPosition0,meanOffsetMsPosition1,meanOffsetMsPosition2,meanOffsetMsPosition3
        pitchDiscrimination,2026-03-01T10:00:00Z,60,C4,60,C4,P1,equalTemperament,10,true,,,,,,,,,
        pitchDiscrimination,2026-03-01T10:00:05Z,60,C4,60,C4,P1,equalTemperament,-20,true,,,,,,,,,
        pitchDiscrimination,2026-03-01T10:00:10Z,60,C4,60,C4,P1,equalTemperament,30,false,,,,,,,,,
        pitchDiscrimination,2026-03-02T10:00:00Z,55,G3,62,D4,P5,equalTemperament,8,true,,,,,,,,,
        pitchDiscrimination,2026-03-02T10:00:05Z,55,G3,62,D4,P5,equalTemperament,-12,true,,,,,,,,,
        pitchMatching,2026-03-02T11:00:00Z,60,C4,60,C4,P1,equalTemperament,,,50,4,,,,,,,
        pitchMatching,2026-03-02T11:00:05Z,60,C4,60,C4,P1,equalTemperament,,,-30,-2,,,,,,,
        pitchMatching,2026-03-02T11:00:10Z,60,C4,60,C4,P1,equalTemperament,,,20,10,,,,,,,

        """

    func importFixture(_ client: some TestClientProtocol) async throws {
        let response = try await client.send(
            .post, "/api/import?mode=merge", json: Self.fixtureCSV, contentType: "text/csv")
        #expect(response.status == .ok, "\(response.text)")
    }

    /// The text of the `<dd>` after a `<dt>` in a section.
    func value(_ html: String, section: String, term: String) -> String? {
        guard let start = html.range(of: "<section class=\"\(section)\"") else { return nil }
        let body = html[start.upperBound...].prefix { _ in true }
        guard let termRange = body.range(of: "<dt>\(term)</dt><dd>") else { return nil }
        return String(body[termRange.upperBound...].prefix { $0 != "<" })
    }

    @Test("empty: the drawing's empty state, dashes, no trend, the matching empty state, the timeline's")
    func empty() async throws {
        try await withApp(database: try .inMemory()) { client in
            let response = try await client.get("/profile")
            #expect(response.status == .ok)
            let html = response.text
            #expect(html.contains("<body data-page=\"profile\">"))
            #expect(html.contains("<h1>Profile</h1>"))
            #expect(html.contains(">Start training to build your profile</text>"))
            #expect(value(html, section: "profile-threshold", term: "All time") == "—")
            #expect(value(html, section: "profile-threshold", term: "Standard deviation") == "—")
            #expect(!html.contains("data-trend"))
            #expect(html.contains("<p class=\"profile-empty-state\">Start pitch matching to see your accuracy</p>"))
            #expect(html.contains(">Your progress appears here after your first day of training</text>"))
            #expect(!html.contains("<details"))
        }
    }

    @Test("after importing a fixture the page shows the core's statistics, checked by hand")
    func importedFixture() async throws {
        try await withApp(database: try .inMemory()) { client in
            try await importFixture(client)
            let html = try await client.get("/profile").text
            // Comparisons in C2–C6: |offsets| 10, 20, 30, 8, 12 — mean 16.0, SD √(328 / 4) = 9.1.
            #expect(value(html, section: "profile-threshold", term: "All time") == "16.0 cents")
            #expect(value(html, section: "profile-threshold", term: "Standard deviation") == "9.1 cents")
            #expect(value(html, section: "profile-threshold", term: "Comparisons") == "5")
            // Matching |errors| 4, 2, 10: mean 5.3, SD 4.2; signed mean +4.0.
            #expect(value(html, section: "profile-matching", term: "Mean error") == "5.3 cents")
            #expect(value(html, section: "profile-matching", term: "Standard deviation") == "4.2 cents")
            #expect(value(html, section: "profile-matching", term: "Attempts") == "3")
            #expect(value(html, section: "profile-matching", term: "Tendency") == "tends sharp (+4.0 cents)")
            // The last 20 days (1–2 March) hold every comparison: 16.0 as well.
            #expect(value(html, section: "profile-threshold", term: "Last 20 days") == "16.0 cents")
            // By mode: unison 10, 20, 30 → 20.0 ± 10.0, last trained on 1 March (the fifths on the
            // 2nd: the section's 20 days end a day later); fifths 8, 12 → 10.0 ± 2.8.
            #expect(
                html.contains(
                    "<h3 id=\"profile-mode-comparison\">Comparison</h3>\n<dl class=\"profile-stats\">\n"
                        + "<div><dt>Last 20 days</dt><dd>20.0 cents (to 1 March 2026)</dd></div>\n"
                        + "<div><dt>All time</dt><dd>20.0 ± 10.0 cents</dd></div>\n<div><dt>Exercises</dt><dd>3</dd></div>"
                ))
            #expect(
                html.contains(
                    "<div><dt>All time</dt><dd>10.0 ± 2.8 cents</dd></div>\n<div><dt>Exercises</dt><dd>2</dd></div>"))
            #expect(
                html.contains(
                    "<h3 id=\"profile-mode-intervalPitchMatching\">Interval Pitch Matching</h3>\n<dl class=\"profile-stats\">\n"
                        + "<div><dt>Last 20 days</dt><dd>—</dd></div>\n<div><dt>All time</dt><dd>—</dd></div>\n"
                        + "<div><dt>Exercises</dt><dd>0</dd></div>"
                ))
            // The drawing: C4 (mean 20, SD 10) and G3 (mean 10, SD 2.8); the average is the pooled mean.
            #expect(
                html.contains(
                    "aria-label=\"Perceptual profile showing detection thresholds from C2 to C6. Average threshold: 16.0 cents.\""
                ))
            // The timeline: day 1 mean 20.0; day 2 mean 10.0, rolling (60 + 20) / 5 = 16.0.
            #expect(
                html.contains(
                    "<tr><th scope=\"row\">2 March 2026</th><td>2</td><td>10.0 cents</td><td>16.0 cents</td></tr>"))

            // The same numbers as the core computes from the same records.
            var profile = PerceptualProfile()
            for (note, cents) in [(60, 10.0), (60, -20), (60, 30)] {
                profile.add(ProfileFixtures.comparison(note, cents: cents))
            }
            for cents in [8.0, -12] {
                profile.add(ProfileFixtures.comparison(55, cents: cents, interval: .perfectFifthUp))
            }
            #expect(
                value(html, section: "profile-threshold", term: "All time")
                    == Texts.english.cents(profile.comparison.statistics(in: .standard).mean))

            let german = try await client.get("/profile", language: "de").text
            #expect(value(german, section: "profile-threshold", term: "Insgesamt") == "16,0 Cent")
            #expect(value(german, section: "profile-matching", term: "Tendenz") == "eher zu hoch (+4,0 Cent)")
            #expect(german.contains("<h1>Profil</h1>"))
            #expect(german.contains("Durchschnittliche Schwelle: 16,0 Cent."))
        }
    }

    @Test("a range change in the settings redraws the keyboard and the statistics over the range")
    func rangeChange() async throws {
        try await withApp(database: try .inMemory()) { client in
            try await importFixture(client)
            _ = try await client.send(.put, "/api/settings", json: #"{"noteRangeLower": 57, "noteRangeUpper": 72}"#)
            let html = try await client.get("/profile").text
            // G3 (55) is outside A3–C5 now: only the three C4 comparisons count.
            #expect(value(html, section: "profile-threshold", term: "All time") == "20.0 cents")
            #expect(html.contains("from A3 to C5. Average threshold: 20.0 cents."))
        }
    }

    @Test("synced records change the profile and the preview at once, without a restart")
    func liveUpdate() async throws {
        try await withApp(database: try .inMemory()) { client in
            let before = try await client.get("/").text
            #expect(before.contains("aria-label=\"Your pitch profile. Tap to view details.\""))
            let magnitudes: [Double] = [100, 95, 90.5, 82.25, 88, 80, 76.5, 81, 74, 70]
            for (index, magnitude) in magnitudes.enumerated() {
                let offset = index % 2 == 0 ? magnitude : -magnitude
                try await client.uploadAccepted(
                    syncRecord(timestamp: 1_779_999_100_000 + Int64(index) * 5_000, fields: ["centOffset": "\(offset)"])
                )
            }
            let statistics = RunningStatistics(magnitudes)
            let html = try await client.get("/profile").text
            #expect(value(html, section: "profile-threshold", term: "Comparisons") == "10")
            #expect(value(html, section: "profile-threshold", term: "All time") == Texts.english.cents(statistics.mean))
            #expect(
                value(html, section: "profile-threshold", term: "Standard deviation")
                    == Texts.english.cents(statistics.standardDeviation))
            let after = try await client.get("/").text
            #expect(
                after.contains(
                    "aria-label=\"Your pitch profile. Average threshold: \(Texts.english.decimal(statistics.mean)) cents. Tap to view details.\""
                ))
            #expect(!after.contains("profile-placeholder"))
        }
    }

    @Test("Start links to the profile by its preview and an icon button; training pages have a Profile button")
    func links() async throws {
        try await withApp(database: try .inMemory()) { client in
            let start = try await client.get("/", language: "de").text
            #expect(
                start.contains("<a href=\"/profile\" class=\"icon-button\" aria-label=\"Profil\" title=\"Profil\">"))
            #expect(start.contains("<a class=\"profile-preview\" id=\"start-profile\" href=\"/profile\"><svg "))
            #expect(start.contains("aria-label=\"Dein Tonhöhenprofil. Tippe, um die Details zu sehen.\""))
            for path in ["/comparison", "/pitch-matching", "/interval-comparison", "/interval-pitch-matching"] {
                let html = try await client.get(path).text
                #expect(html.contains("<a href=\"/profile\" class=\"icon-button\" aria-label=\"Profile\""), "\(path)")
            }
            let profile = try await client.get("/profile").text
            #expect(profile.contains("<a href=\"/\" class=\"back-link\""))
        }
    }

    @Test("the page is the same bytes for the same profile")
    func deterministic() {
        let page = { ProfilePage(texts: .german, profile: ProfileFixtures.dense, range: .standard).render() }
        #expect(page() == page())
        // Only `<main>`: the frame around it belongs to the layout and changes with it.
        let html = ProfilePage(texts: .english, profile: ProfileFixtures.sparse, range: .standard).render()
        let main = html[html.range(of: "<main")!.lowerBound..<html.range(of: "</main>")!.upperBound]
        assertSnapshot(String(main), named: "profile-page-sparse-main.html")
    }
}
