/// A request nginx refused itself, before the backend: it never reaches a
/// worker, so nginx reports it to the master in a syslog datagram (the
/// site's `access_log … if=$stickertext_rejected`, nginx/site.conf.template).
/// The raw value is the counter's slot.
public enum NginxRejection: Int, Slotted, Sendable {
    /// 413: a body over `client_max_body_size`.
    case payloadTooLarge
    /// 429: over a `limit_req` or `limit_conn` limit.
    case tooManyRequests

    @inlinable public static var last: NginxRejection { .tooManyRequests }

    public var label: String {
        switch self {
        case .payloadTooLarge: "413"
        case .tooManyRequests: "429"
        }
    }

    /// The rejection a datagram reports: nginx sends
    /// `<PRI>TIMESTAMP stickertext: STATUS` (with `nohostname`), the status
    /// being the whole log line (`log_format stickertext_rejection '$status'`).
    /// Anything else (another sender, another status) is nil.
    public init?(datagram: some BidirectionalCollection<UInt8>) {
        guard let colon = datagram.lastIndex(of: UInt8(ascii: ":")) else { return nil }
        switch String(decoding: datagram[datagram.index(after: colon)...], as: UTF8.self) {
        case " 413": self = .payloadTooLarge
        case " 429": self = .tooManyRequests
        default: return nil
        }
    }
}
