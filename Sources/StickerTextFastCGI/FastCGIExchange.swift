import CFastCGI
import StickerTextServer

/// One FastCGI request: turns libfcgi's params and input stream into an
/// `HTTPRequest`, and an `HTTPResponse` into the CGI-style response.
enum FastCGIExchange {
    static func read(_ request: inout FCGX_Request, bodyLimit: Int) -> HTTPRequest {
        let envp = request.envp
        func param(_ name: String) -> String? {
            FCGX_GetParam(name, envp).map { String(cString: $0) }
        }
        let method = param("REQUEST_METHOD") ?? "GET"
        let uri = param("DOCUMENT_URI") ?? param("SCRIPT_NAME") ?? "/"
        var headers: [String: String] = [:]
        if let contentType = param("CONTENT_TYPE"), !contentType.isEmpty { headers["content-type"] = contentType }
        if let tag = param("HTTP_IF_NONE_MATCH") { headers["if-none-match"] = tag }
        if let origin = param("HTTP_ORIGIN") { headers["origin"] = origin }

        // Read at most one byte past the limit: enough to know it is too large.
        let declared = param("CONTENT_LENGTH").flatMap { Int($0) } ?? 0
        if declared > bodyLimit {
            return HTTPRequest(method: method, path: uri, query: param("QUERY_STRING") ?? "", headers: headers, bodyTooLarge: true)
        }
        var body = [UInt8](repeating: 0, count: min(declared, bodyLimit + 1))
        var count = 0
        if !body.isEmpty {
            body.withUnsafeMutableBytes { buffer in
                let base = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
                while count < buffer.count {
                    let n = FCGX_GetStr(base + count, Int32(buffer.count - count), request.in)
                    if n <= 0 { break }
                    count += Int(n)
                }
            }
        }
        body.removeLast(body.count - count)
        return HTTPRequest(method: method, path: uri, query: param("QUERY_STRING") ?? "", headers: headers,
                           body: body, bodyTooLarge: count > bodyLimit)
    }

    static func write(_ response: HTTPResponse, head: Bool, to request: inout FCGX_Request) {
        var text = "Status: \(response.status) \(HTTPResponse.reason(response.status))\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        if response.status != 304 { text += "Content-Length: \(response.body.count)\r\n" }
        text += "\r\n"
        var headBytes = Array(text.utf8)
        headBytes.withUnsafeMutableBytes { put($0, request.out) }
        if !head && !response.body.isEmpty {
            var body = response.body
            body.withUnsafeMutableBytes { put($0, request.out) }
        }
    }

    private static func put(_ bytes: UnsafeMutableRawBufferPointer, _ stream: UnsafeMutablePointer<FCGX_Stream>?) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        _ = FCGX_PutStr(base.assumingMemoryBound(to: CChar.self), Int32(bytes.count), stream)
    }
}
