import PeachCore

extension SoundFont {
    /// The zones of preset `bank`/`program` at `velocity` covering `keys`: non-overlapping,
    /// sorted by `keyLow`, each keyed to one sample (docs/sounds.md, "The pipeline", step 2).
    ///
    /// Each key in `keys` is played by the first region in file order that covers it (a layered
    /// preset plays only its first layer); a run of neighbouring keys played by one region is one
    /// zone. Keys no region covers are left out. Each zone's sample is decoded, cut to the
    /// region's start and end offsets, and cut again 8 frames after the loop end (SoundFont 2.04
    /// §7.10 asks for 8 valid frames there, for interpolation; the browser never reads further).
    ///
    /// The gain is `min(0.35 / rms, 1 / peak)`, with the RMS over the loop (over the whole
    /// sample without one) and the peak over the whole zone: every note is equally loud, so
    /// loudness is never a cue to pitch except Peach's deliberate loudness offset, and no zone
    /// clips. The preset's own attenuation is left out for the same reason.
    ///
    /// - Complexity: O(keys + regions + decoded frames); each sample is decoded once.
    public func prepareZones(bank: Int, program: Int, keys: ClosedRange<Int>, velocity: Int)
        throws(SoundFontError) -> [PreparedZone]
    {
        guard let preset = preset(bank: bank, program: program) else {
            throw .noSuchPreset(bank: bank, program: program)
        }
        let regions = regions(of: preset).filter { $0.velocityRange.contains(velocity) && $0.keyRange.overlaps(keys) }
        var runs: [(region: Int, keys: ClosedRange<Int>)] = []
        // MIDI keys only: a SoundFont plays nothing outside 0…127.
        guard keys.overlaps(0...127) else { return [] }
        for key in keys.clamped(to: 0...127) {
            guard let region = regions.firstIndex(where: { $0.keyRange.contains(key) }) else { continue }
            if let last = runs.last, last.region == region, last.keys.upperBound == key - 1 {
                runs[runs.count - 1].keys = last.keys.lowerBound...key
            } else {
                runs.append((region, key...key))
            }
        }
        var decoded: [Int: [Float]] = [:]
        var zones: [PreparedZone] = []
        for run in runs {
            let region = regions[run.region]
            if decoded[region.sampleIndex] == nil {
                decoded[region.sampleIndex] = try decodeSample(at: region.sampleIndex)
            }
            zones.append(try Self.zone(region, keys: run.keys, frames: decoded[region.sampleIndex] ?? []))
        }
        return zones
    }

    private static func zone(_ region: Region, keys: ClosedRange<Int>, frames all: [Float]) throws(SoundFontError)
        -> PreparedZone
    {
        let name = region.sample.name
        let start = region.startOffset
        let end = all.count + region.endOffset
        guard 0 <= start, start < end, end <= all.count else {
            throw .undecodableSample(
                name: name, reason: "the zone's offsets cut its \(all.count) frames to [\(start), \(end))")
        }
        var frames = all[start..<end]
        var loop: Range<Int>?
        if region.loops {
            let loopStart = region.loopStart - start
            let loopEnd = region.loopEnd - start
            guard 0 <= loopStart, loopStart < loopEnd, loopEnd <= frames.count else {
                throw .undecodableSample(
                    name: name, reason: "its loop [\(loopStart), \(loopEnd)) lies outside its \(frames.count) frames")
            }
            frames = frames.prefix(loopEnd + 8)
            loop = loopStart..<loopEnd
        }
        let declared = Frequency.concertA.shifted(by: Cents(region.pitchCents - 6900))
        let tuning = ZoneTuning(
            frames: frames, loop: loop, sampleRate: region.sample.sampleRate, nominalHertz: declared.hertz)
        let tuned = tuning?.frames ?? Array(frames)
        if let tuning { loop = tuning.loop }
        let pitchCents = tuning.flatMap { try? Frequency(hertz: $0.pitch.hertz) }.map {
            6900 + $0.cents(from: .concertA).value
        }
        let measured = loop.map { tuned[$0] } ?? tuned[...]
        let sumOfSquares = measured.reduce(0.0) { $0 + Double($1) * Double($1) }
        let rms = measured.isEmpty ? 0 : (sumOfSquares / Double(measured.count)).squareRoot()
        let peak = tuned.reduce(0.0) { max($0, Double(abs($1))) }
        // A silent zone keeps gain 1: there is no loudness to bring anywhere.
        let gain = peak > 0 ? min(rms > 0 ? 0.35 / rms : .infinity, 1 / peak) : 1
        let flac: [UInt8]
        do {
            flac = try FLACFile.encode(tuned[...], sampleRate: region.sample.sampleRate)
        } catch {
            guard case .unencodable(let reason) = error else { throw error }
            throw .unencodable("sample '\(name)' for keys \(keys.lowerBound)–\(keys.upperBound): \(reason)")
        }
        return PreparedZone(
            keyLow: keys.lowerBound, keyHigh: keys.upperBound, pitchCents: pitchCents ?? region.pitchCents,
            declaredPitchCents: region.pitchCents, measuredPitch: tuning?.pitch, loopPitch: tuning?.loopPitch,
            sourceLoopLength: tuning?.sourceLoopLength, sampleRate: region.sample.sampleRate, frames: tuned.count,
            loopStart: loop?.lowerBound, loopEnd: loop?.upperBound, gain: gain, flac: flac)
    }
}
