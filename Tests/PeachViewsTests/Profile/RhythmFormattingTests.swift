import PeachCore
import Testing

@testable import PeachViews

@Suite("Rhythm estimates in words, English and German")
struct RhythmFormattingTests {
    @Test("a threshold in percent of a sixteenth with its interval and in ms at the band's middle tempo")
    func threshold() throws {
        let band = TempoBand(try #require(TempoBPM(125)))
        let estimate = RhythmThresholdEstimate(threshold: 4.84, lower: 3.86, upper: 6.12, answers: 40, band: band)
        // 120–139 BPM is written at 130 BPM, where a sixteenth is 115.4 ms: 4.84 % of it is 5.6 ms.
        #expect(Texts.english.threshold(estimate) == "4.8 % (3.9–6.1 %), 5.6 ms")
        #expect(Texts.german.threshold(estimate) == "4,8 % (3,9–6,1 %), 5,6 ms")
        #expect(Texts.english.threshold(nil) == "—")
    }

    @Test("Fill the Gap's bias with its interval and leaning, and its spread, per band, as peach stats writes them")
    func accuracy() throws {
        let tempo = try #require(TempoBPM(120))
        let start: Int64 = 1_767_225_600_000
        // At 120 BPM a sixteenth is 125 ms: −5 and −3 ms are −4.0 and −2.4 %.
        let profile = PerceptualProfile(
            records: [-5.0, -3.0].enumerated().map { index, offset in
                .continuousRhythmMatching(
                    ContinuousRhythmMatchingRecord(
                        timestamp: Timestamp(millisecondsSince1970: start + Int64(index) * 60_000), tempo: tempo,
                        meanOffsetMs: offset, positionMeanOffsetsMs: [nil, offset, nil, nil], hitCount: 16))
            })
        let english = Texts.english.rhythmLines(profile)
        #expect(english.contains("Compare Timing: —"))
        let row = try #require(english.first { $0.hasPrefix("120–139 BPM") })
        // Two trials: mean −3.2 %, standard deviation 1.13 %; t(0.975, 1) = 12.706 gives ±10.2.
        #expect(
            row.hasPrefix("120–139 BPM: bias now −3.2 % (−13.4 to +7.0 %): neither early nor late; spread now 1.1 % ("))
        #expect(row.hasSuffix("; 2 trials"))
        let german = Texts.german.rhythmLines(profile)
        #expect(german.contains("Timing vergleichen: —"))
        let zeile = try #require(german.first { $0.hasPrefix("120–139 BPM") })
        #expect(
            zeile.hasPrefix(
                "120–139 BPM: Abweichung jetzt −3,2 % (−13,4 bis +7,0 %): weder früh noch spät; Streuung jetzt 1,1 % (")
        )
        #expect(zeile.hasSuffix("; 2 Durchgänge"))
    }
}
