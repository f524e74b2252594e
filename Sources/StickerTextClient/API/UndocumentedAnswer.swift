import Foundation

/// An answer the contract does not describe: an error status whose body is
/// not `{"error": {"code", "message"}}` (something other than the service
/// answered), or a success the generated client could not read.
public struct UndocumentedAnswer: Error, Hashable, Sendable, CustomStringConvertible {
    public let status: Int
    public let body: Data

    public var description: String {
        "an undocumented \(status) answer: \(String(decoding: body.prefix(200), as: UTF8.self))"
    }
}
