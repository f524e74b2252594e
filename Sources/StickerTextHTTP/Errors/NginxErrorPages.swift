import Foundation
import StickerText
import StickerTextJSON

/// nginx's own error responses, generated from `ErrorCode`: nginx answers its
/// errors (a malformed request, a body over the limit, a backend down, a
/// method on a static file…) in the API's shape, `{"error": {"code",
/// "message"}}`, with the codes and statuses of the one list. `conf` is the
/// text of `nginx/error-pages.conf`, which the nginx site includes in its
/// server block; `NginxErrorPagesTests` fails when the checked-in file
/// differs, and rewrites it with `REGENERATE_NGINX_ERRORS=1`.
public enum NginxErrorPages {
    /// The nginx variable the site sets to its `client_max_body_size`, for the 413 message.
    public static let bodyLimitVariable = "$stickertext_body_limit"

    /// The variable the 405 page sets to the methods its path allows; sent as `Allow` when not empty.
    static let allowVariable = "$stickertext_allow"

    /// The variable the 429 page sets to `retryAfter`; sent as `Retry-After` when not empty.
    static let retryAfterVariable = "$stickertext_retry_after"
    /// Seconds: the site's limits refill at least once a second (limit_req's
    /// rate is per second; a connection over limit_conn's count is a request
    /// that ends well within one).
    static let retryAfter = 1

    /// What nginx says when it answers with `code` itself; nil for the codes
    /// only the service sends (its answers pass through nginx untouched).
    public static func message(_ code: ErrorCode) -> String? {
        switch code {
        case .invalidJSON, .invalidRequest, .invalidUTF8, .outOfRange, .unknownSticker, .unsupportedMediaType,
            .answerTooLarge, .timedOut:
            nil
        case .badRequest: "the request is not well-formed HTTP: its request line, a header or the framing of its body"
        case .forbidden: "this path is not served: a folder, or a file nginx may not read"
        case .notFound: "no such file or endpoint; the API is described at /openapi.yaml"
        case .methodNotAllowed: "the method is not allowed on this path; the Allow header lists those that are"
        case .preconditionFailed: "a precondition of the request (If-Match, If-Unmodified-Since) does not hold"
        case .payloadTooLarge: APIError.bodyTooLarge(limit: bodyLimitVariable).message
        case .uriTooLong: "the URL is too long; send long text in the body of POST /api/render"
        case .rangeNotSatisfiable: "the requested range is not within the file"
        case .tooManyRequests:
            "too many requests from your address at once; wait the seconds of Retry-After, then try again"
        case .headersTooLarge: "the request headers are too large"
        case .internalError: "the server failed to answer; try again"
        case .notImplemented: "the request uses a transfer coding other than chunked"
        case .badGateway: "no backend of the service answered; try again"
        case .unavailable: "the service is unavailable for a moment; try again"
        case .gatewayTimeout: "the backend of the service took too long to answer; try again"
        case .httpVersionNotSupported: "only HTTP/1.0 and HTTP/1.1 are served"
        }
    }

    /// The codes nginx answers with itself, by status.
    public static var codes: [ErrorCode] {
        ErrorCode.allCases.filter { message($0) != nil }.sorted { $0.status < $1.status }
    }

    /// The statuses nginx raises for a code's page. Request headers too large
    /// are nginx's internal 494, which it would send as 400; the page sends 431.
    static func nginxStatuses(_ code: ErrorCode) -> [Int] {
        code == .headersTooLarge ? [494] : [code.status]
    }

    /// The methods each API path allows (the service's routes), for the
    /// `Allow` of the 405s nginx answers itself (TRACE, which nginx refuses
    /// before any location). The static files allow GET and HEAD; an API path
    /// not listed is answered 404, as the service answers any method there.
    public static var apiMethods: [(path: String, methods: [String])] {
        Route.allCases.filter(\.isAPI).map { ($0.path, $0.methods) }
    }
    static let staticMethods = ["GET", "HEAD"]

    /// The JSON body nginx sends for `code`, as the text of a single-quoted nginx string.
    static func body(_ code: ErrorCode) -> String {
        guard let message = message(code) else { preconditionFailure("\(code) is not answered by nginx") }
        let body = String(decoding: APIError(code, message).jsonBody, as: UTF8.self)
        // Inside '…' nginx reads \ as an escape and $ as a variable: only the body limit may be one.
        precondition(
            !body.contains("'") && !body.contains("\\")
                && body.replacingOccurrences(of: bodyLimitVariable, with: "").contains("$") == false,
            "the message of \(code) cannot be written in nginx's quotes")
        return body
    }

    /// The 429 page's own settings: `Retry-After`, and the connection closed
    /// after the answer. A refused request's body is otherwise read to its end
    /// and thrown away, 4 KiB per read, to keep the connection: a client
    /// flooding 450 KB pastes made nginx read gigabytes a second it had
    /// refused, slowing everyone (`make bench-fair`). Closed at once
    /// (`lingering_close off`), the rest of the body is the kernel's to drop.
    static var tooManyRequestsLines: [String] {
        ["    set \(retryAfterVariable) \(retryAfter);", "    keepalive_timeout 0;", "    lingering_close off;"]
    }

    /// The text of `nginx/error-pages.conf`.
    public static var conf: String {
        var lines = [
            "# nginx's own error responses in the API's JSON shape, {\"error\": {\"code\", \"message\"}},",
            "# with the codes of ErrorCode (Sources/StickerTextJSON/API/ErrorCode.swift), each at its status",
            "# (Sources/StickerTextHTTP/Errors/ErrorCode+Status.swift).",
            "# GENERATED by Sources/StickerTextHTTP/Errors/NginxErrorPages.swift; do not edit. To regenerate:",
            "#   REGENERATE_NGINX_ERRORS=1 swift test --filter NginxErrorPages",
            "#",
            "# Included in the site's server block, which must set \(bodyLimitVariable) to its",
            "# client_max_body_size (the 413 message). The service's own errors pass through",
            "# untouched (no fastcgi_intercept_errors), so every location but those with",
            "# their own error_page answers with these.",
            "#",
            "# The pages are internal URIs rather than named locations: before nginx has read",
            "# the request line (a malformed one, 414, 505) it cannot go to a named location.",
            "# The 405 page is named, so that $uri is still the request's own path.",
            "",
            "# The site's per-address limits (limit_req, limit_conn) answer 429, not 503,",
            "# with Retry-After: empty (not sent) unless the 429 page sets it.",
            "limit_req_status 429;",
            "limit_conn_status 429;",
            "set \(retryAfterVariable) \"\";",
            "add_header Retry-After \(retryAfterVariable) always;",
            "",
            "# Allow, on the 405s nginx answers itself: empty (not sent) unless @error_405 sets it.",
            "set \(allowVariable) \"\";",
            "add_header Allow \(allowVariable) always;",
            "",
        ]
        for code in codes {
            let target = code == .methodNotAllowed ? "@error_405" : "/.errors/\(code.status)"
            for status in nginxStatuses(code) {
                lines.append("error_page \(status) = \(target);")
            }
        }
        for code in codes where code != .methodNotAllowed {
            lines +=
                [
                    "",
                    "location = /.errors/\(code.status) {",
                    "    internal;",
                    "    default_type application/json;",
                ] + (code == .tooManyRequests ? tooManyRequestsLines : []) + [
                    "    return \(code.status) '\(body(code))';",
                    "}",
                ]
        }
        lines += [
            "",
            "location @error_405 {",
            "    # The path's extension would name a type: an empty table leaves default_type.",
            "    types { }",
            "    default_type application/json;",
            "    set \(allowVariable) \"\(staticMethods.joined(separator: ", "))\";",
            "    if ($uri ~ ^/api/) {",
            "        set \(allowVariable) \"\";",
            "    }",
        ]
        for (path, methods) in apiMethods {
            lines += [
                "    if ($uri = \(path)) {",
                "        set \(allowVariable) \"\(methods.joined(separator: ", "))\";",
                "    }",
            ]
        }
        lines += [
            "    if (\(allowVariable) = \"\") {",
            "        return 404 '\(body(.notFound))';",
            "    }",
            "    return 405 '\(body(.methodNotAllowed))';",
            "}",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
