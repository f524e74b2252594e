import StickerTextHTTP

/// Which error lines of the request log are written, and which are counted:
/// a client's first `linesPerWindow` errors (an answer of 400 or more) in
/// `window` seconds are written, each as its line; the rest are counted, by
/// status, and written as one summary when the window ends:
///
///     ... 4990 more 404 from 127.0.0.2 in the last 10 s
///
/// A flood of 404s with 8 KiB paths grew the log 417 MiB in 10 s, a line a
/// request; now it grows by at most `linesPerWindow` lines and a summary per
/// client per window, whatever the rate. The clients are a table of at most
/// `capacity`, found by a scan of it (constant work a request); an error from
/// a client not in it when it is full shares one more entry, "other
/// addresses", so that no number of addresses can grow the table, or the log
/// past `(capacity + 1) × linesPerWindow` lines and `capacity + 1` summaries a
/// window. Time is given (seconds of a monotonic clock), so it is tested
/// without waiting.
struct RepeatedErrors {
    static let window: UInt64 = 10
    static let linesPerWindow = 10
    static let capacity = 64

    /// A window's errors that were counted and not written, to write as one line.
    struct Summary: Equatable {
        /// nil: the addresses that found the table full.
        let client: ClientKey?
        /// Each status counted, with how many, in the statuses' order.
        let counts: [(status: ResponseStatus, count: Int)]
        let seconds: UInt64

        static func == (a: Summary, b: Summary) -> Bool {
            a.client == b.client && a.seconds == b.seconds
                && a.counts.map(\.status) == b.counts.map(\.status) && a.counts.map(\.count) == b.counts.map(\.count)
        }
    }

    private struct Entry {
        var client: ClientKey?
        /// The second its window began.
        var since: UInt64
        var written = 0
        /// Errors counted and not written, by status slot; allocated once per entry.
        var counted = [Int](repeating: 0, count: ResponseStatus.slots)
        var countedAny = false

        init(client: ClientKey?, since: UInt64) {
            self.client = client
            self.since = since
        }

        /// Whether its window is over at `now`.
        func ended(_ now: UInt64) -> Bool { now >= since + RepeatedErrors.window }

        /// Its summary, if it counted any, and a new window from `now`.
        mutating func close(now: UInt64) -> Summary? {
            defer {
                since = now
                written = 0
                if countedAny {
                    for slot in counted.indices { counted[slot] = 0 }
                    countedAny = false
                }
            }
            guard countedAny else { return nil }
            var counts: [(status: ResponseStatus, count: Int)] = []
            for (slot, count) in counted.enumerated() where count > 0 {
                counts.append((ResponseStatus(rawValue: slot) ?? .other, count))
            }
            return Summary(client: client, counts: counts, seconds: now - since)
        }
    }

    private var entries: [Entry] = []
    private var others: Entry

    init() {
        entries.reserveCapacity(Self.capacity)
        others = Entry(client: nil, since: 0)
    }

    /// How many clients the table holds: at most `capacity`.
    var count: Int { entries.count }

    /// Whether the line of an answer with `status` to `client` at `now` is
    /// written (true), or counted (false); a summary of a window that has
    /// ended on the way goes to `summaries`.
    mutating func admit(_ client: ClientKey, _ status: ResponseStatus, now: UInt64, summaries: inout [Summary])
        -> Bool
    {
        let index = entries.firstIndex { $0.client == client } ?? place(client, now: now, summaries: &summaries)
        if let index { return Self.take(&entries[index], status, now: now, summaries: &summaries) }
        return Self.take(&others, status, now: now, summaries: &summaries)
    }

    /// Closes every window that has ended (`all`: every window, as the worker
    /// exits): its summary, if it counted any, to `summaries`, and its client
    /// out of the table. The worker calls it every second or so, so that a
    /// client that stopped still has its summary.
    mutating func sweep(now: UInt64, summaries: inout [Summary], all: Bool = false) {
        var kept = 0
        for index in entries.indices {
            if all || entries[index].ended(now) {
                if let summary = entries[index].close(now: now) { summaries.append(summary) }
            } else {
                entries.swapAt(kept, index)
                kept += 1
            }
        }
        entries.removeLast(entries.count - kept)
        if all || others.ended(now), let summary = others.close(now: now) { summaries.append(summary) }
    }

    /// A new entry for `client`: a free place, or one whose window has ended
    /// (its summary written first); nil when the table is full.
    private mutating func place(_ client: ClientKey, now: UInt64, summaries: inout [Summary]) -> Int? {
        if entries.count < Self.capacity {
            entries.append(Entry(client: client, since: now))
            return entries.count - 1
        }
        guard let ended = entries.firstIndex(where: { $0.ended(now) }) else { return nil }
        if let summary = entries[ended].close(now: now) { summaries.append(summary) }
        entries[ended].client = client
        return ended
    }

    private static func take(_ entry: inout Entry, _ status: ResponseStatus, now: UInt64, summaries: inout [Summary])
        -> Bool
    {
        if entry.ended(now), let summary = entry.close(now: now) { summaries.append(summary) }
        if entry.written < Self.linesPerWindow {
            entry.written += 1
            return true
        }
        entry.counted[status.rawValue] += 1
        entry.countedAny = true
        return false
    }
}
