import CZlibServer

/// The tests' inflate of what the server gzips, through zlib as the
/// server's deflate is: nil unless `gzip` is one whole gzip stream with
/// nothing after it (zlib checks the trailer's CRC-32 and length).
func gunzip(_ gzip: [UInt8]) -> [UInt8]? {
    var stream = z_stream()
    // Window bits 15 + 16: gzip's header and trailer only, not zlib's.
    guard inflateInit2_(&stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 16_384)
    var status = Z_OK
    gzip.withUnsafeBufferPointer { input in
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
        stream.avail_in = uInt(input.count)
        while status == Z_OK {
            chunk.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                status = inflate(&stream, Z_NO_FLUSH)
                output += buffer[..<(buffer.count - Int(stream.avail_out))]
            }
        }
    }
    return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
}
