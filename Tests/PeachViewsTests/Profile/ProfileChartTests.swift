import Foundation
import PeachCore
import PeachFixtures
import Testing

@testable import PeachViews

@Suite("Profile chart")
struct ProfileChartTests {
    typealias F = ProfileFixtures

    func chart(
        _ profile: PerceptualProfile, _ range: NoteRange = .standard, _ language: Language = .english,
        _ size: ProfileChart.Size = .full
    ) -> String {
        ProfileChart(profile: profile, range: range, language: language, size: size).svg.html
    }

    @Test("empty: the keyboard, a faint placeholder band at 100 cents and the invitation to train")
    func empty() {
        let svg = chart(PerceptualProfile())
        assertSnapshot(svg, named: "profile-empty.svg")
        assertSnapshot(chart(PerceptualProfile(), .standard, .german), named: "profile-empty-de.svg")
        assertSnapshot(chart(PerceptualProfile(), .standard, .english, .small), named: "profile-empty-small.svg")
        #expect(svg.contains("class=\"profile-placeholder\""))
        #expect(svg.contains(">Start training to build your profile</text>"))
        #expect(!svg.contains("profile-band"))
        #expect(
            svg.contains(
                "aria-label=\"Perceptual profile showing detection thresholds from C2 to C6. Start training to build your profile.\""
            ))
    }

    @Test("one note: a line and band a white key wide at C4, labelled with its estimate and interval")
    func oneNote() throws {
        let svg = chart(F.oneNote)
        assertSnapshot(svg, named: "profile-one-note.svg")
        let estimate = try #require(F.oneNote.comparisonStatistics(.comparison).now(in: .standard))
        #expect(
            svg.contains(
                "aria-label=\"Perceptual profile showing detection thresholds from C2 to C6. Threshold: "
                    + Texts.english.spokenEstimate(estimate) + ".\""))
        #expect(svg.components(separatedBy: "<rect x=").count - 1 == 29 + 20)  // the keys; the band is a path
    }

    @Test("sparse: the band breaks at untrained notes only; a note with one answer has its band too")
    func sparse() {
        assertSnapshot(chart(F.sparse), named: "profile-sparse.svg")
        assertSnapshot(chart(F.sparse, .standard, .english, .small), named: "profile-sparse-small.svg")
        let trained = ProfileChart(profile: F.sparse, range: .standard, language: .english, size: .full).thresholds
        let runs = ProfileChart.runs(of: trained).map { $0.map(\.note.rawValue) }
        #expect(runs == [[40, 41, 42], [47], [50], [55, 56, 57], [70]])
        // B2 (47) and G#3 (56) have one answer each: their bands are wider than the interval of
        // all the answers now, which they borrow from.
        let now = F.sparse.comparisonStatistics(.comparison).now!
        let width = { (note: Int) in
            trained.first { $0.note.rawValue == note }.map {
                $0.interval.upperBound.value / $0.interval.lowerBound.value
            }
        }
        for note in [47, 56] { #expect(width(note)! > now.upper.value / now.lower.value, "\(note)") }
    }

    @Test("dense over four octaves: snapshot, and the full drawing stays under 30 KB")
    func dense() {
        let svg = chart(F.dense)
        assertSnapshot(svg, named: "profile-dense.svg")
        assertSnapshot(chart(F.dense, .standard, .german), named: "profile-dense-de.svg")
        assertSnapshot(chart(F.dense, .standard, .english, .small), named: "profile-dense-small.svg")
        #expect(svg.utf8.count < 30_000)
        let piano = chart(F.dense, F.range(21, 108))
        #expect(piano.utf8.count < 30_000)
    }

    @Test("extreme values: 0.1 and 100 cents sit on the axis bounds; beyond them they are clamped")
    func extreme() {
        let svg = chart(F.extreme)
        assertSnapshot(svg, named: "profile-extreme.svg")
        let scale = CentsScale(top: 12, bottom: 156)
        #expect(scale.y(100) == 12)
        #expect(scale.y(0.1) == 156)
        #expect(scale.y(150) == 12)
        #expect(scale.y(0) == 156)
        #expect(scale.y(-3) == 156)
        #expect(abs(scale.y(1) - 108) < 1e-9)
        #expect(abs(scale.y(10) - 60) < 1e-9)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }

    @Test("a sparkline's scale spans its values with a margin, at least a decade, within 0.1–100 cents")
    func spanningScale() {
        // Three months from 14 to 7 cents over the reference bands (2–20 cents): on the whole
        // axis a rise of a tenth of the height, on its own and the bands' a quarter.
        let weeks: [Cents] = [14.2, 12, 10.5, 9, 7.3]
        let bands: [Cents] = [2, 20]
        let scale = CentsScale.spanning(weeks + bands, top: 2, bottom: 38)
        let whole = CentsScale(top: 2, bottom: 38)
        #expect(scale.y(7.3) - scale.y(14.2) > 2.4 * (whole.y(7.3) - whole.y(14.2)))
        #expect(scale.y(7.3) - scale.y(14.2) > 36.0 / 5)
        for value in weeks + bands {
            #expect(scale.y(value) > 2 && scale.y(value) < 38, "\(value) inside, not on an edge")
        }
        // One week, or weeks of the same threshold: a decade around it, not a line on an edge.
        let one = CentsScale.spanning([5], top: 2, bottom: 38)
        #expect(abs(one.highest.value / one.lowest.value - 10) < 1e-9 && abs(one.y(5) - 20) < 1e-9)
        // At the chain's bounds and beyond: within 0.1–100, still a decade.
        let low = CentsScale.spanning([0.1, 0.12], top: 2, bottom: 38)
        #expect(low.lowest == 0.1 && low.highest.value >= 1 - 1e-9 && low.y(0.1) == 38)
        let high = CentsScale.spanning([100, 500], top: 2, bottom: 38)
        #expect(high.highest == 100 && high.lowest.value <= 10 + 1e-9 && high.y(500) == 2)
        let none = CentsScale.spanning([], top: 2, bottom: 38)
        #expect(none.lowest == CentsScale.minimum && none.highest == CentsScale.maximum)
    }

    @Test("a range change redraws the keyboard and drops notes outside the range")
    func rangeChange() {
        assertSnapshot(chart(F.sparse, F.range(48, 72)), named: "profile-range-C3-C5.svg")
        assertSnapshot(chart(F.sparse, F.range(21, 108)), named: "profile-range-piano.svg")
        assertSnapshot(chart(F.sparse, F.range(37, 61)), named: "profile-range-black-edges.svg")
        let narrow = ProfileChart(profile: F.sparse, range: F.range(48, 72), language: .english, size: .full)
        #expect(narrow.thresholds.map(\.note.rawValue) == [50, 55, 56, 57, 70])
        #expect(narrow.accessibleLabel.hasPrefix("Perceptual profile showing detection thresholds from C3 to C5."))
        let svg = chart(F.sparse, F.range(48, 72))
        #expect(svg.contains(">C3</text>") && svg.contains(">C5</text>") && !svg.contains(">C2</text>"))
    }

    @Test("the same profile renders the same bytes every time")
    func deterministic() {
        for profile in [PerceptualProfile(), F.oneNote, F.sparse, F.dense, F.extreme] {
            for language in Language.allCases {
                for size in [ProfileChart.Size.full, .small] {
                    #expect(chart(profile, .standard, language, size) == chart(profile, .standard, language, size))
                }
            }
        }
    }

    @Test("each note's line and band are the core's estimate now and its 95 % interval, borrowing from its neighbours")
    func numbersFromCore() throws {
        for profile in [F.oneNote, F.sparse, F.dense] {
            let chart = ProfileChart(profile: profile, range: .standard, language: .english, size: .full)
            let statistics = profile.comparisonStatistics(.comparison)
            let expected = statistics.nowNoteEstimates(in: .standard)
            #expect(chart.thresholds.map(\.note) == expected.map(\.note))
            #expect(chart.thresholds.map(\.centre) == expected.map(\.estimate.threshold))
            #expect(chart.thresholds.map(\.interval) == expected.map { $0.estimate.lower...$0.estimate.upper })
            #expect(chart.threshold == statistics.now(in: .standard))
        }
        // Drawn: the lone note's band spans its interval on the axis and a white key's width
        // around the note (the full drawing's plot runs from y 10 to 130, x 40 to 474).
        let note = try #require(
            ProfileChart(profile: F.oneNote, range: .standard, language: .english, size: .full).thresholds.first)
        let scale = CentsScale(top: 10, bottom: 130)
        let keyboard = KeyboardLayout(range: .standard, left: 40, right: 474)
        let (top, bottom) = (scale.y(note.interval.upperBound), scale.y(note.interval.lowerBound))
        let x = keyboard.centre(of: note.note)
        let (left, centre, right) = (x - keyboard.whiteKeyWidth / 2, x, x + keyboard.whiteKeyWidth / 2)
        let n = ProfileMarkup.number
        #expect(
            chart(F.oneNote).contains(
                "<path d=\"M\(n(left)) \(n(top))L\(n(centre)) \(n(top))H\(n(right))V\(n(bottom))L\(n(centre)) \(n(bottom))"
                    + "H\(n(left))Z\"/>"))
    }

    @Test("the keyboard shows the Comparison mode: interval comparisons alone leave it empty")
    func comparisonModeOnly() {
        let intervals = PerceptualProfile(records: [F.comparison(60, cents: 20, interval: .perfectFifthUp)])
        let chart = ProfileChart(profile: intervals, range: .standard, language: .english, size: .full)
        #expect(chart.thresholds.isEmpty && chart.threshold == nil)
        #expect(chart.svg.html.contains("class=\"profile-placeholder\""))
    }

    @Test("the preview is announced by its name and the threshold, in English and German")
    func previewLabel() {
        func label(_ profile: PerceptualProfile, _ language: Language) -> String {
            ProfileChart(profile: profile, range: .standard, language: language, size: .small).accessibleLabel
        }
        #expect(
            label(PerceptualProfile(), .english)
                == "Your pitch profile. Start training to build your profile. Tap to view details.")
        let estimate = F.oneNote.comparisonStatistics(.comparison).now(in: .standard)!
        #expect(
            label(F.oneNote, .english)
                == "Your pitch profile. Threshold: \(Texts.english.spokenEstimate(estimate)). "
                + "Your profile fills in as you train. Tap to view details.")
        let dense = F.dense.comparisonStatistics(.comparison).now(in: .standard)!
        #expect(
            label(F.dense, .english)
                == "Your pitch profile. Threshold: \(Texts.english.spokenEstimate(dense)). Tap to view details.")
        #expect(
            label(PerceptualProfile(), .german)
                == "Dein Tonhöhenprofil. Beginne mit dem Training, um dein Profil aufzubauen. Tippe, um die Details zu sehen."
        )
        #expect(
            label(F.oneNote, .german)
                == "Dein Tonhöhenprofil. Schwelle: \(Texts.german.spokenEstimate(estimate)). "
                + "Dein Profil füllt sich, während du trainierst. Tippe, um die Details zu sehen.")
        let small = chart(F.oneNote, .standard, .english, .small)
        #expect(!small.contains("<text"))
    }

    @Test("the preview with little data: a quiet track over the plot, columns a white key wide, and a caption")
    func previewWithLittleData() {
        func preview(_ profile: PerceptualProfile) -> ProfileChart {
            ProfileChart(profile: profile, range: .standard, language: .english, size: .small)
        }
        let small = preview(F.oneNote).svg.html
        assertSnapshot(small, named: "profile-one-note-small.svg")
        // The track covers the whole plot (x 1 to 319, y 3 to 40), under the band.
        let track =
            "<rect class=\"profile-track\" fill=\"#4a90e2\" fill-opacity=\"0.06\" x=\"1\" y=\"3\" width=\"318\" height=\"37\"/>"
        #expect(small.contains(track))
        #expect(small.range(of: track)!.lowerBound < small.range(of: "profile-band")!.lowerBound)
        #expect(preview(PerceptualProfile()).svg.html.contains(track))
        #expect(preview(F.dense).svg.html.contains(track))
        // The caption: the invitation to train, then that the picture fills in, until every
        // note of the range has answers; the Profile page's drawing has none.
        #expect(preview(PerceptualProfile()).caption == "Start training to build your profile")
        #expect(preview(F.oneNote).caption == "Your profile fills in as you train")
        #expect(preview(F.sparse).caption == "Your profile fills in as you train")
        #expect(preview(F.dense).caption == nil)
        #expect(
            ProfileChart(profile: F.sparse, range: .standard, language: .german, size: .small).caption
                == "Dein Profil füllt sich, während du trainierst")
        #expect(ProfileChart(profile: F.oneNote, range: .standard, language: .english, size: .full).caption == nil)
        // The full drawing keeps its gridlines and has no track.
        #expect(!chart(F.oneNote).contains("profile-track"))
    }

    @Test("no inline styles: the SVG works under a CSP without 'unsafe-inline'")
    func noInlineStyles() {
        for svg in [chart(F.dense), chart(PerceptualProfile()), chart(F.dense, .standard, .english, .small)] {
            #expect(!svg.contains("style"))
        }
    }

    @Test("the keyboard lays out white and black keys as on a piano")
    func keyboard() {
        let layout = KeyboardLayout(range: .standard, left: 0, right: 290)  // C2–C6: 29 white keys
        #expect(abs(layout.whiteKeyWidth - 10) < 1e-9)
        #expect(abs(layout.x(of: F.note(36)) - 0) < 1e-9)  // C2
        #expect(abs(layout.x(of: F.note(38)) - 10) < 1e-9)  // D2
        #expect(abs(layout.centre(of: F.note(37)) - 10) < 1e-9)  // C#2 on the C–D border
        #expect(abs(layout.width(of: F.note(37)) - 6) < 1e-9)
        #expect(abs(layout.x(of: F.note(41)) - 30) < 1e-9)  // F2 right after E2
        #expect(abs(layout.centre(of: F.note(42)) - 40) < 1e-9)  // F#2 on the F–G border
        #expect(abs(layout.x(of: F.note(84)) + layout.width(of: F.note(84)) - 290) < 1e-9)  // C6 ends the keyboard
        let blackEdges = KeyboardLayout(range: F.range(37, 61), left: 0, right: 100)
        #expect(abs(blackEdges.x(of: F.note(37))) < 1e-9)
        #expect(abs(blackEdges.x(of: F.note(61)) + blackEdges.width(of: F.note(61)) - 100) < 1e-9)
    }
}
