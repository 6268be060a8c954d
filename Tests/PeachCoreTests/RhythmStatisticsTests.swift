import PeachCore
import Testing

@Suite("Rhythm statistics in the profile")
struct RhythmStatisticsTests {
    static func time(_ second: Int) -> Timestamp {
        Timestamp(millisecondsSince1970: 1_767_225_600_000 + Int64(second) * 1_000)
    }

    @Test("tempo bands of 20 BPM from 40, and 160–200 as one")
    func bands() {
        #expect(
            TempoBand.all.map { $0.description } == [
                "40–59 BPM", "60–79 BPM", "80–99 BPM", "100–119 BPM", "120–139 BPM", "140–159 BPM", "160–200 BPM",
            ])
        for tempo in TempoBPM.recordable {
            let band = TempoBand(TempoBPM(tempo)!)
            #expect(band.tempos.contains(tempo))
        }
        #expect(TempoBand.all.map { $0.middle.value } == [49, 69, 89, 109, 129, 149, 180])
    }

    @Test("Compare Timing: each band and direction its own threshold, in percent of a sixteenth at the records' tempos")
    func tracks() throws {
        var profile = PerceptualProfile()
        var generator = SeededRandomNumberGenerator(seed: 2)
        // At 70 and 75 BPM (one band): early answers right at 10 %, wrong at 2 %; late answers likewise but
        // coarser: right at 20 %, wrong at 5 %.
        for index in 0..<200 {
            let tempo = TempoBPM(index % 2 == 0 ? 70 : 75)!
            let early = index % 4 < 2
            let wide = Bool.random(using: &generator)
            let percent = early ? (wide ? 10.0 : 2.0) : (wide ? 20.0 : 5.0)
            profile.add(
                .rhythmOffsetDetection(
                    RhythmOffsetDetectionRecord(
                        timestamp: Self.time(index), tempo: tempo,
                        offsetMs: (early ? -1 : 1) * tempo.milliseconds(percentOfSixteenth: percent), isCorrect: wide)))
        }
        let band = TempoBand(TempoBPM(70)!)
        let statistics = profile.rhythmOffsetDetection
        #expect(profile.rhythmOffsetDetectionCount == 200)
        #expect(statistics.count(band, .early) == 100 && statistics.count(band, .late) == 100)
        let early = try #require(statistics.allTime(band, .early))
        let late = try #require(statistics.allTime(band, .late))
        #expect(early.lower.value > 2 && early.upper.value < 10, "\(early)")
        #expect(late.lower.value > 5 && late.upper.value < 20, "\(late)")
        #expect(early.lower <= early.threshold && early.threshold <= early.upper)
        #expect(early.answers == 100)
        // In ms at the band's middle tempo, 69 BPM.
        #expect(abs(early.thresholdMs - early.threshold.value / 100 * 15_000 / 69) < 1e-9)
        // Fewer than 200 answers: now is every answer.
        #expect(statistics.now(band, .early) == early)
        for other in TempoBand.all where other != band {
            #expect(statistics.allTime(other, .early) == nil && statistics.now(other, .late) == nil)
        }
    }

    @Test("now is the track's latest 200 answers by timestamp: a listener who improved reads finer now than all time")
    func now() throws {
        var statistics = RhythmOffsetDetectionStatistics()
        let tempo = TempoBPM(120)!
        // 300 answers of a coarse listener (right at 16 %, wrong at 8 %), then 200 of a fine one (right at 4 %,
        // wrong at 2 %); given out of order, as a late sync does.
        var records: [RhythmOffsetDetectionRecord] = []
        for index in 0..<500 {
            let correct = index % 3 != 0
            let percent = index < 300 ? (correct ? 16.0 : 8.0) : (correct ? 4.0 : 2.0)
            records.append(
                RhythmOffsetDetectionRecord(
                    timestamp: Self.time(index), tempo: tempo,
                    offsetMs: -tempo.milliseconds(percentOfSixteenth: percent),
                    isCorrect: correct))
        }
        for record in records.reversed() { statistics.add(record) }
        let band = TempoBand(tempo)
        let now = try #require(statistics.now(band, .early))
        let allTime = try #require(statistics.allTime(band, .early))
        #expect(now.answers == 200 && allTime.answers == 500)
        #expect(now.upper.value < 4 && now.lower.value > 2, "\(now)")
        #expect(allTime.threshold.value > 2 * now.threshold.value, "\(allTime) \(now)")
        // The chain continues from the latest answer by timestamp, whatever the order of arrival.
        // The latest, answer 499, was right at 4 %.
        #expect(statistics.latest(band, .early) == .init(offset: 4, wasCorrect: true))
    }

    @Test(
        "Fill the Gap: bias and spread of the trials' means in percent, per band and gap position, with 95 % intervals")
    func fillTheGap() throws {
        var profile = PerceptualProfile()
        // 100 BPM: a sixteenth is 150 ms, so 3 ms is 2 %. Trials of mean −3, −6, −9 ms (−2, −4, −6 %), position 1
        // (step 0) at −3, position 3 (step 2) at −9 ms.
        for (index, mean) in [-3.0, -6, -9].enumerated() {
            profile.add(
                .continuousRhythmMatching(
                    ContinuousRhythmMatchingRecord(
                        timestamp: Self.time(index), tempo: TempoBPM(100)!, meanOffsetMs: mean,
                        positionMeanOffsetsMs: [-3, nil, -9, nil], hitCount: 16)))
        }
        let band = TempoBand(TempoBPM(100)!)
        let statistics = profile.continuousRhythmMatching
        #expect(profile.continuousRhythmMatchingCount == 3)
        let all = try #require(statistics.allTime(band))
        #expect(abs(all.bias.value + 4) < 1e-12 && all.trials == 3)
        #expect(abs((all.spread?.value ?? 0) - 2) < 1e-12)
        // Student's t with 2 degrees of freedom: 4 ± 4.303 · 2/√3.
        let half = 4.302652729911275 * 2 / 3.0.squareRoot()
        let interval = try #require(all.biasInterval)
        #expect(
            abs(interval.lowerBound.value - (-4 - half)) < 1e-6 && abs(interval.upperBound.value - (-4 + half)) < 1e-6)
        #expect(all.leaning == nil)  // the interval reaches above zero
        let first = try #require(statistics.allTime(band, position: 0))
        #expect(abs(first.bias.value + 2) < 1e-12 && first.trials == 3 && first.spread == 0)
        #expect(statistics.allTime(band, position: 1) == nil)
        #expect(statistics.allTime(band, position: 2).map { abs($0.bias.value + 6) < 1e-12 } == true)
        #expect(statistics.now(band) == all)
        #expect(statistics.allTime(TempoBand(TempoBPM(60)!)) == nil)
    }

    @Test("Fill the Gap's now is the band's latest 50 trials; a single trial has no interval")
    func fillTheGapNow() throws {
        var statistics = ContinuousRhythmMatchingStatistics()
        let tempo = TempoBPM(160)!
        for index in 0..<80 {
            // 30 trials 6 ms late, then 50 alternating 1 and 3 ms early.
            let mean = index < 30 ? 6.0 : index % 2 == 0 ? -1 : -3
            statistics.add(
                ContinuousRhythmMatchingRecord(
                    timestamp: Self.time(index), tempo: tempo, meanOffsetMs: mean,
                    positionMeanOffsetsMs: [nil, mean, nil, nil], hitCount: 10))
        }
        let band = TempoBand(tempo)
        let now = try #require(statistics.now(band))
        // 160 BPM: a sixteenth is 93.75 ms; −2 ms is −2.133 %.
        #expect(now.trials == 50 && abs(now.bias.value + 2 / 0.9375) < 1e-9)
        #expect(now.leaning == .early)
        #expect(statistics.allTime(band)?.trials == 80)
        #expect(statistics.now(band, position: 1) == now)

        var single = ContinuousRhythmMatchingStatistics()
        single.add(
            ContinuousRhythmMatchingRecord(
                timestamp: Self.time(0), tempo: tempo, meanOffsetMs: 3, positionMeanOffsetsMs: [3, nil, nil, nil],
                hitCount: 1))
        let one = try #require(single.allTime(band))
        #expect(one.biasInterval == nil && one.spread == nil && one.leaning == nil)
    }

    @Test("the statistics are the same whatever the order the records arrive in")
    func orderFree() {
        var generator = SeededRandomNumberGenerator(seed: 11)
        var records: [TrainingRecord] = []
        for index in 0..<600 {
            let tempo = TempoBPM(generator.integer(in: 40...200))!
            let bound = tempo.offsetBoundMs
            if index % 3 == 0 {
                records.append(
                    .continuousRhythmMatching(
                        ContinuousRhythmMatchingRecord(
                            timestamp: Self.time(index), tempo: tempo,
                            meanOffsetMs: Double.random(in: -bound...bound, using: &generator),
                            positionMeanOffsetsMs: [
                                nil, Double.random(in: -bound...bound, using: &generator), nil, nil,
                            ],
                            hitCount: 5)))
            } else {
                records.append(
                    .rhythmOffsetDetection(
                        RhythmOffsetDetectionRecord(
                            timestamp: Self.time(index), tempo: tempo,
                            offsetMs: Double.random(in: 0.1...bound, using: &generator)
                                * (Bool.random(using: &generator) ? 1 : -1),
                            isCorrect: Bool.random(using: &generator))))
            }
        }
        let forward = PerceptualProfile(records: records)
        let backward = PerceptualProfile(records: records.reversed())
        #expect(forward.rhythmOffsetDetection.tracks == backward.rhythmOffsetDetection.tracks)
        #expect(forward.rhythmOffsetDetection.recent == backward.rhythmOffsetDetection.recent)
        #expect(forward.rhythmOffsetDetection.latestStates == backward.rhythmOffsetDetection.latestStates)
        for band in TempoBand.all {
            #expect(forward.continuousRhythmMatching.now(band) == backward.continuousRhythmMatching.now(band))
            let (a, b) = (
                forward.continuousRhythmMatching.allTime(band), backward.continuousRhythmMatching.allTime(band)
            )
            #expect(a?.trials == b?.trials)
            #expect(abs((a?.bias.value ?? 0) - (b?.bias.value ?? 0)) < 1e-9)
        }
    }

    @Test("the typical threshold of Friberg & Sundberg: 2.5 % of a sixteenth up to 62.5 BPM, then 6 ms")
    func reference() {
        #expect(RhythmReferenceThresholds.typical(at: TempoBPM(40)!) == 2.5)
        #expect(RhythmReferenceThresholds.typical(at: TempoBPM(62)!) == 2.5)
        #expect(abs(RhythmReferenceThresholds.typical(at: TempoBPM(120)!).value - 4.8) < 1e-12)
        #expect(abs(RhythmReferenceThresholds.typical(at: TempoBPM(200)!).value - 8) < 1e-12)
    }
}
