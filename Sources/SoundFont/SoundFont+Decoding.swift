extension SoundFont {
    /// Sample `index`'s frames as values in [−1, 1]: its Ogg Vorbis stream decoded (SF3), or its
    /// 16-bit PCM frames read (SF2). A sample whose data lies outside `smpl` or does not decode
    /// is a `SoundFontError`.
    ///
    /// - Complexity: O(frames); decoding FluidR3Mono's samples runs at hundreds of times real time.
    public func decodeSample(at index: Int) throws(SoundFontError) -> [Float] {
        guard samples.indices.contains(index) else {
            throw .malformed("there is no sample \(index); the file has \(samples.count)")
        }
        let sample = samples[index]
        guard !sample.isROM else {
            throw .undecodableSample(name: sample.name, reason: "its data is in a synthesizer's ROM, not in the file")
        }
        // SF3: byte offsets of the Ogg stream; SF2: offsets of 16-bit frames.
        let bytesPerUnit = sample.isOggVorbis ? 1 : 2
        guard sample.start <= sample.end, sample.end <= sampleData.count / bytesPerUnit else {
            throw .undecodableSample(
                name: sample.name,
                reason: "its data [\(sample.start), \(sample.end)) lies outside the smpl chunk's "
                    + "\(sampleData.count / bytesPerUnit) \(sample.isOggVorbis ? "bytes" : "frames")")
        }
        let base = sampleData.range.lowerBound
        let file = sampleData.file
        return try withExtendedLifetime(file) { () throws(SoundFontError) in
            let data = UnsafeRawBufferPointer(
                rebasing: file.buffer[(base + sample.start * bytesPerUnit)..<(base + sample.end * bytesPerUnit)])
            if sample.isOggVorbis { return try OggVorbisDecoder.decode(data, sampleName: sample.name) }
            return stride(from: 0, to: data.count - 1, by: 2).map { offset in
                Float(Int16(bitPattern: UInt16(data[offset]) | UInt16(data[offset + 1]) << 8)) / 32768
            }
        }
    }
}
