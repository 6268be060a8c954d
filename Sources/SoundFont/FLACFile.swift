import CFLAC

/// The FLAC files Peach writes for the prepared sounds: 16-bit mono, encoded in memory by
/// Debian's libFLAC at compression level 8.
///
/// Why FLAC: it is lossless, so the decoded frames are exactly the 16-bit frames Peach prepared
/// and the loop points stay sample-exact (a lossy codec would smear the loop seam and shift
/// frames by its encoder delay); it takes about half the bytes of a WAV (FluidR3Mono's piano over
/// keys 36–84: 1.02 MB instead of 2.45 MB), which matters because the browser downloads every
/// zone of the instrument; and `decodeAudioData` decodes it in every current browser, Safari on
/// iOS 11 and later included. The browser decodes it with an `OfflineAudioContext` at the file's
/// own sample rate, so nothing is resampled on the way to the `AudioBuffer`.
enum FLACFile {
    /// A FLAC file of `samples` (finite values in [−1, 1], clamped, rounded to 1/32768 as 16-bit
    /// PCM), mono at `sampleRate`.
    ///
    /// The encoder writes to memory and has no seek callback, so it cannot go back to the
    /// STREAMINFO block when it finishes: the total number of frames is set beforehand (exact,
    /// not an estimate), while the MD5 signature of the audio stays zero, which FLAC defines as
    /// "unknown" (decoders then skip the check), and the minimum and maximum frame sizes stay 0,
    /// "unknown" too.
    ///
    /// - Throws: `SoundFontError.unencodable` for no samples (no browser can make a buffer of
    ///   zero frames), a sample rate FLAC cannot hold, or any failure of the encoder.
    /// - Complexity: O(samples.count).
    static func encode<Samples: Collection<Float>>(_ samples: Samples, sampleRate: Int) throws(SoundFontError)
        -> [UInt8]
    {
        guard !samples.isEmpty else { throw .unencodable("there are no frames to encode") }
        // 1…655,350 Hz: what a streamable ("subset") FLAC's frame headers can state; libFLAC
        // refuses more at init, but the conversion to UInt32 must not trap first.
        guard (1...655_350).contains(sampleRate) else {
            throw .unencodable("the sample rate \(sampleRate) Hz is outside FLAC's 1…655,350 Hz")
        }
        guard let encoder = FLAC__stream_encoder_new() else {
            throw .unencodable("libFLAC could not allocate an encoder")
        }
        defer { FLAC__stream_encoder_delete(encoder) }
        let configured =
            FLAC__stream_encoder_set_channels(encoder, 1) != 0
            && FLAC__stream_encoder_set_bits_per_sample(encoder, 16) != 0
            && FLAC__stream_encoder_set_sample_rate(encoder, UInt32(sampleRate)) != 0
            && FLAC__stream_encoder_set_compression_level(encoder, 8) != 0
            && FLAC__stream_encoder_set_total_samples_estimate(encoder, UInt64(samples.count)) != 0
        guard configured else { throw .unencodable("libFLAC refused the settings: \(state(of: encoder))") }

        let output = FLACOutput()
        let status = withExtendedLifetime(output) {
            FLAC__stream_encoder_init_stream(
                encoder,
                { _, buffer, count, _, _, clientData in
                    guard let clientData else { return FLAC__STREAM_ENCODER_WRITE_STATUS_FATAL_ERROR }
                    let output = Unmanaged<FLACOutput>.fromOpaque(clientData).takeUnretainedValue()
                    if count > 0, let buffer {
                        output.bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: count))
                    }
                    return FLAC__STREAM_ENCODER_WRITE_STATUS_OK
                },
                nil, nil, nil, Unmanaged.passUnretained(output).toOpaque())
        }
        guard status == FLAC__STREAM_ENCODER_INIT_STATUS_OK else {
            throw .unencodable("libFLAC could not start encoding: \(describe(status)), \(state(of: encoder))")
        }
        // In blocks, so that the 32-bit copy the encoder takes stays small.
        var block: [FLAC__int32] = []
        block.reserveCapacity(min(samples.count, 65536))
        var remaining = samples[...]
        while !remaining.isEmpty {
            block.removeAll(keepingCapacity: true)
            for sample in remaining.prefix(65536) {
                block.append(FLAC__int32(Int16(max(-32768, min(32767, (sample * 32768).rounded())))))
            }
            remaining = remaining.dropFirst(block.count)
            let processed = withExtendedLifetime(output) {
                FLAC__stream_encoder_process_interleaved(encoder, block, UInt32(block.count))
            }
            guard processed != 0 else {
                let reason = state(of: encoder)
                _ = FLAC__stream_encoder_finish(encoder)
                throw .unencodable("libFLAC failed while encoding: \(reason)")
            }
        }
        let finished = withExtendedLifetime(output) { FLAC__stream_encoder_finish(encoder) }
        guard finished != 0 else { throw .unencodable("libFLAC failed to finish the file: \(state(of: encoder))") }
        return output.bytes
    }

    /// The encoder's state in libFLAC's words (e.g. "FLAC__STREAM_ENCODER_CLIENT_ERROR").
    private static func state(of encoder: UnsafeMutablePointer<FLAC__StreamEncoder>) -> String {
        guard let text = FLAC__stream_encoder_get_resolved_state_string(encoder) else { return "unknown state" }
        return String(cString: text)
    }

    /// libFLAC's init statuses (FLAC/stream_encoder.h), named.
    private static func describe(_ status: FLAC__StreamEncoderInitStatus) -> String {
        switch status {
        case FLAC__STREAM_ENCODER_INIT_STATUS_ENCODER_ERROR: "encoder error"
        case FLAC__STREAM_ENCODER_INIT_STATUS_UNSUPPORTED_CONTAINER: "unsupported container"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_CALLBACKS: "invalid callbacks"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_NUMBER_OF_CHANNELS: "invalid number of channels"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_BITS_PER_SAMPLE: "invalid bits per sample"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_SAMPLE_RATE: "invalid sample rate"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_BLOCK_SIZE: "invalid block size"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_MAX_LPC_ORDER: "invalid maximum LPC order"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_QLP_COEFF_PRECISION: "invalid QLP coefficient precision"
        case FLAC__STREAM_ENCODER_INIT_STATUS_BLOCK_SIZE_TOO_SMALL_FOR_LPC_ORDER:
            "block size too small for the LPC order"
        case FLAC__STREAM_ENCODER_INIT_STATUS_NOT_STREAMABLE: "not streamable (outside the FLAC subset)"
        case FLAC__STREAM_ENCODER_INIT_STATUS_INVALID_METADATA: "invalid metadata"
        case FLAC__STREAM_ENCODER_INIT_STATUS_ALREADY_INITIALIZED: "already initialized"
        default: "init status \(status.rawValue)"
        }
    }
}

/// The file's bytes as libFLAC writes them, handed to the write callback as its client-data
/// pointer (the callback itself captures nothing, as a C function pointer must).
private final class FLACOutput {
    var bytes: [UInt8] = []
}
