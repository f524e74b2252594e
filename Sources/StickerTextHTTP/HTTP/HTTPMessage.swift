import StickerTextJSON

/// A request as the API sees it, whatever carried it (FastCGI, a test).
public struct HTTPRequest: Sendable {
    public var method: String
    /// The path without the query, e.g. `/api/render`.
    public var path: String
    /// The raw query string, without `?`.
    public var query: String
    /// Header names in lower case.
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// True when the declared body (its Content-Length) is over the limit: none of it was read.
    public var bodyTooLarge: Bool

    public init(
        method: String, path: String, query: String = "", headers: [String: String] = [:],
        body: [UInt8] = [], bodyTooLarge: Bool = false
    ) {
        var lowerCase = HTTPHeaders()
        for (name, value) in headers { lowerCase[name.lowercased()] = value }
        self.init(
            method: method, path: path, query: query, lowerCaseHeaders: lowerCase, body: body,
            bodyTooLarge: bodyTooLarge)
    }

    /// For a transport whose header names are lower case by construction
    /// (`FastCGIExchange` names each one it takes): not checked again.
    package init(
        method: String, path: String, query: String, lowerCaseHeaders headers: HTTPHeaders, body: [UInt8],
        bodyTooLarge: Bool
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyTooLarge = bodyTooLarge
    }
}

/// A request's headers by lower-case name: the few the API reads (five at
/// most), kept in a list and found by comparing bytes. A dictionary hashed
/// each name with SipHash to store it and again to find it, ~2k
/// instructions of every request.
public struct HTTPHeaders: Sendable {
    private var fields: [(name: String, value: String)] = []

    public init() {}

    /// The value of the header named `name` (lower case); set to nil, it is removed.
    public subscript(name: String) -> String? {
        // Names are the server's own ASCII, where `==` compares bytes.
        get { fields.first { $0.name == name }?.value }
        set {
            let at = fields.firstIndex { $0.name == name }
            switch (at, newValue) {
            case (let at?, let value?): fields[at].value = value
            case (let at?, nil): fields.remove(at: at)
            case (nil, let value?): fields.append((name, value))
            case (nil, nil): break
            }
        }
    }
}

public struct HTTPResponse: Sendable {
    /// Typed from the handler to the status line and `/metrics`: never `other`,
    /// which stands for a status the backend should never send.
    public var status: ResponseStatus
    public var headers: [(name: String, value: String)]
    public var body: [UInt8]
    /// A body too large to hold, written as it is sent (`body` is then
    /// empty): its `count` is the Content-Length.
    public var pieces: AnswerPieces?

    public init(status: ResponseStatus, headers: [(name: String, value: String)] = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body's length: its bytes', or its pieces' when not held.
    public var bodyCount: Int { pieces?.count ?? body.count }

    /// The body's bytes, whole (its pieces written into one array): for a
    /// client that is not a socket, such as a test.
    public var wholeBody: [UInt8] { pieces.map { Answer.pieces($0).wholeBytes } ?? body }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }
}
