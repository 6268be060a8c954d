import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import PeachClient
import PeachCore
import PeachStore
import Testing

@testable import PeachViews
@testable import PeachWeb

@Suite("Pages")
struct PageTests {
    /// Every page a GET shows without pairing or a form's answer: the device's pages and the
    /// reset's confirmation.
    static let routes = PageRoute.all.filter { $0.rendersOnDevice || $0 == .settingsReset }
    static let paths = routes.map(\.path)

    @Test("every page renders in English and German with the frame of docs/pages.md", arguments: ["en", "de"])
    func frame(language: String) async throws {
        try await withApp(database: try .inMemory()) { client in
            for path in Self.paths {
                let response = try await client.get(path, language: language)
                #expect(response.status == .ok, "\(path)")
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = response.text
                #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"\(language)\">"), "\(path)")
                for required in [
                    "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1, viewport-fit=cover\">",
                    "<meta name=\"color-scheme\" content=\"light dark\">",
                    "<link rel=\"stylesheet\" href=\"/assets/peach.css\">",
                    "<script type=\"module\" src=\"/assets/pages/app.js\"></script>",
                    "<main id=\"main\"", "<title>",
                ] {
                    #expect(html.contains(required), "\(path) lacks \(required)")
                }
                if path != "/" {
                    #expect(
                        html.contains("<nav aria-label=\"Peach\"><a href=\"/\" class=\"back-link\""),
                        "\(path) has no link back to Start first in its header")
                }
                // The same control in the same place: Settings is the header's last control
                // wherever it is, Profile the one before it.
                let header = String(html[html.range(of: "<nav")!.lowerBound..<html.range(of: "</nav>")!.upperBound])
                if let settings = header.range(of: "href=\"/settings\"") {
                    #expect(!header[settings.upperBound...].contains("<a "), "\(path): a control after Settings")
                }
                if let profile = header.range(of: "href=\"/profile\"") {
                    let after = header[profile.upperBound...]
                    #expect(
                        after.components(separatedBy: "<a ").count - 1 == (header.contains("/settings\"") ? 1 : 0),
                        "\(path): Profile is not just before Settings")
                }
                // A Content-Security-Policy will forbid inline scripts and styles.
                #expect(!html.contains(" style="), "\(path)")
                #expect(html.components(separatedBy: "<script").count == 2, "\(path)")
                try HTMLCheck.wellFormed(html, path: path)
            }
        }
    }

    @Test("German pages contain none of the English texts (proper names aside)")
    func noEnglishInGerman() async throws {
        let english = HTMLCheck.texts(of: .english)
        let german = HTMLCheck.texts(of: .german)
        // Texts that are the same in both languages (Peach, Hz, Training) are not English.
        let englishOnly = english.subtracting(german).filter { $0.count >= 3 }
        #expect(englishOnly.count > 100)
        try await withApp(database: try .inMemory()) { client in
            _ = try await client.send(.put, "/api/settings", json: #"{"intervals": "P1up,m2up,m2down,M7down,P8up"}"#)
            for path in Self.paths {
                let html = try await client.get(path, language: "de").text
                let segments = HTMLCheck.visibleTexts(html)
                #expect(segments.count > 3)
                for text in englishOnly {
                    let found = segments.contains { $0 == text || (text.count >= 8 && $0.contains(text)) }
                    #expect(!found, "\(path) contains \"\(text)\"")
                }
            }
        }
    }

    @Test("every text exists in German and differs from English unless it is a proper name or a unit")
    func germanTable() {
        let same = HTMLCheck.texts(of: .english).intersection(HTMLCheck.texts(of: .german))
        // "Start" is the Start page's name, which the back link shows in both languages.
        #expect(
            same.isSubset(
                of: ["Peach", "Start", "s", "Hz", "Training", "Trend", "Version", "Tritone", "sine", "Oboe", "Tempo"]
                    as Set))
        for interval in DirectedInterval.all {
            #expect(!Texts.german.name(of: interval).isEmpty)
        }
        #expect(Texts.german.name(of: .perfectFifthUp) == "Quinte aufwärts")
        #expect(Texts.english.name(of: .perfectFifthUp) == "Perfect Fifth Up")
    }

    @Test("each page's <body> carries its route's name, a training page its exercise kind too")
    func bodyNames() async throws {
        // The kinds' names, as the scripts read them (TRAINING_CONTROLLERS in Client/pages/app.js).
        @Sendable func kindName(_ kind: TrainingMode.Kind) -> String {
            switch kind {
            case .comparison: "comparison"
            case .pitchMatching: "pitchMatching"
            case .rhythmOffsetDetection: "rhythmOffsetDetection"
            case .continuousRhythmMatching: "continuousRhythmMatching"
            }
        }
        try await withApp(database: try .inMemory()) { client in
            for route in Self.routes {
                let html = try await client.get(route.path).text
                if case .training(let mode) = route {
                    #expect(html.contains("<body data-page=\"\(mode.rawValue)\" data-kind=\"\(kindName(mode.kind))\">"))
                } else {
                    #expect(html.contains("<body data-page=\"\(route.name)\">"), "\(route.path)")
                }
            }
            // Shown at whatever address failed, the error page is no route and has no name.
            #expect(try await client.get("/nowhere").text.contains("<body><header>"))
        }
    }

    @Test(
        "the Start page offers the six modes in three groups, Comparison first and primary, and Settings and Info by name"
    )
    func start() async throws {
        try await withApp(database: try .inMemory()) { client in
            let html = try await client.get("/").text
            #expect(html.contains("<body data-page=\"start\">"))
            let order = [
                "/comparison\"", "/pitch-matching\"", "<hr>", "/interval-comparison\"", "/interval-pitch-matching\"",
                "<hr><section class=\"start-group\" aria-labelledby=\"start-rhythm-modes\">", ">Rhythm</h2>",
                "/compare-timing\"", "/fill-the-gap\"",
            ]
            let positions = order.map { html.range(of: $0)?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil })
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
            #expect(
                html.contains(
                    "<a class=\"button primary\" id=\"start-comparison\" href=\"/comparison\" data-mode=\"comparison\" "
                        + "aria-describedby=\"start-comparison-summary\">Comparison</a><p class=\"mode-summary\" "
                        + "id=\"start-comparison-summary\">Two notes: was the second higher or lower?</p>"
                ))
            #expect(html.contains("<p class=\"start-purpose\">Train your ear for intonation: "))
            #expect(html.contains("aria-label=\"Settings\""))
            #expect(html.contains("aria-label=\"Info\""))
            #expect(html.contains("<a href=\"/profile\" class=\"icon-button\" aria-label=\"Profile\""))
            #expect(!html.contains("back-link"), "Start is where the back link leads")
            #expect(html.contains("<a class=\"profile-preview\" id=\"start-profile\" href=\"/profile\"><svg "))
        }
    }

    @Test("training pages have the DOM of docs/pages.md")
    func trainingPages() async throws {
        try await withApp(database: try .inMemory()) { client in
            let comparison = try await client.get("/comparison").text
            #expect(comparison.contains("<body data-page=\"comparison\" data-kind=\"comparison\">"))
            #expect(comparison.contains("<main id=\"main\" data-mode=\"comparison\">"))
            #expect(
                comparison.contains(
                    "<button id=\"answer-higher\" type=\"button\" disabled aria-keyshortcuts=\"ArrowUp H\">Higher</button>"
                ))
            #expect(
                comparison.contains(
                    "<button id=\"answer-lower\" type=\"button\" disabled aria-keyshortcuts=\"ArrowDown L\">Lower</button>"
                ))
            #expect(
                comparison.contains(
                    "<div id=\"feedback\" data-state=\"\" aria-hidden=\"true\"><span class=\"icon\"></span><span class=\"text\"></span></div>"
                ))
            #expect(
                comparison.contains(
                    "<p id=\"announcer\" class=\"visually-hidden\" role=\"status\" aria-live=\"assertive\"></p>"))
            #expect(!comparison.contains("id=\"status\""), "an interruption returns to Start: nothing to say")
            #expect(comparison.contains("<button id=\"tap-to-start\" type=\"button\" hidden>Tap to start</button>"))
            #expect(!comparison.contains("target-interval"))
            #expect(!comparison.contains("pitch-slider"))

            // The hint, opened by the script; the keys, shown by the stylesheet on a desktop.
            #expect(comparison.contains("<dialog id=\"mode-hint\" aria-labelledby=\"mode-hint-heading\">"))
            #expect(comparison.contains("<h2 id=\"mode-hint-heading\">Comparison</h2><p>You hear two notes"))
            #expect(comparison.contains("<button id=\"hint-begin\" type=\"button\" class=\"primary\">Start</button>"))
            #expect(
                comparison.contains(
                    "<button id=\"show-hint\" type=\"button\" class=\"icon-button\" aria-label=\"How it works\""))
            #expect(
                comparison.contains(
                    "<p class=\"shortcuts\">Keys: <span><kbd>↑</kbd> <kbd>H</kbd> Higher</span> · "
                        + "<span><kbd>↓</kbd> <kbd>L</kbd> Lower</span> · <span><kbd>Esc</kbd> Back to Start</span></p>"
                ))
            #expect(!comparison.contains("interval-question"))

            // Interval Comparison asks whether the second note was sharp or flat: the buttons
            // that tell the core "higher" and "lower" say so, up and down intervals alike.
            _ = try await client.send(.put, "/api/settings", json: #"{"intervals": "P5up,m3down"}"#)
            let interval = try await client.get("/interval-comparison").text
            #expect(interval.contains("<p id=\"target-interval\" aria-live=\"off\">Target interval: <span></span></p>"))
            #expect(interval.contains("<p id=\"interval-question\">Was the second note sharp or flat?</p>"))
            #expect(interval.contains("aria-keyshortcuts=\"ArrowUp H\">Sharp</button>"))
            #expect(interval.contains("aria-keyshortcuts=\"ArrowDown L\">Flat</button>"))
            #expect(interval.contains("<kbd>H</kbd> Sharp</span> · <span><kbd>↓</kbd> <kbd>L</kbd> Flat</span>"))
            #expect(interval.contains("<body data-page=\"intervalComparison\" data-kind=\"comparison\">"))
            #expect(interval.contains("<main id=\"main\" data-mode=\"intervalComparison\">"))
            let intervalGerman = try await client.get("/interval-comparison", language: "de").text
            #expect(intervalGerman.contains("War der zweite Ton zu hoch oder zu tief?"))
            #expect(intervalGerman.contains(">Zu hoch</button>") && intervalGerman.contains(">Zu tief</button>"))
            _ = try await client.send(.put, "/api/settings", json: #"{"intervals": "P5up"}"#)

            let matching = try await client.get("/pitch-matching").text
            #expect(matching.contains("<body data-page=\"pitchMatching\" data-kind=\"pitchMatching\">"))
            #expect(matching.contains("<main id=\"main\" data-mode=\"pitchMatching\">"))
            #expect(
                matching.contains(
                    "<div id=\"pitch-slider\" role=\"slider\" tabindex=\"0\" aria-orientation=\"vertical\" aria-valuemin=\"-1\" aria-valuemax=\"1\" aria-valuenow=\"0\" aria-disabled=\"true\" aria-label=\"Pitch\""
                ))
            #expect(matching.contains("<div class=\"thumb\"></div>"))
            #expect(!matching.contains("answer-higher"))

            #expect(
                matching.contains("<kbd>↑</kbd> <kbd>↓</kbd> tune</span> · <span><kbd>Enter</kbd> answer</span> · "))
            #expect(matching.contains("data-sound=\"sine\""))

            let german = try await client.get("/interval-pitch-matching", language: "de").text
            #expect(german.contains("Zielintervall: <span>Quinte aufwärts</span>"))
            #expect(german.contains("aria-label=\"Tonhöhe\""))

            // The piano fades while one tunes: pitch matching plays the sine and says so;
            // comparison plays the piano.
            _ = try await client.send(.put, "/api/settings", json: #"{"soundSource": "piano"}"#)
            for path in ["/pitch-matching", "/interval-pitch-matching"] {
                let page = try await client.get(path).text
                #expect(page.contains("data-sound=\"sine\""), "\(path)")
                #expect(page.contains("“Piano” fades while you tune, so pitch matching plays the sine wave instead."))
            }
            #expect(try await client.get("/comparison").text.contains("data-sound=\"piano\""))
            _ = try await client.send(.put, "/api/settings", json: #"{"soundSource": "violin"}"#)
            #expect(try await client.get("/pitch-matching").text.contains("data-sound=\"violin\""))
        }
    }

    @Test("the Settings page shows every setting as a bounded control named by its key, with the current values")
    func settingsPage() async throws {
        try await withApp(database: try .inMemory()) { client in
            _ = try await client.send(
                .put, "/api/settings", json: #"{"referencePitch": 442, "intervals": "P5up,m3down", "language": "en"}"#)
            let html = try await client.get("/settings").text
            #expect(html.contains("<form id=\"settings-form\" method=\"post\" action=\"/settings\""))
            for key in TrainingSettings.Key.allCases {
                #expect(html.contains("name=\"\(key.rawValue)\""), "\(key)")
            }
            #expect(html.contains("<option value=\"36\" selected>C2</option>"))
            #expect(html.contains("<option value=\"84\" selected>C6</option>"))
            #expect(html.contains("<option value=\"21\">A0</option>"))
            #expect(html.contains("<option value=\"108\">C8</option>"))
            #expect(!html.contains("<option value=\"20\">"))
            #expect(html.contains("<option value=\"442\" selected>442 Hz</option>"))
            #expect(html.contains("<option value=\"0.3\">0.3 s</option>"))
            // Tenths all written with one digit: "0.9 s, 1.0 s, 1.1 s".
            #expect(html.contains("<option value=\"1\" selected>1.0 s</option>"))
            #expect(html.contains("<option value=\"1\">1.0</option>"))  // loudness variation
            #expect(html.components(separatedBy: "name=\"intervals\"").count - 1 == 25)
            // Thirteen rows, each interval's name once, up and down side by side, the tuning
            // system in the same group.
            let intervals = html[html.range(of: "<fieldset id=\"setting-intervals\"")!.lowerBound...]
            let grid = intervals[..<intervals.range(of: "</fieldset>")!.lowerBound]
            #expect(grid.contains("name=\"tuningSystem\""))
            #expect(grid.components(separatedBy: "class=\"interval-name\"").count - 1 == 13)
            #expect(
                grid.contains(
                    "<span class=\"interval-name\" aria-hidden=\"true\">Perfect Fifth</span><label class=\"interval-box\">"
                        + "<input type=\"checkbox\" id=\"interval-P5up\" name=\"intervals\" value=\"P5up\" checked>"
                        + "<span class=\"visually-hidden\">Perfect Fifth Up</span></label><label class=\"interval-box\">"
                        + "<input type=\"checkbox\" id=\"interval-P5down\""))
            #expect(
                html.contains(
                    "<input type=\"checkbox\" role=\"switch\" id=\"setting-wrongAnswerSound\" name=\"wrongAnswerSound\" value=\"true\""
                ))
            #expect(
                html.contains(
                    "<p data-fades=\"piano\" hidden>“Piano” fades while you tune, so pitch matching plays the sine wave instead."
                ))
            #expect(html.contains("name=\"intervals\" value=\"P5up\" checked>"))
            #expect(html.contains("name=\"intervals\" value=\"m3down\" checked>"))
            #expect(html.contains("name=\"intervals\" value=\"m3up\">"))
            #expect(html.contains("<option value=\"en\" selected>English</option>"))
            #expect(html.contains("href=\"/api/export\""))
            #expect(html.contains("id=\"import-form\""))
            #expect(html.contains("<a id=\"reset-button\" href=\"/settings/reset\""))
            #expect(html.contains("data-msg-done-one=\"Deleted {count} training record.\""))
            #expect(html.contains("data-msg-done=\"Deleted {count} training records.\""))
            #expect(html.contains("<p id=\"import-result\""))
            #expect(html.contains("<p id=\"settings-status\""))
            _ = try await client.send(.put, "/api/settings", json: #"{"language": ""}"#)
            let german = try await client.get("/settings", language: "de").text
            #expect(german.contains("<option value=\"0.3\">0,3 s</option>"))
            // Note names as German musicians write them: H for B, "is" for a sharp.
            #expect(german.contains("<option value=\"71\">H4</option>"))
            #expect(german.contains("<option value=\"61\">Cis4</option>"))
            #expect(html.contains("<option value=\"71\">B4</option>"))
            #expect(html.contains("<option value=\"61\">C♯4</option>"))
        }
    }

    @Test("the settings form works without scripts: saved all or nothing, then back to the page")
    func plainSettingsForm() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            let form =
                "noteRangeLower=48&noteRangeUpper=72&noteDuration=0.8&referencePitch=443&soundSource=sine&loudnessVariation=0.2&intervals=P5up&intervals=M3down&tuningSystem=pythagorean&language=&wrongAnswerSound=true&tempo=96&gapPositions=1&gapPositions=3"
            let response = try await client.send(
                .post, "/settings", json: form, contentType: "application/x-www-form-urlencoded")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/settings")
            let noIntervals = "noteRangeLower=48&noteRangeUpper=72&noteDuration=0.8"
            let refused = try await client.send(
                .post, "/settings", json: noIntervals, contentType: "application/x-www-form-urlencoded")
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("role=\"alert\""))
        }
        var settings = try database.loadSettings()
        #expect(settings.wrongAnswerSound == true)
        // The switch turned off sends no field: the whole form without it means off.
        try await withApp(database: database) { client in
            let off =
                "noteRangeLower=48&noteRangeUpper=72&intervals=P5up&intervals=M3down&gapPositions=1&gapPositions=3"
            let response = try await client.send(
                .post, "/settings", json: off, contentType: "application/x-www-form-urlencoded")
            #expect(response.status == .seeOther)
        }
        settings = try database.loadSettings()
        #expect(settings.wrongAnswerSound == false)
        #expect(settings.noteRange.lower.rawValue == 48)
        #expect(settings.intervals == [.perfectFifthUp, DirectedInterval(.majorThird, .down)])
        #expect(settings.tuningSystem == .pythagorean)
        #expect(settings.referencePitch.hertz == 443)
        #expect(settings.tempo.value == 96 && settings.gapPositions == [1, 3])
    }

    @Test("the import form works without scripts: multipart upload, all or nothing, then back to the page")
    func plainImportForm() async throws {
        let database = try AppDatabase.inMemory()
        let header = CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
        let row = "pitchDiscrimination,2026-03-01T12:34:56Z,60,C4,67,G4,P5,equalTemperament,12.5,true,,,,,,,,,\n"
        @Sendable func form(_ csv: String, mode: String = "merge", filename: String = "export.csv") -> String {
            [
                "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(filename)\"\r\n"
                    + "Content-Type: text/csv\r\n\r\n\(csv)\r\n",
                "--XyZ\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\n\(mode)\r\n", "--XyZ--\r\n",
            ].joined()
        }
        let type = "multipart/form-data; boundary=XyZ"
        try await withApp(database: database) { client in
            let html = try await client.get("/settings").text
            #expect(
                html.contains(
                    "<form id=\"import-form\" action=\"/settings/import\" method=\"post\" enctype=\"multipart/form-data\""
                ))
            let imported = try await client.send(.post, "/settings/import", json: form(header + row), contentType: type)
            #expect(imported.status == .seeOther)
            #expect(imported.headers[.location] == "/settings?added=1&duplicates=0")
            #expect(try await client.get("/settings?added=1&duplicates=0").text.contains("Imported 1"))
            // A broken file: the page again (422) with its reason in the reader's language.
            let broken = try await client.send(
                .post, "/settings/import", json: form(header + row.replacingOccurrences(of: ",60,", with: ",200,")),
                contentType: type, language: "de")
            #expect(broken.status == .unprocessableContent)
            #expect(broken.text.contains("Zeile 3, Spalte referenceNote: 200 ist keine MIDI-Note"))
            let noFile = try await client.send(
                .post, "/settings/import", json: form("", filename: ""), contentType: type)
            #expect(noFile.status == .unprocessableContent)
            #expect(noFile.text.contains("Choose a CSV file"))
            let garbled = try await client.send(
                .post, "/settings/import", json: "--XyZ\r\nno headers", contentType: type)
            #expect(garbled.status == .unprocessableContent)
            let unknownMode = try await client.send(
                .post, "/settings/import", json: form(header + row, mode: "append"), contentType: type)
            #expect(unknownMode.status == .unprocessableContent)
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("a replace without scripts shows what it deletes, and deletes only after a second, explicit submit")
    func plainReplaceAsksFirst() async throws {
        let database = try AppDatabase.inMemory()
        let header = CSVFormat.formatLine + "\n" + CSVFormat.header + "\n"
        @Sendable func row(_ time: String) -> String {
            "pitchDiscrimination,\(time),60,C4,67,G4,P5,equalTemperament,12.5,true,,,,,,,,,\n"
        }
        @Sendable func form(_ csv: String, mode: String) -> String {
            [
                "--XyZ\r\nContent-Disposition: form-data; name=\"file\"; filename=\"export.csv\"\r\n"
                    + "Content-Type: text/csv\r\n\r\n\(csv)\r\n",
                "--XyZ\r\nContent-Disposition: form-data; name=\"mode\"\r\n\r\n\(mode)\r\n", "--XyZ--\r\n",
            ].joined()
        }
        let type = "multipart/form-data; boundary=XyZ"
        let stored = header + row("2026-03-01T12:00:00Z") + row("2026-03-05T08:30:00Z")
        let file = header + row("2027-01-01T00:00:00Z")
        @Sendable func token(_ html: String) throws -> String {
            let start = try #require(html.range(of: "name=\"token\" value=\"")).upperBound
            return String(html[start...].prefix { $0 != "\"" })
        }
        try await withApp(database: database) { client in
            _ = try await client.send(.post, "/settings/import", json: form(stored, mode: "merge"), contentType: type)
            let asked = try await client.send(
                .post, "/settings/import", json: form(file, mode: "replace"), contentType: type)
            #expect(asked.status == .ok)
            #expect(asked.text.contains("<body data-page=\"settingsImportConfirm\">"))
            #expect(asked.text.contains("<h1>Replace all training data?</h1>"))
            #expect(
                asked.text.contains(
                    "Replacing deletes all 2 stored records, from 1 March 2026 to 5 March 2026, and imports the 1 record of the file."
                ))
            #expect(
                asked.text.contains(
                    "<form id=\"import-confirm-form\" method=\"post\" action=\"/settings/import/confirm\">"))
            #expect(try recordCount(database) == 2)

            // Backing out deletes nothing, and the question cannot be answered "yes" later.
            let firstToken = try token(asked.text)
            let cancelled = try await client.send(
                .post, "/settings/import/confirm", json: "token=\(firstToken)&answer=cancel",
                contentType: "application/x-www-form-urlencoded")
            #expect(cancelled.headers[.location] == "/settings?import=cancelled")
            #expect(
                try await client.get("/settings?import=cancelled").text.contains("Nothing was imported or deleted."))
            let late = try await client.send(
                .post, "/settings/import/confirm", json: "token=\(firstToken)&answer=replace",
                contentType: "application/x-www-form-urlencoded")
            #expect(late.status == .gone)
            #expect(late.text.contains("choose the file again"))
            #expect(try recordCount(database) == 2)

            // A record arrives between the question and the answer: asked again, nothing deleted.
            let again = try await client.send(
                .post, "/settings/import", json: form(file, mode: "replace"), contentType: type, language: "de")
            #expect(
                again.text.contains(
                    "Ersetzen löscht alle 2 gespeicherten Übungen vom 1. März 2026 bis zum 5. März 2026"))
            _ = try await client.send(
                .post, "/settings/import", json: form(header + row("2026-03-09T10:00:00Z"), mode: "merge"),
                contentType: type)
            let changed = try await client.send(
                .post, "/settings/import/confirm", json: "token=\(try token(again.text))&answer=replace",
                contentType: "application/x-www-form-urlencoded")
            #expect(changed.status == .conflict)
            #expect(changed.text.contains("The training data changed since you were asked; nothing was deleted."))
            #expect(changed.text.contains("deletes all 3 stored records, from 1 March 2026 to 9 March 2026"))
            #expect(try recordCount(database) == 3)

            let replaced = try await client.send(
                .post, "/settings/import/confirm", json: "token=\(try token(changed.text))&answer=replace",
                contentType: "application/x-www-form-urlencoded")
            #expect(replaced.headers[.location] == "/settings?added=1&duplicates=0")
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("reset all training data takes a confirmation step")
    func resetFlow() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            try await client.uploadAccepted()
            let confirm = try await client.get("/settings/reset").text
            #expect(confirm.contains("<form id=\"reset-form\" method=\"post\" action=\"/settings/reset\">"))
            let unconfirmed = try await client.send(
                .post, "/settings/reset", json: "", contentType: "application/x-www-form-urlencoded")
            #expect(unconfirmed.status == .seeOther)
            #expect(try recordCount(database) == 1)
            let response = try await client.send(
                .post, "/settings/reset", json: "confirm=true", contentType: "application/x-www-form-urlencoded")
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/settings?deleted=1")
            let settings = try await client.get("/settings?deleted=1").text
            #expect(settings.contains("Deleted 1 training record."))
        }
        #expect(try recordCount(database) == 0)
    }

    @Test("a write from another website is refused with a 403 and nothing changes")
    func crossSite() async throws {
        let database = try AppDatabase.inMemory()
        try await withApp(database: database) { client in
            try await client.uploadAccepted()
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .origin: "https://evil.example"]
            let forged = try await client.execute(
                uri: "/settings/reset", method: .post, headers: form, body: ByteBuffer(string: "confirm=true"))
            #expect(forged.status == .forbidden)
            // A form's refusal is a page the browser can show, not JSON.
            #expect(forged.headers[.contentType] == "text/html; charset=utf-8")
            #expect(forged.text.contains(Texts.english.server.errorCrossSite))
            var fetchHeaders: HTTPFields = [.contentType: "application/json"]
            fetchHeaders[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let fetched = try await client.execute(
                uri: "/api/reset", method: .post, headers: fetchHeaders, body: ByteBuffer(string: #"{"confirm": true}"#)
            )
            #expect(fetched.status == .forbidden)
            fetchHeaders[HTTPField.Name("Sec-Fetch-Site")!] = "same-origin"
            let settings = try await client.execute(
                uri: "/api/settings", method: .put, headers: fetchHeaders,
                body: ByteBuffer(string: #"{"referencePitch": 441}"#))
            #expect(settings.status == .ok)
            #expect(try await client.get("/favicon.svg").headers[.contentType] == "image/svg+xml")
        }
        #expect(try recordCount(database) == 1)
    }

    @Test("the Info page shows name, developer, copyright, version and licence")
    func info() async throws {
        try await withApp(database: try .inMemory()) { client in
            let html = try await client.get("/info").text
            for text in ["Peach", "The Peach developers", "© 2026", AppInfo.version, "MIT License"] {
                #expect(html.contains(("\(text)" as Markup).html), "\(text)")
            }
        }
    }

    @Test("an unknown page is a 404 page in the request's language")
    func notFound() async throws {
        try await withApp(database: try .inMemory()) { client in
            let response = try await client.get("/nowhere", language: "de")
            #expect(response.status == .notFound)
            #expect(response.text.contains("Seite nicht gefunden"))
            let asset = try await client.get("/assets/missing.js")
            #expect(asset.status == .notFound)
        }
    }

    @Test("the same page renders the same bytes")
    func deterministic() {
        let settings = TrainingSettings()
        #expect(
            SettingsPage(texts: .english, settings: settings).render()
                == SettingsPage(texts: .english, settings: settings).render())
        #expect(
            TrainingPage(texts: .german, mode: .intervalComparison, settings: settings).render().contains(
                "Quinte aufwärts"))
    }
}

@Suite("Assets")
struct AssetTests {
    @Test("the bundled browser modules and stylesheet are served at /assets")
    func bundled() async throws {
        try await withApp(database: try .inMemory()) { client in
            let script = try await client.get("/assets/pages/app.js")
            #expect(script.status == .ok)
            #expect(script.headers[.contentType] == "text/javascript; charset=utf-8")
            let style = try await client.get("/assets/peach.css")
            #expect(style.headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.get("/assets/.keep").status == .notFound)
        }
    }

    @Test(
        "the client's files are served at their paths in Client/, each module app.js imports among them, the tests not")
    func clientLayout() async throws {
        let assets = Assets(directory: PeachClient.files, core: nil, compressedCopies: CompressedCopies(folder: nil))
        let imported = Assets.imports(of: PageRoute.appModule, in: assets.files)
        for module in ["store/device.js", "core/peach-core.js", "audio/audio-engine.js", "pages/router.js"] {
            #expect(imported.contains(module), "\(module)")
        }
        #expect(imported.contains(RouteTable.moduleName) && imported.contains(Assets.coreURLModule))
        for module in imported { #expect(assets.files[module] != nil, "\(module) is imported but not served") }
        #expect(
            assets.files.keys.allSatisfy { !$0.hasPrefix("tests/") && !$0.hasSuffix(".swift") && $0 != "README.md" })
        try await withApp(database: try .inMemory()) { client in
            #expect(try await client.get("/assets/store/sync.js").status == .ok)
            #expect(try await client.get("/assets/sync.js").status == .notFound)
            let worker = try await client.get("/sw.js").text
            for path in ["/assets/pages/app.js", "/assets/core/peach-core.js", "/assets/icons/peach-192.png"] {
                #expect(worker.contains("\"\(path)\""), "the service worker keeps \(path)")
            }
        }
    }

    @Test("a module's relative import is resolved against its own folder, and never leaves /assets/")
    func importPaths() {
        #expect(Assets.resolve("../store/device.js", from: "pages/app.js") == "store/device.js")
        #expect(Assets.resolve("./router.js", from: "pages/app.js") == "pages/router.js")
        #expect(Assets.resolve("../peach-routes.js", from: "pages/router.js") == "peach-routes.js")
        #expect(Assets.resolve("./device.js", from: "sync.js") == "device.js")
        #expect(Assets.resolve("../../secret.js", from: "pages/app.js") == nil)
        #expect(Assets.resolve("/assets/store/device.js", from: "pages/app.js") == nil)
        #expect(Assets.resolve("node:fs", from: "pages/app.js") == nil)
    }

    @Test("the wasm core is read from its own file and served under its content hash, which peach-core-url.js names")
    func wasmCore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("peach-core-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let core = folder.appendingPathComponent("peach-core.wasm")
        let bytes = Data([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00])
        try bytes.write(to: core)
        let copies = CompressedCopies(folder: nil)
        let assets = Assets(directory: nil, core: core, compressedCopies: copies)
        let hash = SHA256.hash(bytes).prefix(8).map { String(format: "%02x", $0) }.joined()
        #expect(assets.coreURL == "/assets/peach-core.\(hash).wasm")
        let served = try #require(assets.files["peach-core.\(hash).wasm"])
        #expect(Data(served.bytes.readableBytesView) == bytes)
        #expect(served.cacheControl == "public, max-age=31536000, immutable")
        #expect(assets.files["peach-core.wasm"] == nil)
        let module = try #require(assets.files[Assets.coreURLModule])
        #expect(String(buffer: module.bytes) == "export const peachCoreURL = \"/assets/peach-core.\(hash).wasm\";\n")

        let missing = Assets(directory: nil, core: folder.appendingPathComponent("none.wasm"), compressedCopies: copies)
        #expect(missing.coreURL == nil)
        #expect(
            String(buffer: try #require(missing.files[Assets.coreURLModule]).bytes)
                == "export const peachCoreURL = null;\n")
    }

    @Test("assets are served with their content type, an ETag and revalidation")
    func serving() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "peach-assets-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("icons"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("export {}".utf8).write(to: directory.appendingPathComponent("app.js"))
        try Data("body{}".utf8).write(to: directory.appendingPathComponent("peach.css"))
        try Data("<svg/>".utf8).write(to: directory.appendingPathComponent("icons/peach.svg"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("manifest.webmanifest"))
        let assets = Assets(directory: directory, core: nil)
        #expect(assets.files["app.js"]?.contentType == "text/javascript; charset=utf-8")
        #expect(assets.files["peach.css"]?.contentType == "text/css; charset=utf-8")
        #expect(assets.files["icons/peach.svg"]?.contentType == "image/svg+xml")
        #expect(assets.files["manifest.webmanifest"]?.contentType == "application/manifest+json")

        let router = Router(context: PeachRequestContext.self)
        assets.addRoutes(to: router)
        let app = Application(router: router)
        try await app.test(.router) { client in
            let response = try await client.execute(uri: "/assets/icons/peach.svg", method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml")
            #expect(response.headers[.cacheControl] == "no-cache")
            let etag = try #require(response.headers[.eTag])
            let again = try await client.execute(
                uri: "/assets/icons/peach.svg", method: .get, headers: [.ifNoneMatch: etag])
            #expect(again.status == .notModified)
        }
    }
}

/// Checks on rendered HTML.
enum HTMLCheck {
    /// Elements without content or end tag.
    static let voidElements: Set = ["meta", "link", "input", "br", "hr", "img"]

    /// Every element closed in order (void elements aside) and every id unique.
    static func wellFormed(_ html: String, path: String) throws {
        var stack: [String] = []
        var ids: Set<String> = []
        var index = html.startIndex
        while let open = html[index...].firstIndex(of: "<") {
            guard let close = html[open...].firstIndex(of: ">") else {
                Issue.record("\(path): unterminated tag")
                return
            }
            let tag = html[html.index(after: open)..<close]
            index = html.index(after: close)
            if tag.hasPrefix("!") { continue }
            if tag.hasPrefix("/") {
                let name = String(tag.dropFirst())
                #expect(stack.last == name, "\(path): </\(name)> closes <\(stack.last ?? "nothing")>")
                if stack.last == name { stack.removeLast() }
                continue
            }
            let name = String(tag.prefix { !$0.isWhitespace && $0 != "/" })
            if let range = tag.range(of: " id=\"") {
                let id = String(tag[range.upperBound...].prefix { $0 != "\"" })
                #expect(!ids.contains(id), "\(path): id \(id) is not unique")
                ids.insert(id)
            }
            // `<rect/>`: a self-closing element of inline SVG (foreign content).
            if !voidElements.contains(name) && !tag.hasSuffix("/") { stack.append(name) }
        }
        #expect(stack.isEmpty, "\(path): unclosed \(stack)")
        // Every label points at an existing control.
        for part in html.components(separatedBy: "<label for=\"").dropFirst() {
            let id = String(part.prefix { $0 != "\"" })
            #expect(ids.contains(id), "\(path): label for missing id \(id)")
        }
    }

    /// The texts a user meets: text between tags and the values of the attributes that are read
    /// or shown (accessible names, titles, script messages).
    static func visibleTexts(_ html: String) -> [String] {
        var result: [String] = []
        for part in html.components(separatedBy: ">").dropFirst() {
            let text = part.prefix { $0 != "<" }.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { result.append(unescape(text)) }
        }
        let attributes = ["aria-label", "title", "aria-valuetext", "data-msg-[a-z-]+"]
        for name in attributes {
            let regex = try! NSRegularExpression(pattern: " \(name)=\"([^\"]*)\"")
            let range = NSRange(html.startIndex..., in: html)
            for match in regex.matches(in: html, range: range) {
                result.append(unescape(String(html[Range(match.range(at: 1), in: html)!])))
            }
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every plain text of a language's table, interval and option names included.
    static func texts(of language: Language) -> Set<String> {
        let texts = Texts.of(language)
        var result: Set<String> = []
        // Every text of every table by concern (`texts.training.higher`, `texts.sync.…`).
        func collect(_ table: Any) {
            for child in Mirror(reflecting: table).children {
                switch child.value {
                case let text as String: result.insert(text)
                case let names as [Interval: String]: result.formUnion(names.values)
                case let names as [SoundSource: String]: result.formUnion(names.values)
                case let names as [TuningSystem: String]: result.formUnion(names.values)
                case let names as [Language: String]: result.formUnion(names.values)
                case let names as [TrainingSettings.Key: String]: result.formUnion(names.values)
                case let table where String(describing: type(of: table)).hasSuffix("Texts"): collect(table)
                default: break
                }
            }
        }
        collect(texts)
        for interval in DirectedInterval.all { result.insert(texts.name(of: interval)) }
        result.insert(texts.training.centsText(4))
        result.insert(texts.training.centsSharp(4))
        result.insert(texts.settingsPage.resetDone(3))
        return result
    }
}
