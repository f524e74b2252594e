import CFastCGI
import Glibc
import StickerTextHTTP

/// One FastCGI request: turns libfcgi's params and input stream into an
/// `HTTPRequest`, and an `HTTPResponse` into the CGI-style response.
enum FastCGIExchange {
    /// The request, and who it is from (`REMOTE_ADDR`, for `FairShare`).
    static func read(_ request: inout FCGX_Request, bodyLimit: Int) -> (HTTPRequest, ClientKey) {
        let params = Params(request.envp)
        let client = ClientKey(remoteAddress: params.remoteAddress)
        func string(_ value: UnsafePointer<CChar>?) -> String? { value.map { String(cString: $0) } }
        let method = string(params.method) ?? "GET"
        let uri = string(params.documentURI) ?? string(params.scriptName) ?? "/"
        let query = string(params.query) ?? ""
        var headers = HTTPHeaders()
        if let contentType = string(params.contentType), !contentType.isEmpty { headers["content-type"] = contentType }
        if let tag = string(params.ifNoneMatch) { headers["if-none-match"] = tag }
        if let origin = string(params.origin) { headers["origin"] = origin }
        if let codings = string(params.acceptEncoding) { headers["accept-encoding"] = codings }
        if let coding = string(params.contentEncoding) { headers["content-encoding"] = coding }

        // A body declared over the limit is not read: the handler refuses it.
        let declared = params.contentLength.flatMap(Self.integer) ?? 0
        if declared > bodyLimit {
            return (
                HTTPRequest(
                    method: method, path: uri, query: query, lowerCaseHeaders: headers, body: [], bodyTooLarge: true),
                client
            )
        }
        // Filled straight from libfcgi's stream, not zeroed first.
        let body = [UInt8](unsafeUninitializedCapacity: max(0, declared)) { buffer, count in
            count = 0
            guard let base = buffer.baseAddress else { return }
            let chars = UnsafeMutableRawPointer(base).assumingMemoryBound(to: CChar.self)
            while count < buffer.count {
                let n = FCGX_GetStr(chars + count, Int32(buffer.count - count), request.in)
                if n <= 0 { break }
                count += Int(n)
            }
        }
        // At most `declared` bytes, within the limit: the handler checks the size, once.
        return (
            HTTPRequest(
                method: method, path: uri, query: query, lowerCaseHeaders: headers, body: body, bodyTooLarge: false),
            client
        )
    }

    /// A param's value as `Int(_: String)` reads it (an optional sign, then
    /// decimal digits, nothing else, within `Int`'s range), read in place:
    /// `Content-Length` comes with every request.
    static func integer(_ value: UnsafePointer<CChar>) -> Int? {
        var at = value
        let negative = at.pointee == CChar(UInt8(ascii: "-"))
        if negative || at.pointee == CChar(UInt8(ascii: "+")) { at += 1 }
        guard at.pointee != 0 else { return nil }
        var magnitude: UInt = 0
        while at.pointee != 0 {
            let digit = UInt8(bitPattern: at.pointee) &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            let (times10, over1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, over2) = times10.addingReportingOverflow(UInt(digit))
            guard !over1, !over2 else { return nil }
            magnitude = sum
            at += 1
        }
        if negative { return magnitude <= UInt(Int.max) + 1 ? Int(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt(Int.max) ? Int(magnitude) : nil
    }

    /// Reads what is left of the request's body (at most 64 KiB more, into
    /// nothing) and its end: true if the end was reached without error. On a
    /// connection nginx keeps, the next request starts after this one's end
    /// record; libfcgi drops only what it has buffered, so a request left
    /// unread would make the next one read as a protocol error (libfcgi then
    /// closes the connection, and nginx retries the request elsewhere). A GET
    /// has only the end record, usually in the buffer already: no read(2).
    static func readToEnd(_ request: inout FCGX_Request) -> Bool {
        guard let input = request.in else { return false }
        if FCGX_HasSeenEOF(input) != 0 { return FCGX_GetError(input) == 0 }
        var budget = 64 << 10
        // 512 bytes stay on the stack (4096 were a malloc per request); what
        // is left to read is the end record, or the rare body left unread.
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 512) { scratch in
            while FCGX_HasSeenEOF(input) == 0 && budget > 0 {
                let n = FCGX_GetStr(scratch.baseAddress, Int32(min(scratch.count, budget)), input)
                if n <= 0 { break }
                budget -= Int(n)
            }
            return FCGX_HasSeenEOF(input) != 0 && FCGX_GetError(input) == 0
        }
    }

    /// The head is gathered in a buffer on the stack and handed to libfcgi
    /// in one call (a call per piece, fourteen or so, cost ~100 instructions
    /// each), then the body in another: no String or array is built for it.
    /// A body not held (`HTTPResponse.pieces`) is handed over a piece at a
    /// time as it is written again, libfcgi sending each on as its 8 KiB
    /// buffer fills. Answers false if the pieces were not the bytes their
    /// count promised (a bug): the connection must not be kept then.
    @discardableResult
    static func write(_ response: HTTPResponse, head: Bool, to request: inout FCGX_Request) -> Bool {
        let out = request.out
        withUnsafeTemporaryAllocation(byteCount: 1024, alignment: 1) { buffer in
            var h = Gathered(buffer, out)
            h.put("Status: ")
            h.put(decimal: response.status.code ?? 500)  // never `other`: the handlers build none
            h.put(" ")
            h.put(response.status.reason)
            h.put("\r\n")
            for (name, value) in response.headers {
                h.put(name)
                h.put(": ")
                h.put(value)
                h.put("\r\n")
            }
            if response.status != .notModified {
                h.put("Content-Length: ")
                h.put(decimal: response.bodyCount)
                h.put("\r\n")
            }
            h.put("\r\n")
            h.flush()
        }
        if head { return true }
        guard let pieces = response.pieces else {
            response.body.withUnsafeBytes { put($0, out) }
            return true
        }
        var written = 0
        pieces.write { piece in
            put(UnsafeRawBufferPointer(piece), out)
            written += piece.count
        }
        return written == pieces.count
    }

    private static func put(_ bytes: UnsafeRawBufferPointer, _ stream: UnsafeMutablePointer<FCGX_Stream>?) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        _ = FCGX_PutStr(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), stream)
    }

    /// Bytes gathered in `buffer` and written to `stream` when it is full or
    /// flushed; a piece larger than the buffer goes straight through.
    private struct Gathered {
        let buffer: UnsafeMutableRawBufferPointer
        let stream: UnsafeMutablePointer<FCGX_Stream>?
        var count = 0

        init(_ buffer: UnsafeMutableRawBufferPointer, _ stream: UnsafeMutablePointer<FCGX_Stream>?) {
            self.buffer = buffer
            self.stream = stream
        }

        mutating func put(_ bytes: UnsafeRawBufferPointer) {
            if count + bytes.count > buffer.count { flush() }
            if bytes.count > buffer.count {
                FastCGIExchange.put(bytes, stream)
                return
            }
            if let base = bytes.baseAddress {
                (buffer.baseAddress! + count).copyMemory(from: base, byteCount: bytes.count)
            }
            count += bytes.count
        }

        mutating func put(_ text: StaticString) {
            put(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func put(_ text: String) {
            // A native string's bytes in place (no copy of the String to make it mutable).
            if text.utf8.withContiguousStorageIfAvailable({ put(UnsafeRawBufferPointer($0)) }) != nil { return }
            var text = text
            text.withUTF8 { put(UnsafeRawBufferPointer($0)) }
        }

        mutating func put(decimal n: Int) {
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a sign and 20 digits fit
            withUnsafeMutableBytes(of: &digits) { d in
                var rest = n.magnitude
                var start = d.count
                repeat {
                    start -= 1
                    d[start] = UInt8(ascii: "0") + UInt8(rest % 10)
                    rest /= 10
                } while rest > 0
                if n < 0 {
                    start -= 1
                    d[start] = UInt8(ascii: "-")
                }
                put(UnsafeRawBufferPointer(rebasing: d[start...]))
            }
        }

        mutating func flush() {
            FastCGIExchange.put(UnsafeRawBufferPointer(rebasing: buffer[..<count]), stream)
            count = 0
        }
    }

    /// The CGI params the API reads, found in one pass over libfcgi's
    /// environment (`FCGX_GetParam` walks all of it once per name). As with
    /// `FCGX_GetParam`, a name sent twice gets its first value.
    private struct Params {
        var method, documentURI, scriptName, query, contentLength, contentType, ifNoneMatch, origin,
            acceptEncoding, contentEncoding, remoteAddress: UnsafePointer<CChar>?

        init(_ envp: FCGX_ParamArray?) {
            guard var entry = envp else { return }
            while let p = entry.pointee {
                let param = UnsafePointer(p)
                _ =
                    Self.take(&method, param, "REQUEST_METHOD") || Self.take(&documentURI, param, "DOCUMENT_URI")
                    || Self.take(&scriptName, param, "SCRIPT_NAME") || Self.take(&query, param, "QUERY_STRING")
                    || Self.take(&contentLength, param, "CONTENT_LENGTH")
                    || Self.take(&contentType, param, "CONTENT_TYPE")
                    || Self.take(&ifNoneMatch, param, "HTTP_IF_NONE_MATCH") || Self.take(&origin, param, "HTTP_ORIGIN")
                    || Self.take(&acceptEncoding, param, "HTTP_ACCEPT_ENCODING")
                    || Self.take(&contentEncoding, param, "HTTP_CONTENT_ENCODING")
                    || Self.take(&remoteAddress, param, "REMOTE_ADDR")
                entry += 1
            }
        }

        /// If `param` is `name=value`, points `slot` at the value unless it is set already.
        @inline(__always)
        private static func take(
            _ slot: inout UnsafePointer<CChar>?, _ param: UnsafePointer<CChar>, _ name: StaticString
        ) -> Bool {
            let count = name.utf8CodeUnitCount
            // Compared here, byte by byte: most params differ in their first
            // byte or two, and a call to strncmp for each of nginx's thirty
            // params cost ~1k instructions a request. A param shorter than
            // `name` differs at its NUL, which no name holds.
            let expected = name.utf8Start
            var i = 0
            while i < count {
                guard UInt8(bitPattern: param[i]) == expected[i] else { return false }
                i &+= 1
            }
            guard param[count] == CChar(UInt8(ascii: "=")) else { return false }
            if slot == nil { slot = param + count + 1 }
            return true
        }
    }
}
