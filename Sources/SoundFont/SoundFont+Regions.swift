extension SoundFont {
    /// Every region `preset` can play, in file order: each instrument zone of each of its preset
    /// zones' instruments whose key and velocity ranges meet the preset zone's.
    ///
    /// SoundFont 2.04 §9.4: an instrument's global zone gives defaults that its local zones
    /// replace ("set"); a preset's generators, global replaced by local likewise, are then added
    /// to the instrument's ("add"), except the instrument-only ones (§8.1.2), which a preset zone
    /// cannot change. Key and velocity ranges of all four zones intersect.
    ///
    /// - Complexity: O(preset zones × instrument zones).
    public func regions(of preset: Preset) -> [Region] {
        let presetGlobal = preset.zones.first { $0.isGlobal }
        var regions: [Region] = []
        for presetZone in preset.zones {
            guard let instrumentIndex = presetZone.linkedIndex, instruments.indices.contains(instrumentIndex) else {
                continue
            }
            let presetGenerators = (presetGlobal?.generators ?? [:]).merging(presetZone.generators) { $1 }
            let instrument = instruments[instrumentIndex]
            let instrumentGlobal = instrument.zones.first { $0.isGlobal }
            for instrumentZone in instrument.zones {
                guard let sampleIndex = instrumentZone.linkedIndex, samples.indices.contains(sampleIndex),
                    let keys = intersection(
                        [
                            presetGlobal?.keyRange, presetZone.keyRange, instrumentGlobal?.keyRange,
                            instrumentZone.keyRange,
                        ]),
                    let velocities = intersection(
                        [
                            presetGlobal?.velocityRange, presetZone.velocityRange, instrumentGlobal?.velocityRange,
                            instrumentZone.velocityRange,
                        ])
                else { continue }
                let instrumentGenerators = (instrumentGlobal?.generators ?? [:]).merging(instrumentZone.generators) {
                    $1
                }
                func value(_ kind: GeneratorKind, default defaultValue: Int = 0) -> Int {
                    let set = instrumentGenerators[kind].map(Int.init) ?? defaultValue
                    guard !kind.isInstrumentOnly else { return set }
                    return set + (presetGenerators[kind].map(Int.init) ?? 0)
                }
                let sample = samples[sampleIndex]
                let overridingRootKey = value(.overridingRootKey, default: -1)
                // SF3 loop points are already relative to the sample (MuseScore's writer rewrites
                // them); SF2 ones are absolute frames of `smpl`.
                let loopBase = sample.isOggVorbis ? 0 : sample.start
                regions.append(
                    Region(
                        keyRange: keys, velocityRange: velocities, instrumentIndex: instrumentIndex,
                        sampleIndex: sampleIndex, sample: sample,
                        rootKey: overridingRootKey >= 0 ? overridingRootKey : sample.originalPitch,
                        coarseTune: value(.coarseTune), fineTune: value(.fineTune),
                        sampleModes: value(.sampleModes),
                        loopStart: sample.loopStart - loopBase + value(.loopStartAddressOffset) + 32768
                            * value(.loopStartAddressCoarseOffset),
                        loopEnd: sample.loopEnd - loopBase + value(.loopEndAddressOffset) + 32768
                            * value(.loopEndAddressCoarseOffset),
                        startOffset: value(.startAddressOffset) + 32768 * value(.startAddressCoarseOffset),
                        endOffset: value(.endAddressOffset) + 32768 * value(.endAddressCoarseOffset),
                        initialAttenuation: value(.initialAttenuation)))
            }
        }
        return regions
    }

    /// The regions of `preset` that play `key` at `velocity`, in file order (several when the
    /// preset layers instruments).
    public func regions(of preset: Preset, key: Int, velocity: Int) -> [Region] {
        regions(of: preset).filter { $0.keyRange.contains(key) && $0.velocityRange.contains(velocity) }
    }

    /// Every region instrument `index` plays on its own, in file order: what a preset with one
    /// plain zone on it plays, so its generators are the instrument's alone. Empty for an index
    /// the file does not have.
    public func regions(ofInstrumentAt index: Int) -> [Region] {
        regions(of: Preset(name: "", bank: 0, program: 0, zones: [Zone(linkedIndex: index)]))
    }

    /// The ranges' common part, or nil if they do not meet; absent (nil) ranges do not restrict.
    private func intersection(_ ranges: [ClosedRange<Int>?]) -> ClosedRange<Int>? {
        var low = Int.min
        var high = Int.max
        for case let range? in ranges {
            low = max(low, range.lowerBound)
            high = min(high, range.upperBound)
        }
        return low <= high ? low...high : nil
    }
}
