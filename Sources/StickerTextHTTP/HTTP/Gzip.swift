import CZlibServer

/// The gzip content coding (RFC 9110 §8.4.1.3, RFC 1952) of a whole body,
/// through zlib at its best compression: the bodies gzipped here are
/// compressed once and sent many times, so the slowest level costs nothing
/// per request.
enum Gzip {
    /// Why zlib gave no gzip stream. None is expected with these parameters
    /// but for memory running out; a caller then sends the body uncompressed.
    enum Failure: Error, Equatable {
        /// More than zlib takes in one call (`uInt`, 4 GiB).
        case tooLarge(Int)
        /// `deflateInit2` refused, with zlib's code (`Z_MEM_ERROR`, `Z_VERSION_ERROR`…).
        case initialization(Int32)
        /// `deflate` did not finish the stream, with zlib's code.
        case compression(Int32)
    }

    static func compress(_ input: [UInt8]) throws(Failure) -> [UInt8] {
        guard let inputCount = uInt(exactly: input.count) else { throw .tooLarge(input.count) }
        var stream = z_stream()
        // deflateInit2 is a macro, so its function is called as the macro would:
        // with the header's version and z_stream's size, which zlib checks.
        // Window bits 15 + 16: the largest window, in a gzip header and
        // trailer rather than zlib's; memory level 8 is zlib's default.
        let initialized = deflateInit2_(
            &stream, Z_BEST_COMPRESSION, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY,
            ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard initialized == Z_OK else { throw .initialization(initialized) }
        defer { deflateEnd(&stream) }
        // deflateBound (gzip header included) is room for any input, so one
        // call with Z_FINISH ends the stream.
        let capacity = Int(deflateBound(&stream, uLong(inputCount)))
        var status = Z_OK
        let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            input.withUnsafeBufferPointer { source in
                // zlib does not write through next_in; its type just lacks const.
                stream.next_in = UnsafeMutablePointer(mutating: source.baseAddress)
                stream.avail_in = inputCount
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(capacity)
                status = deflate(&stream, Z_FINISH)
            }
            count = capacity - Int(stream.avail_out)
        }
        guard status == Z_STREAM_END else { throw .compression(status) }
        return output
    }
}
