import CBrotli

/// Brotli (RFC 7932) through Debian's libbrotli: a whole body compressed at once, and decoded
/// again to check a kept copy.
enum Brotli {
    /// The best and slowest quality: for what is compressed once and served many times.
    static let bestQuality: Int32 = 11

    /// `input` compressed at `quality` (0…11) with the default window (4 MiB, larger than any
    /// body Peach compresses); nil if the encoder fails.
    /// - Complexity: O(n); at quality 11 about 0.3 MB/s, at 5 about 10 MB/s on this machine.
    static func compress(_ input: [UInt8], quality: Int32) -> [UInt8]? {
        var size = BrotliEncoderMaxCompressedSize(input.count)
        guard size > 0 else { return nil }
        var output = [UInt8](repeating: 0, count: size)
        let done = input.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                BrotliEncoderCompress(
                    quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, source.count, source.baseAddress, &size,
                    target.baseAddress)
            }
        }
        guard done == BROTLI_TRUE else { return nil }
        output.removeSubrange(size...)
        return output
    }

    /// `input` decoded, or nil if it is not one whole Brotli stream (damaged, cut short, or
    /// followed by other bytes).
    static func decompress(_ input: [UInt8]) -> [UInt8]? {
        guard let decoder = BrotliDecoderCreateInstance(nil, nil, nil) else { return nil }
        defer { BrotliDecoderDestroyInstance(decoder) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        return input.withUnsafeBufferPointer { source -> [UInt8]? in
            var availableIn = source.count
            var nextIn = source.baseAddress
            while true {
                var availableOut = chunk.count
                let result = chunk.withUnsafeMutableBufferPointer { target in
                    var nextOut = target.baseAddress
                    return BrotliDecoderDecompressStream(decoder, &availableIn, &nextIn, &availableOut, &nextOut, nil)
                }
                output.append(contentsOf: chunk[..<(chunk.count - availableOut)])
                switch result {
                case BROTLI_DECODER_RESULT_SUCCESS: return availableIn == 0 ? output : nil
                case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT: continue
                default: return nil
                }
            }
        }
    }
}
