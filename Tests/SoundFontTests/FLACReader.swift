import CFLAC

/// A FLAC file decoded back with libFLAC's stream decoder, independently of `FLACFile`'s
/// encoder settings: what STREAMINFO says and every frame of the first channel.
struct FLACReader {
    var sampleRate = 0
    var channels = 0
    var bitsPerSample = 0
    /// STREAMINFO's total number of frames (0 would mean unknown).
    var totalFrames = 0
    /// The first channel's frames, as decoded.
    var samples: [Int16] = []
    /// Channels seen in any audio frame other than 1, or a decoder error reported.
    var problems: [String] = []

    /// Nil when the bytes do not decode to the end (not FLAC, damaged, truncated).
    init?(_ bytes: [UInt8]) {
        guard bytes.starts(with: Array("fLaC".utf8)), let decoder = FLAC__stream_decoder_new() else { return nil }
        defer { FLAC__stream_decoder_delete(decoder) }
        let state = DecoderState(bytes: bytes)
        let ok = withExtendedLifetime(state) { () -> Bool in
            let status = FLAC__stream_decoder_init_stream(
                decoder,
                { _, buffer, count, clientData in
                    guard let buffer, let count, let clientData else { return FLAC__STREAM_DECODER_READ_STATUS_ABORT }
                    let state = Unmanaged<DecoderState>.fromOpaque(clientData).takeUnretainedValue()
                    let n = min(count.pointee, state.bytes.count - state.position)
                    guard n > 0 else {
                        count.pointee = 0
                        return FLAC__STREAM_DECODER_READ_STATUS_END_OF_STREAM
                    }
                    for i in 0..<n { buffer[i] = state.bytes[state.position + i] }
                    state.position += n
                    count.pointee = n
                    return FLAC__STREAM_DECODER_READ_STATUS_CONTINUE
                },
                nil, nil, nil, nil,
                { _, frame, buffer, clientData in
                    guard let frame, let buffer, let clientData, let first = buffer[0] else {
                        return FLAC__STREAM_DECODER_WRITE_STATUS_ABORT
                    }
                    let state = Unmanaged<DecoderState>.fromOpaque(clientData).takeUnretainedValue()
                    let header = frame.pointee.header
                    if header.channels != 1 { state.reader.problems.append("a frame with \(header.channels) channels") }
                    for i in 0..<Int(header.blocksize) {
                        state.reader.samples.append(Int16(truncatingIfNeeded: first[i]))
                    }
                    return FLAC__STREAM_DECODER_WRITE_STATUS_CONTINUE
                },
                { _, metadata, clientData in
                    guard let metadata, let clientData, metadata.pointee.type == FLAC__METADATA_TYPE_STREAMINFO else {
                        return
                    }
                    let state = Unmanaged<DecoderState>.fromOpaque(clientData).takeUnretainedValue()
                    let info = metadata.pointee.data.stream_info
                    state.reader.sampleRate = Int(info.sample_rate)
                    state.reader.channels = Int(info.channels)
                    state.reader.bitsPerSample = Int(info.bits_per_sample)
                    state.reader.totalFrames = Int(info.total_samples)
                },
                { _, status, clientData in
                    guard let clientData else { return }
                    let state = Unmanaged<DecoderState>.fromOpaque(clientData).takeUnretainedValue()
                    state.reader.problems.append("decoder error \(status.rawValue)")
                },
                Unmanaged.passUnretained(state).toOpaque())
            guard status == FLAC__STREAM_DECODER_INIT_STATUS_OK else { return false }
            let processed = FLAC__stream_decoder_process_until_end_of_stream(decoder) != 0
            let finished = FLAC__stream_decoder_finish(decoder) != 0
            return processed && finished
        }
        guard ok else { return nil }
        self = state.reader
    }
}

/// The bytes, the read position and the reader being filled, handed to the decoder's C callbacks.
private final class DecoderState {
    let bytes: [UInt8]
    var position = 0
    var reader = FLACReader(empty: ())

    init(bytes: [UInt8]) { self.bytes = bytes }
}

extension FLACReader {
    fileprivate init(empty: Void) {}
}
