import Foundation
import StickerText
import StickerTextJSON
import Testing

@testable import StickerTextHTTP

/// nginx's error pages and the OpenAPI document hold the one list of error
/// codes, `ErrorCode`: the checked-in nginx/error-pages.conf is the text
/// `NginxErrorPages` generates, and the spec's `Error.code` enum is the list.
struct NginxErrorPagesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let regenerate = "REGENERATE_NGINX_ERRORS=1 swift test --filter NginxErrorPages"

    @Test func theCheckedInPagesAreTheGeneratedOnes() throws {
        let file = Self.root.appendingPathComponent("nginx/error-pages.conf")
        if ProcessInfo.processInfo.environment["REGENERATE_NGINX_ERRORS"] == "1" {
            try NginxErrorPages.conf.write(to: file, atomically: true, encoding: .utf8)
        }
        let checkedIn = try String(contentsOf: file, encoding: .utf8)
        #expect(
            checkedIn == NginxErrorPages.conf,
            "nginx/error-pages.conf is not what NginxErrorPages generates from ErrorCode; run \(Self.regenerate)")
    }

    @Test func theSpecListsExactlyTheErrorCodes() throws {
        let spec = try String(contentsOf: Self.root.appendingPathComponent("public/openapi.yaml"), encoding: .utf8)
        // components.schemas.Error …  code: { enum: [a, b, …] } (a flow list, possibly over several lines).
        let error = try #require(spec.range(of: "\n    Error:\n"))
        let rest = spec[error.upperBound...]
        let code = try #require(rest.range(of: "code:"))
        let open = try #require(rest[code.upperBound...].range(of: "enum: ["))
        let close = try #require(rest[open.upperBound...].firstIndex(of: "]"))
        let listed = rest[open.upperBound..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let codes = ErrorCode.allCases.map(\.rawValue)
        #expect(
            listed == codes,
            """
            public/openapi.yaml's Error.code enum must list ErrorCode's raw values, in its order: \
            missing \(codes.filter { !listed.contains($0) }), not codes \(listed.filter { !codes.contains($0) })
            """)
    }

    @Test func eachStatusNginxRaisesHasOnePage() {
        let statuses = NginxErrorPages.codes.flatMap(NginxErrorPages.nginxStatuses)
        #expect(Set(statuses).count == statuses.count)
        for code in NginxErrorPages.codes {
            let body = String(decoding: APIError(code, NginxErrorPages.message(code)!).jsonBody, as: UTF8.self)
            #expect(NginxErrorPages.conf.contains("return \(code.status) '\(body)';"))
        }
    }

    @Test func everyCodeHasAReasonPhrase() {
        for code in ErrorCode.allCases {
            #expect(code.responseStatus.reason != "Status", "no reason phrase for \(code.status)")
        }
    }

    /// nginx's own 405 (TRACE) names the methods the service would name.
    @Test func theAllowOfNginxIsTheServices() {
        let handler = APIHandler()
        for (path, methods) in NginxErrorPages.apiMethods {
            let response = handler.handle(HTTPRequest(method: "PUT", path: path))
            #expect(response.status == .methodNotAllowed)
            #expect(response.header("Allow") == methods.joined(separator: ", "), "\(path)")
        }
        #expect(handler.handle(HTTPRequest(method: "PUT", path: "/api/nope")).status == .notFound)
    }

    @Test func theBodyLimitIsFilledInByNginx() {
        #expect(NginxErrorPages.conf.contains("over the limit of \(NginxErrorPages.bodyLimitVariable) bytes"))
    }
}
