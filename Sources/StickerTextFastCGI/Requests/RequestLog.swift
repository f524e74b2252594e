import Glibc
import Logging
import StickerTextHTTP
import Synchronization

/// The one line per request on stderr, in the shape swift-log's
/// `StreamLogHandler` gives the master's lines:
///
///     2026-11-22T06:45:52+0000 info stickertext: [StickerTextFastCGI] POST /api/render 200 0.061ms
///
/// but without what that handler costs on every request (a lock held across a write(2), a
/// `localtime` and a `strftime`, the message and the line built as Strings):
/// each serving thread keeps one of these, formats into its buffer, which is
/// reused, with the timestamp redone once a second, and hands the line to
/// the worker's `Output`, which writes the lines of all its threads together
/// every 20 ms (as nginx's `access_log … buffer= flush=` does): a write(2)
/// per request was about 2 µs of a small render's ~21 µs in the worker.
struct RequestLog {
    /// Whether the logger these lines used to go through lets `info` pass.
    private let enabled: Bool
    private let output: Output
    /// ` info stickertext: [StickerTextFastCGI] `: what follows the timestamp.
    private let prefix: [UInt8]
    private(set) var line: [UInt8] = []
    /// The second `stamp` was formatted for.
    private var second: time_t = -1
    private var stamp: [UInt8] = []

    init(logger: Logger, output: Output) {
        enabled = logger.logLevel <= .info
        self.output = output
        prefix = Self.prefix(label: logger.label)
        line.reserveCapacity(256)
    }

    /// ` info LABEL: [StickerTextFastCGI] `: what follows a line's timestamp.
    static func prefix(label: String) -> [UInt8] {
        // swift-log names the module of the call site as the source.
        let module = #fileID.prefix { $0 != "/" }
        return Array(" \(Logger.Level.info) \(label): [\(module)] ".utf8)
    }

    /// A worker's lines on their way to stderr: kept in arrival order and
    /// written together by `flush`, which the worker's main thread calls
    /// every 20 ms and before the process exits; a thread that finds more
    /// than `flushSize` waiting writes them at once. Each write(2) holds
    /// whole lines and at most `PIPE_BUF` bytes (a longer line alone), so on
    /// a pipe or journald's stream, which the master and the other workers
    /// write to as well, lines never mix. A worker that dies without exiting
    /// (SIGKILL, or a crash such as a failed precondition) loses the lines of
    /// its last 20 ms.
    final class Output: Sendable {
        static let flushSize = 64 * 1024
        /// The lines not yet written, and which errors are written (`RepeatedErrors`). Held only to
        /// append, to decide or to swap: no system call under it.
        private let pending: Mutex<Pending>
        /// The buffer being written; held for the whole write, so flushes go out one at a time, in order.
        private let writing: Mutex<[UInt8]>
        /// ` info stickertext: [StickerTextFastCGI] `, for the summaries of repeated errors.
        private let prefix: [UInt8]

        private struct Pending {
            var lines: [UInt8] = []
            var errors = RepeatedErrors()
            /// The second the table was last swept.
            var swept: UInt64 = 0
            /// The windows closed on the way, to write; kept, so that a request allocates none.
            var summaries: [RepeatedErrors.Summary] = []
        }

        init(label: String = "stickertext") {
            var pending = Pending()
            var writing: [UInt8] = []
            pending.lines.reserveCapacity(2 * Self.flushSize)
            writing.reserveCapacity(2 * Self.flushSize)
            self.pending = Mutex(pending)
            self.writing = Mutex(writing)
            prefix = RequestLog.prefix(label: label)
        }

        fileprivate func append(_ line: [UInt8]) {
            let full = pending.withLock { pending in
                pending.lines.append(contentsOf: line)
                return pending.lines.count >= Self.flushSize
            }
            if full { flush() }
        }

        /// Appends the line of an error answered to `client`, unless the client has had its
        /// `RepeatedErrors.linesPerWindow` written in this window: then it is counted.
        fileprivate func append(_ line: [UInt8], error status: ResponseStatus, from client: ClientKey) {
            let now = Self.seconds()
            let full = pending.withLock { pending in
                if pending.errors.admit(client, status, now: now, summaries: &pending.summaries) {
                    pending.lines.append(contentsOf: line)
                }
                writeSummaries(&pending)
                return pending.lines.count >= Self.flushSize
            }
            if full { flush() }
        }

        /// Writes the summaries of the windows that have ended, once a second (`flush` calls it), or
        /// of every window (`all`: the worker's last flush).
        private func sweep(all: Bool) {
            let now = Self.seconds()
            pending.withLock { pending in
                guard now != pending.swept || all else { return }
                pending.swept = now
                pending.errors.sweep(now: now, summaries: &pending.summaries, all: all)
                writeSummaries(&pending)
            }
        }

        private func writeSummaries(_ pending: inout Pending) {
            guard !pending.summaries.isEmpty else { return }
            for summary in pending.summaries { RequestLog.appendSummary(summary, prefix: prefix, to: &pending.lines) }
            pending.summaries.removeAll(keepingCapacity: true)
        }

        /// Seconds of the monotonic clock (a wall clock set back would hold a window open).
        static func seconds() -> UInt64 {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC_COARSE, &now)
            return UInt64(now.tv_sec)
        }

        /// POSIX's PIPE_BUF on Linux: a write to a pipe of at most this many bytes is never interleaved with others.
        static let atomicWrite = 4096

        /// Writes what is waiting (`last`: the summaries of every window too, as the worker exits):
        /// whole lines, `atomicWrite` bytes or fewer per write(2).
        func flush(last: Bool = false) {
            sweep(all: last)
            writing.withLock { out in
                pending.withLock { swap(&$0.lines, &out) }
                out.withUnsafeBytes { bytes in
                    var done = 0
                    while done < bytes.count {
                        var end = min(bytes.count, done + Self.atomicWrite)
                        if end < bytes.count {
                            // Back to the last line end; a single line longer than that goes whole.
                            var k = end
                            while k > done && bytes[k - 1] != UInt8(ascii: "\n") { k -= 1 }
                            end =
                                k > done
                                ? k : (bytes[done...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count)
                        }
                        var at = done
                        while at < end {
                            let n = Glibc.write(STDERR_FILENO, bytes.baseAddress! + at, end - at)
                            if n < 0 && errno == EINTR { continue }
                            if n <= 0 { return }  // stderr is gone: the requests were served all the same
                            at += n
                        }
                        done = end
                    }
                }
                out.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Writes a request's line; an error's (400 or more) only if `client` has
    /// not had its share of error lines in this window (`RepeatedErrors`), else
    /// it is counted, for a summary. `client` nil: always written.
    mutating func write(method: String, path: String, status: ResponseStatus, micros: UInt64, client: ClientKey?) {
        guard enabled else { return }
        compose(method: method, path: path, status: status, micros: micros)
        if let client, (status.code ?? 500) >= 400 {
            output.append(line, error: status, from: client)
        } else {
            output.append(line)
        }
    }

    /// The most bytes a request's method and path take in its line, escapes
    /// included: a client chooses both (a path of 8 KiB, nginx's longest, wrote
    /// 8 KiB a 404), so a line is at most about 400 bytes whatever it sends.
    static let methodBytes = 16
    static let pathBytes = 256

    /// Builds the line in `line`: the timestamp, the method, the path, the status and the time taken.
    mutating func compose(method: String, path: String, status: ResponseStatus, micros: UInt64) {
        line.removeAll(keepingCapacity: true)
        updateTimestamp()
        line += stamp
        line += prefix
        appendEscaped(method.utf8, limit: Self.methodBytes)
        line.append(UInt8(ascii: " "))
        appendEscaped(path.utf8, limit: Self.pathBytes)
        line.append(UInt8(ascii: " "))
        appendDecimal(UInt64(status.code ?? 0))
        line.append(UInt8(ascii: " "))
        appendMilliseconds(micros)
        line += "ms\n".utf8
    }

    /// A field the client chose, as one field of printable ASCII: nginx
    /// decodes `%0A` in a path to a line feed, which would end this line and
    /// begin a forged one, and `%1B` to a terminal's escape; so every byte
    /// outside `!`…`~`, and `\` itself, is written `\xHH` (as nginx's
    /// access log escapes). At most `limit` bytes are written; a field cut
    /// ends with `...[NB]`, N its whole length in bytes (no space: the line stays four fields). Linear in what is written:
    /// the bytes past the cut are counted, not read.
    private mutating func appendEscaped(_ field: String.UTF8View, limit: Int) {
        if field.isEmpty { line.append(UInt8(ascii: "-")) }
        let hex = Array("0123456789ABCDEF".utf8)
        var written = 0
        var index = field.startIndex
        while index != field.endIndex {
            let byte = field[index]
            let plain = byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\")
            let size = plain ? 1 : 4
            if written + size > limit { break }
            if plain {
                line.append(byte)
            } else {
                line += [UInt8(ascii: "\\"), UInt8(ascii: "x"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
            written += size
            field.formIndex(after: &index)
        }
        if index != field.endIndex {
            line += "...[".utf8
            appendDecimal(UInt64(field.count))
            line += "B]".utf8
        }
    }

    private mutating func updateTimestamp() {
        let now = time(nil)
        if now != second {
            stamp = Self.timestamp(now)
            second = now
        }
    }

    /// `%Y-%m-%dT%H:%M:%S%z` in local time, as `StreamLogHandler` writes it.
    static func timestamp(_ time: time_t) -> [UInt8] {
        var time = time
        var local = tm()
        var buffer = [CChar](repeating: 0, count: 64)
        let count =
            localtime_r(&time, &local) == nil ? 0 : strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local)
        return buffer[..<count].map { UInt8(bitPattern: $0) }
    }

    /// The line of a summary of repeated errors, in the shape of a request's:
    /// `... 4990 more 404, 12 more 429 from 127.0.0.2 in the last 10 s`. Its
    /// fields are numbers and the client's address as the key holds it:
    /// nothing a client wrote.
    static func appendSummary(_ summary: RepeatedErrors.Summary, prefix: [UInt8], to lines: inout [UInt8]) {
        lines += timestamp(time(nil))
        lines += prefix
        lines += "...".utf8
        for (index, (status, count)) in summary.counts.enumerated() {
            lines += (index == 0 ? " " : ", ").utf8
            appendDecimal(UInt64(count), to: &lines)
            lines += " more ".utf8
            if let code = status.code { appendDecimal(UInt64(code), to: &lines) } else { lines += "other".utf8 }
        }
        lines += " from ".utf8
        lines += (summary.client?.logText ?? "other addresses (the table of clients was full)").utf8
        lines += " in the last ".utf8
        appendDecimal(summary.seconds, to: &lines)
        lines += " s\n".utf8
    }

    private mutating func appendDecimal(_ number: UInt64) { Self.appendDecimal(number, to: &line) }

    private static func appendDecimal(_ number: UInt64, to bytes: inout [UInt8]) {
        if number >= 10 { appendDecimal(number / 10, to: &bytes) }
        bytes.append(UInt8(ascii: "0") + UInt8(number % 10))
    }

    /// `micros / 1000` as Swift prints that Double: the shortest decimal, at
    /// least one digit after the point (`0.061`, `1.5`, `12.0`).
    private mutating func appendMilliseconds(_ micros: UInt64) {
        appendDecimal(micros / 1000)
        line.append(UInt8(ascii: "."))
        let fraction = micros % 1000
        line.append(UInt8(ascii: "0") + UInt8(fraction / 100))
        line.append(UInt8(ascii: "0") + UInt8(fraction / 10 % 10))
        line.append(UInt8(ascii: "0") + UInt8(fraction % 10))
        while line.last == UInt8(ascii: "0") && line[line.count - 2] != UInt8(ascii: ".") { line.removeLast() }
    }
}
