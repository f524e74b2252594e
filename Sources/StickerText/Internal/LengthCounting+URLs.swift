/// The weighted count's URL rule: a text run holding URLs weighs 23 for each,
/// and what its text around them weighs.
extension LengthCounting {
    /// What the URLs of the text run `utf8[range]` change in `measure`'s
    /// weight (1/100 units). Only windows around a `.` that a TLD may follow
    /// are normalized and scanned: a window reaches from such a dot back and
    /// on to the nearest lone stop (`isLoneStop`), which it holds, or to the
    /// run's ends. No URL holds a stop, and the rule reads no further than
    /// one, so a window's URLs are the run's there and every URL lies in a
    /// window; a window's edges are certain cluster boundaries, so its
    /// weight with URLs replaces its weight without, and the text outside
    /// weighs what `measure` gives it. Linear: a window's scans end where the
    /// last window's did, and the next dot is looked for after it. The
    /// windows' arrays are made in `workspace`'s memory, kept from run to run.
    /// The runs are the text between stickers: one that does not begin the
    /// text follows a code, and its first window is read after the code.
    static func urlWeightChange(
        _ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, reusing workspace: inout TwitterURLs.Workspace
    ) -> Int {
        // The flags' buffer taken once for the run, not at each scalar a window's edge is looked for at.
        bmpFlags.withUnsafeBufferPointer { flags in
            @inline(__always) func isLoneStop(at offset: Int) -> Bool {
                LengthCounting.isLoneStop(at: offset, in: range, of: utf8, flags: flags)
            }
            var change = 0
            var window: Range<Int>?
            var from = range.lowerBound
            while let dot = TwitterURLs.firstTLDDot(in: from..<range.upperBound, of: utf8) {
                let floor = window?.upperBound ?? range.lowerBound
                var start = dot
                while start > floor && !isLoneStop(at: start) {
                    start = UTF8Bytes.scalarStart(before: start, in: utf8)
                }
                var end = dot &+ 1
                while end < range.upperBound && !isLoneStop(at: end) {
                    end &+= UTF8Bytes.sequenceLength(utf8[end])
                }
                if end < range.upperBound { end &+= UTF8Bytes.sequenceLength(utf8[end]) }
                from = end
                if let last = window {
                    // No stop between the last window and this dot: one window.
                    if start == floor && !isLoneStop(at: start) {
                        window = last.lowerBound..<end
                        continue
                    }
                    change += weightChange(
                        ofWindow: last, afterCode: last.lowerBound == range.lowerBound && range.lowerBound > 0,
                        in: utf8,
                        reusing: &workspace)
                }
                window = start..<end
            }
            if let window {
                change += weightChange(
                    ofWindow: window, afterCode: window.lowerBound == range.lowerBound && range.lowerBound > 0,
                    in: utf8,
                    reusing: &workspace)
            }
            return change
        }
    }

    /// Whether the scalar at `offset` is a URL stop (`TwitterURLs.isStop`)
    /// between simple scalars (or the run's ends): a cluster of its own, on
    /// certain boundaries. `flags` is `bmpFlags`' buffer.
    @inline(__always)
    static func isLoneStop(
        at offset: Int, in range: Range<Int>, of utf8: UnsafeBufferPointer<UInt8>, flags: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        @inline(__always) func flag(_ scalar: UInt32) -> UInt8 { scalar < 0x10000 ? flags[Int(scalar)] : 0 }
        guard flag(UTF8Bytes.scalar(at: offset, in: utf8)) & urlStopFlag != 0 else { return false }
        if offset > range.lowerBound,
            flag(UTF8Bytes.scalar(at: UTF8Bytes.scalarStart(before: offset, in: utf8), in: utf8)) & simpleFlag == 0
        {
            return false
        }
        let next = offset &+ UTF8Bytes.sequenceLength(utf8[offset])
        return next >= range.upperBound || flag(UTF8Bytes.scalar(at: next, in: utf8)) & simpleFlag != 0
    }

    /// A window's weight with its URLs less its weight without (0 when it holds none); `afterCode`: a sticker's
    /// code comes right before it.
    private static func weightChange(
        ofWindow window: Range<Int>, afterCode: Bool, in utf8: UnsafeBufferPointer<UInt8>,
        reusing workspace: inout TwitterURLs.Workspace
    ) -> Int {
        // Simple scalars only (the usual window): the text is its own NFC form, a cluster per scalar, so
        // each URL weighs 23 in place of what its scalars weigh, and nothing is normalized or measured again.
        if simpleScalars(of: window, in: utf8, into: &workspace.window) {
            let scalars = workspace.window
            return TwitterURLs.find(in: scalars, afterCode: afterCode, reusing: &workspace).reduce(0) { change, url in
                scalars[url].reduce(change + TwitterURLs.urlWeight) { $0 - weight($1) }
            }
        }
        guard TwitterURLs.mayHoldURL(window, in: utf8) else { return 0 }
        TwitterURLs.normalize(window, in: utf8, into: &workspace.window, clusters: &workspace.clusters)
        let run = (scalars: workspace.window, clusters: workspace.clusters)
        let urls = TwitterURLs.find(in: run.scalars, afterCode: afterCode, reusing: &workspace)
        if urls.isEmpty { return 0 }
        if let change = weightChange(of: urls, onClustersOf: run, in: utf8) { return change }
        guard let withURLs = weightWithURLs(window, afterCode: afterCode, in: utf8, reusing: &workspace) else {
            return 0
        }
        return withURLs - TextBackedString.measure(window, in: utf8).weight
    }

    /// What `urls` (of `run`'s NFC code points) change in the weight, when
    /// each begins and ends on a cluster's edge (nil if one does not): each
    /// weighs 23 in place of its clusters, and a cluster weighs what
    /// `measure` gives it, read off the code points already normalized (an
    /// emoji 200, else its NFC form's), so the window is not measured again
    /// nor its text between URLs encoded and measured afresh.
    private static func weightChange(
        of urls: [Range<Int>], onClustersOf run: (scalars: [UInt32], clusters: [TwitterURLs.NormalizedCluster]),
        in utf8: UnsafeBufferPointer<UInt8>
    ) -> Int? {
        var change = 0
        var cluster = 0
        var start = 0  // the first code point of `cluster`
        for url in urls {
            while cluster < run.clusters.count && run.clusters[cluster].end <= url.lowerBound {
                start = run.clusters[cluster].end
                cluster += 1
            }
            guard start == url.lowerBound else { return nil }
            change += TwitterURLs.urlWeight
            while cluster < run.clusters.count && run.clusters[cluster].end <= url.upperBound {
                let c = run.clusters[cluster]
                if !c.simple && EmojiClassifier.isEmoji(c.bytes, in: utf8) {
                    change -= 200
                } else {
                    for scalar in run.scalars[start..<c.end] { change -= weight(scalar) }
                }
                start = c.end
                cluster += 1
            }
            guard start == url.upperBound else { return nil }
        }
        return change
    }

    /// Whether every scalar of `utf8[range]` is simple; if so, `scalars` holds them.
    private static func simpleScalars(
        of range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, into scalars: inout [UInt32]
    ) -> Bool {
        scalars.removeAll(keepingCapacity: true)
        scalars.reserveCapacity(range.count)
        var i = range.lowerBound
        let flags = bmpFlags
        while i < range.upperBound {
            let scalar = UTF8Bytes.scalar(at: i, in: utf8)
            guard scalar < 0x10000, flags[Int(scalar)] & simpleFlag != 0 else { return false }
            scalars.append(scalar)
            i &+= UTF8Bytes.sequenceLength(utf8[i])
        }
        return true
    }

    /// The twitter-text v3 weight (1/100 units) of the text run `utf8[range]` when
    /// it holds a URL, else nil (then `measure`'s weight stands). As
    /// `parseTweet` does, URLs are found in the NFC text; each weighs 23, and
    /// the text around them weighs what `measure` gives it.
    static func weightWithURLs(
        _ range: Range<Int>, afterCode: Bool, in utf8: UnsafeBufferPointer<UInt8>,
        reusing workspace: inout TwitterURLs.Workspace
    ) -> Int? {
        guard TwitterURLs.mayHoldURL(range, in: utf8) else { return nil }
        let scalars = TwitterURLs.normalized(range, in: utf8).scalars
        let urls = TwitterURLs.find(in: scalars, afterCode: afterCode, reusing: &workspace)
        if urls.isEmpty { return nil }
        var weight = 0
        var at = 0
        for url in urls {
            weight += textWeight(scalars[at..<url.lowerBound]) + TwitterURLs.urlWeight
            at = url.upperBound
        }
        return weight + textWeight(scalars[at...])
    }

    /// `measure`'s weight of some code points.
    static func textWeight(_ scalars: ArraySlice<UInt32>) -> Int {
        if scalars.isEmpty { return 0 }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(scalars.count)
        for c in scalars { utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(c)!)!) }
        return utf8.withUnsafeBufferPointer { TextBackedString.measure(0..<$0.count, in: $0).weight }
    }
}
