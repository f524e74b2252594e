import Foundation
import StickerText

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One GET of an http or https URL through URLSession (FoundationNetworking
/// on Linux), bounded as an archive is: at most `maxBytes` of body (a
/// longer one is cut off as it comes, whatever its Content-Length said),
/// `limits.requestSeconds` in all, `limits.maxRedirects` redirects and none
/// to another scheme than http or https.
final class HTTPFetch: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    enum Outcome {
        case body([UInt8])
        /// Why there is no body: a status, a refusal, an error.
        case failed(String)
        case tooLarge
    }

    private let maxBytes: Int
    private let maxRedirects: Int
    private let seconds: Double
    private let lock = NSLock()
    private var received: [UInt8] = []
    private var failure: Outcome?
    private var redirects = 0
    private let finished = DispatchSemaphore(value: 0)

    private init(maxBytes: Int, limits: ArchiveLimits) {
        self.maxBytes = maxBytes
        maxRedirects = limits.maxRedirects
        seconds = limits.requestSeconds
    }

    /// Whether `url` is one an import may fetch: http or https, with a host.
    static func isFetchable(_ url: URL) -> Bool {
        ["http", "https"].contains(url.scheme?.lowercased() ?? "") && !(url.host ?? "").isEmpty
    }

    static func get(_ url: URL, maxBytes: Int, limits: ArchiveLimits) -> Outcome {
        guard isFetchable(url) else { return .failed("is not an http or https URL") }
        let fetch = HTTPFetch(maxBytes: maxBytes, limits: limits)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = limits.requestSeconds
        configuration.timeoutIntervalForResource = limits.requestSeconds
        configuration.httpAdditionalHeaders = [
            "User-Agent": "stickertext-import", "Accept": "application/json, image/*",
        ]
        let session = URLSession(configuration: configuration, delegate: fetch, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.dataTask(with: url)
        task.resume()
        // The session's own timeout ends the task; this one is in case it does not.
        if fetch.finished.wait(timeout: .now() + limits.requestSeconds + 5) == .timedOut {
            task.cancel()
            fetch.fail(.failed("took more than \(fetch.seconds) seconds"))
        }
        return fetch.lock.withLock { fetch.failure ?? .body(fetch.received) }
    }

    private func fail(_ outcome: Outcome) {
        lock.withLock { if failure == nil { failure = outcome } }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            fail(.failed("answered HTTP \(http.statusCode)"))
            completionHandler(.cancel)
        } else if response.expectedContentLength > Int64(maxBytes) {
            fail(.tooLarge)
            completionHandler(.cancel)
        } else {
            completionHandler(.allow)
        }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over = lock.withLock {
            guard failure == nil else { return false }
            received += data
            return received.count > maxBytes
        }
        if over {
            fail(.tooLarge)
            dataTask.cancel()
            // Not left to the task's end: a cancelled task may not report one.
            finished.signal()
        }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        let count = lock.withLock {
            redirects += 1
            return redirects
        }
        // The Location as the instance wrote it: FoundationNetworking would read
        // `file:///etc/passwd` as a path on the same host rather than refuse it.
        let location = response.value(forHTTPHeaderField: "Location").flatMap {
            URL(string: $0, relativeTo: response.url)?.absoluteURL
        }
        guard let target = location ?? request.url, Self.isFetchable(target), request.url.map(Self.isFetchable) == true
        else {
            let named = location?.absoluteString ?? request.url?.absoluteString ?? "nowhere"
            fail(.failed("redirects to \(named), not an http or https URL"))
            completionHandler(nil)
            return
        }
        guard count <= maxRedirects else {
            fail(.failed("redirects more than \(maxRedirects) times"))
            completionHandler(nil)
            return
        }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let error = error as? URLError, error.code == .timedOut {
            fail(.failed("took more than \(seconds) seconds"))
        } else if let error {
            fail(.failed("cannot be fetched: \(error.localizedDescription)"))
        }
        finished.signal()
    }
}
