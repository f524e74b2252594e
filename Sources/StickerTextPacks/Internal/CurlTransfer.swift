import CLibcurl
import Foundation

/// One request and its answer through libcurl, to the addresses checked
/// already and no other: curl is given them for the host
/// (CURLOPT_RESOLVE), and a socket to any other address is refused as curl
/// opens it (CURLOPT_OPENSOCKETFUNCTION), the check at connect time. No
/// redirect is followed (`HTTPFetch` checks each); no proxy, which would
/// connect elsewhere. This object is the context curl's callbacks are given.
final class CurlTransfer {
    enum Result {
        case done(status: Int, body: [UInt8])
        case tooLarge
        case timedOut
        /// curl was about to connect to an address not checked.
        case strayAddress(IPAddress)
        case failed(String)
    }

    static let initialized: Bool = stickertext_curl_global_init() == CURLE_OK

    let url: String
    let origin: FetchAccess.Origin
    let addresses: Set<IPAddress>
    private let ordered: [IPAddress]
    let maxBytes: Int
    private var body: [UInt8] = []
    private var overLimit = false
    /// An address curl was about to connect to that was not checked.
    private var stray: IPAddress?
    /// Where a redirect answer points, as curl resolves it against the URL.
    private(set) var location: String?
    private var handle: UnsafeMutableRawPointer?

    init(url: String, origin: FetchAccess.Origin, addresses: [IPAddress], maxBytes: Int) {
        self.url = url
        self.origin = origin
        self.addresses = Set(addresses)
        ordered = addresses
        self.maxBytes = maxBytes
    }

    func perform(until end: ContinuousClock.Instant) -> Result {
        let milliseconds = HTTPFetch.milliseconds(until: end)
        guard milliseconds > 0 else { return .timedOut }
        guard Self.initialized, let curl = curl_easy_init() else { return .failed("libcurl cannot start") }
        handle = curl
        defer {
            curl_easy_cleanup(curl)
            handle = nil
        }
        // The addresses checked, for the host as curl reads it (an IP address is not looked up).
        let pin = "\(origin.host):\(origin.port):\(ordered.map(\.inResolveEntry).joined(separator: ","))"
        let resolve = IPAddress(origin.host) == nil ? curl_slist_append(nil, pin) : nil
        let headers = curl_slist_append(nil, "Accept: application/json, image/*")
        defer {
            curl_slist_free_all(resolve)
            curl_slist_free_all(headers)
        }
        let errors = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errors.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errors.deallocate() }
        let context = Unmanaged.passUnretained(self).toOpaque()
        stickertext_curl_set_string(curl, CURLOPT_URL, url)
        stickertext_curl_set_list(curl, CURLOPT_RESOLVE, resolve)
        stickertext_curl_set_list(curl, CURLOPT_HTTPHEADER, headers)
        stickertext_curl_set_string(curl, CURLOPT_USERAGENT, "stickertext-import")
        stickertext_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https")
        stickertext_curl_set_string(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Redirects are followed by HTTPFetch, each one checked; no proxy, which would connect elsewhere.
        stickertext_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0)
        stickertext_curl_set_string(curl, CURLOPT_PROXY, "")
        // The bytes as sent: a gzip body is not inflated past the limit.
        stickertext_curl_set_long(curl, CURLOPT_HTTP_CONTENT_DECODING, 0)
        stickertext_curl_set_long(curl, CURLOPT_NOSIGNAL, 1)
        stickertext_curl_set_long(curl, CURLOPT_TIMEOUT_MS, milliseconds)
        stickertext_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        stickertext_curl_set_offset(curl, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(maxBytes))
        stickertext_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, errors)
        stickertext_curl_set_pointer(curl, CURLOPT_WRITEDATA, context)
        stickertext_curl_set_write(curl, CurlTransfer.write)
        stickertext_curl_set_pointer(curl, CURLOPT_OPENSOCKETDATA, context)
        stickertext_curl_set_opensocket(curl, CurlTransfer.openSocket)
        let code = curl_easy_perform(curl)
        var status = 0
        stickertext_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        if (300..<400).contains(status) {
            var target: UnsafeMutablePointer<CChar>?
            stickertext_curl_get_string(curl, CURLINFO_REDIRECT_URL, &target)
            location = target.map { String(cString: $0) }
        }
        if let stray { return .strayAddress(stray) }
        // An answer that is not a picture was stopped at its status (CurlTransfer.write).
        if status > 0 && !(200..<300).contains(status) { return .done(status: status, body: []) }
        switch code {
        case CURLE_OK: return .done(status: status, body: body)
        case CURLE_FILESIZE_EXCEEDED: return .tooLarge
        case CURLE_WRITE_ERROR where overLimit: return .tooLarge
        case CURLE_OPERATION_TIMEDOUT: return .timedOut
        default:
            let detail = String(cString: errors)
            return .failed(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail)
        }
    }

    /// Takes the body as it comes, up to `maxBytes`; 0 (stop) past it, or
    /// as soon as the status says there is no picture to read.
    private static let write: curl_write_callback = { data, size, count, context in
        guard let data, let context else { return 0 }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        var status = 0
        if let handle = transfer.handle { stickertext_curl_get_long(handle, CURLINFO_RESPONSE_CODE, &status) }
        guard (200..<300).contains(status) else { return 0 }
        let length = size * count
        guard transfer.body.count + length <= transfer.maxBytes else {
            transfer.overLimit = true
            return 0
        }
        data.withMemoryRebound(to: UInt8.self, capacity: length) {
            transfer.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: length))
        }
        return length
    }

    /// Opens a socket only to an address checked: the check made at connect time.
    private static let openSocket: curl_opensocket_callback = { context, purpose, address in
        guard let context, let address else { return CURL_SOCKET_BAD }
        let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
        let target = withUnsafePointer(to: &address.pointee.addr) { IPAddress($0) }
        guard purpose == CURLSOCKTYPE_IPCXN, let target, transfer.addresses.contains(target) else {
            transfer.stray = target ?? transfer.stray
            return CURL_SOCKET_BAD
        }
        return socket(address.pointee.family, address.pointee.socktype, address.pointee.protocol)
    }
}
