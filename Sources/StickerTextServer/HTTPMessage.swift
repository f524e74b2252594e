/// A request as the API sees it, whatever carried it (FastCGI, a test).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query, e.g. `/api/render`.
    public var path: String
    /// The raw query string, without `?`.
    public var query: String
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: [UInt8]
    /// True when the body was longer than the limit and was not read whole.
    public var bodyTooLarge: Bool

    public init(
        method: String, path: String, query: String = "", headers: [String: String] = [:],
        body: [UInt8] = [], bodyTooLarge: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        // Names that are lower case already (FastCGI's are) keep their dictionary.
        let lowerCase = headers.keys.allSatisfy {
            $0.utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
        }
        self.headers =
            lowerCase
            ? headers
            : Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { _, last in last })
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
}

public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]

    public init(status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// The reason phrase of every status the API answers with (every `ErrorCode`'s among them).
    public static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 204: "No Content"
        case 304: "Not Modified"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 412: "Precondition Failed"
        case 413: "Content Too Large"
        case 414: "URI Too Long"
        case 415: "Unsupported Media Type"
        case 416: "Range Not Satisfiable"
        case 429: "Too Many Requests"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        case 505: "HTTP Version Not Supported"
        default: "Status"
        }
    }
}
