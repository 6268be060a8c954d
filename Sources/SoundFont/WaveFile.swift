/// The RIFF WAVE file format, as far as Peach writes it: the canonical 44-byte header of a PCM
/// file (`RIFF`/`WAVE`, a 16-byte `fmt ` chunk, one `data` chunk), then the frames.
enum WaveFile {
    /// A 16-bit mono PCM WAV of `samples` (finite values in [−1, 1], clamped, rounded to 1/32768).
    ///
    /// - Complexity: O(samples.count); the file is 44 + 2 × samples.count bytes.
    static func pcm16Mono<Samples: Collection<Float>>(_ samples: Samples, sampleRate: Int) -> [UInt8] {
        let dataSize = 2 * samples.count
        var bytes: [UInt8] = []
        bytes.reserveCapacity(44 + dataSize)
        func append(_ text: String) { bytes.append(contentsOf: text.utf8) }
        func append32(_ value: Int) {
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
        }
        func append16(_ value: Int) {
            withUnsafeBytes(of: UInt16(truncatingIfNeeded: value).littleEndian) { bytes.append(contentsOf: $0) }
        }
        append("RIFF")
        append32(36 + dataSize)
        append("WAVE")
        append("fmt ")
        append32(16)
        append16(1)  // PCM
        append16(1)  // mono
        append32(sampleRate)
        append32(2 * sampleRate)  // bytes per second
        append16(2)  // bytes per frame
        append16(16)  // bits per sample
        append("data")
        append32(dataSize)
        for sample in samples {
            let value = Int16(max(-32768, min(32767, (sample * 32768).rounded())))
            append16(Int(value))
        }
        return bytes
    }
}
