import PeachCore

/// How the rhythm estimates are written (docs/rhythm.md): in percent of a sixteenth with one
/// decimal, as `Texts+ProfileFormatting` writes cents, with their 95 % intervals; "—" without one.
extension Texts {
    /// "4.8 % (3.9–6.1 %), 3.6 ms".
    public func threshold(_ estimate: RhythmThresholdEstimate?) -> String {
        guard let estimate else { return noData }
        return rhythmProfile.threshold(
            decimal(estimate.threshold), decimal(estimate.lower), decimal(estimate.upper),
            decimal(estimate.thresholdMs))
    }

    /// "+2.1 % (−0.4 to +4.6 %): neither early nor late": the bias, its interval and its leaning.
    public func bias(_ estimate: ContinuousRhythmMatchingEstimate?) -> String {
        guard let estimate else { return noData }
        let interval = estimate.biasInterval.map {
            " " + rhythmProfile.signedInterval(signedDecimal($0.lowerBound), signedDecimal($0.upperBound))
        }
        return signedDecimal(estimate.bias) + " %" + (interval ?? "") + ": " + rhythmProfile.leaning(estimate.leaning)
    }

    /// "3.2 % (2.4–4.9 %)": the spread and its interval; "—" with a single trial.
    public func spread(_ estimate: ContinuousRhythmMatchingEstimate?) -> String {
        guard let value = estimate?.spread else { return noData }
        let interval = estimate?.spreadInterval.map {
            " " + rhythmProfile.interval(decimal($0.lowerBound), decimal($0.upperBound))
        }
        return decimal(value) + " %" + (interval ?? "")
    }

    /// Compare Timing's thresholds per tempo band and direction answered, then Fill the Gap's
    /// bias and spread per band trained, each under its heading and explanation: the lines that
    /// `peach stats` writes.
    public func rhythmLines(_ profile: PerceptualProfile) -> [String] {
        let texts = rhythmProfile
        let detection = profile.rhythmOffsetDetection
        var lines = ["", texts.thresholdHeading + ". " + texts.thresholdExplanation]
        if detection.count == 0 { lines.append(name(of: .rhythmOffsetDetection) + ": " + noData) }
        for band in TempoBand.all {
            for direction in TimingDirection.allCases where detection.count(band, direction) > 0 {
                lines.append(
                    texts.thresholdRow(
                        band.description, texts.direction(direction), threshold(detection.now(band, direction)),
                        threshold(detection.allTime(band, direction)),
                        self.profile.answerCount(detection.count(band, direction))))
            }
        }
        let trials = profile.continuousRhythmMatching
        lines += ["", texts.accuracyHeading + ". " + texts.accuracyExplanation]
        if trials.count == 0 { lines.append(name(of: .continuousRhythmMatching) + ": " + noData) }
        for band in TempoBand.all where trials.count(band) > 0 {
            lines.append(
                texts.accuracyRow(
                    band.description, bias(trials.now(band)), spread(trials.now(band)), bias(trials.allTime(band)),
                    spread(trials.allTime(band)), texts.trialCount(trials.count(band))))
        }
        return lines
    }
}
