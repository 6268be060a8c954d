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

    /// The text of the `<dd>` after a `<dt>` in a mode's group.
    func value(_ html: String, mode: TrainingMode, term: String) -> String? {
        guard let start = html.range(of: "<div class=\"profile-mode profile-card\" data-mode=\"\(mode.rawValue)\"")
        else {
            return nil
        }
        let body = html[start.upperBound...]
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
            #expect(value(html, mode: .comparison, term: "All time") == "—")
            #expect(value(html, mode: .comparison, term: "Now") == "—")
            #expect(!html.contains("data-trend"))
            #expect(html.contains("<p class=\"profile-empty-state\">Start pitch matching to see your accuracy</p>"))
            #expect(html.contains(">Your progress appears here after your first answers</text>"))
            #expect(!html.contains("<details class=\"timeline-details\""))
        }
    }

    @Test("after importing a fixture the page shows the core's estimates, per mode, interval and week")
    func importedFixture() async throws {
        try await withApp(database: try .inMemory()) { client in
            try await importFixture(client)
            let html = try await client.get("/profile").text
            // The same records in the core.
            let profile = PerceptualProfile(records: [
                ProfileFixtures.comparison(60, cents: 10), ProfileFixtures.comparison(60, cents: -20),
                ProfileFixtures.comparison(60, cents: 30, correct: false),
                ProfileFixtures.comparison(55, cents: 8, interval: .perfectFifthUp),
                ProfileFixtures.comparison(55, cents: -12, interval: .perfectFifthUp),
            ])
            let texts = Texts.english
            let unison = profile.comparisonStatistics(.comparison)
            let fifths = profile.comparisonStatistics(.intervalComparison)
            #expect(value(html, mode: .comparison, term: "All time") == texts.estimate(unison.allTime))
            #expect(value(html, mode: .comparison, term: "Now") == texts.estimate(unison.now))
            #expect(value(html, mode: .comparison, term: "Answers") == "3")
            #expect(value(html, mode: .comparison, term: "Trend") == "not enough weeks yet")
            #expect(value(html, mode: .intervalComparison, term: "All time") == texts.estimate(fifths.allTime))
            #expect(
                value(html, mode: .intervalComparison, term: "Perfect Fifth Up, Equal temperament (12-TET)")
                    == texts.estimate(fifths.allTime) + ", 2 answers")
            // Matching +4, −2, +10: bias +4.0, spread 6.0, with their intervals.
            #expect(
                value(html, mode: .pitchMatching, term: "Bias, all time")
                    == "+4.0 cents (\u{2212}10.9 to +18.9): neither sharp nor flat")
            #expect(value(html, mode: .pitchMatching, term: "Spread, all time") == "6.0 cents (3.1–37.7)")
            #expect(value(html, mode: .pitchMatching, term: "Attempts") == "3")
            // The drawing: C4 alone in the Comparison mode; the summary reads its estimate.
            let chart = try #require(unison.now(in: .standard))
            #expect(
                html.contains(
                    "aria-label=\"Perceptual profile showing detection thresholds from C2 to C6. Threshold: "
                        + texts.spokenEstimate(chart) + ".\""))
            // Two timelines, one per comparison mode, each with its weeks.
            #expect(html.contains("<div class=\"timeline-figure\" data-mode=\"comparison\">"))
            #expect(html.contains("<div class=\"timeline-figure\" data-mode=\"intervalComparison\">"))
            #expect(
                html.contains(
                    "<tr><th scope=\"row\">23 February 2026</th><td>3</td><td>\(texts.estimate(unison.allTime))</td></tr>"
                ))
            #expect(
                html.contains(
                    "<tr><th scope=\"row\">2 March 2026</th><td>2</td><td>\(texts.estimate(fifths.allTime))</td></tr>"))

            let german = try await client.get("/profile", language: "de").text
            #expect(value(german, mode: .comparison, term: "Insgesamt") == Texts.german.estimate(unison.allTime))
            #expect(
                value(german, mode: .pitchMatching, term: "Tendenz insgesamt")
                    == "+4,0 Cent (\u{2212}10,9 bis +18,9): weder zu hoch noch zu tief")
            #expect(german.contains("<h1>Profil</h1>"))
            #expect(german.contains("Schwelle: " + Texts.german.spokenEstimate(chart) + "."))
        }
    }

    @Test("a range change in the settings redraws the keyboard and its summary over the range")
    func rangeChange() async throws {
        try await withApp(database: try .inMemory()) { client in
            try await importFixture(client)
            _ = try await client.send(.put, "/api/settings", json: #"{"noteRangeLower": 62, "noteRangeUpper": 80}"#)
            let html = try await client.get("/profile").text
            // C4 (60) is outside D4–G♯5 now: the keyboard has no trained note; the modes count everything.
            #expect(html.contains("from D4 to G\u{266F}5. Start training to build your profile."))
            #expect(value(html, mode: .comparison, term: "Answers") == "3")
        }
    }

    @Test("synced records change the profile and the preview at once, without a restart")
    func liveUpdate() async throws {
        try await withApp(database: try .inMemory()) { client in
            let before = try await client.get("/").text
            #expect(
                before.contains(
                    "aria-label=\"Your pitch profile. Start training to build your profile. Tap to view details.\""))
            #expect(
                before.contains(
                    "<span class=\"profile-preview-caption\" aria-hidden=\"true\">Start training to build your profile</span></a>"
                ))
            let magnitudes: [Double] = [100, 95, 90.5, 82.25, 88, 80, 76.5, 81, 74, 70]
            var profile = PerceptualProfile()
            for (index, magnitude) in magnitudes.enumerated() {
                let offset = index % 2 == 0 ? magnitude : -magnitude
                let timestamp = 1_779_999_100_000 + Int64(index) * 5_000
                try await client.uploadAccepted(syncRecord(timestamp: timestamp, fields: ["centOffset": "\(offset)"]))
                let note = try MIDINote(60)
                profile.add(
                    .comparison(
                        ComparisonRecord(
                            timestamp: Timestamp(millisecondsSince1970: timestamp),
                            context: ExerciseContext(
                                referenceNote: note, targetNote: note, interval: .prime, tuningSystem: .equalTemperament
                            ), centOffset: Cents(offset),
                            isCorrect: true)))
            }
            let html = try await client.get("/profile").text
            #expect(value(html, mode: .comparison, term: "Answers") == "10")
            #expect(
                value(html, mode: .comparison, term: "All time")
                    == Texts.english.estimate(profile.comparisonStatistics(.comparison).allTime))
            let after = try await client.get("/").text
            let estimate = try #require(profile.comparisonStatistics(.comparison).now(in: .standard))
            #expect(
                after.contains(
                    "aria-label=\"Your pitch profile. Threshold: \(Texts.english.spokenEstimate(estimate)). "
                        + "Your profile fills in as you train. Tap to view details.\""))
            #expect(
                after.contains(
                    "<span class=\"profile-preview-caption\" aria-hidden=\"true\">Your profile fills in as you train</span></a>"
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
            #expect(
                start.contains(
                    "aria-label=\"Dein Tonhöhenprofil. Beginne mit dem Training, um dein Profil aufzubauen. "
                        + "Tippe, um die Details zu sehen.\""))
            for path in ["/comparison", "/pitch-matching", "/interval-comparison", "/interval-pitch-matching"] {
                let html = try await client.get(path).text
                #expect(html.contains("<a href=\"/profile\" class=\"icon-button\" aria-label=\"Profile\""), "\(path)")
            }
            let profile = try await client.get("/profile").text
            #expect(profile.contains("<a href=\"/\" class=\"back-link\""))
        }
    }
}
