extension TwitterURLs {
    /// Memory one count keeps from each window of text it scans for URLs
    /// to the next (`LengthCounting.urlWeightChange`): the window's code
    /// points, the scanner's tables and whether the domains it has met
    /// are valid. A megabyte of chat has a thousand windows or more, mostly a
    /// few dozen characters each, and making these arrays for each cost more
    /// than the scan itself. Each table only grows to the longest window,
    /// and the earlier windows' domains kept are at most
    /// `Scanner.validDomainsKept`, besides the window's own.
    struct Workspace {
        /// The code points of the window being measured: as they are when all
        /// are simple, else its NFC form, with its clusters.
        var window: [UInt32] = []
        var clusters: [NormalizedCluster] = []
        var labelEnd: [Int] = []
        var underscoreAfter: [Int] = []
        var domainEnds: [Int32] = []
        var tldEnds: [Int32] = []
        var chain: [Int] = []
        /// Whether each domain not in ASCII met so far is valid (`Scanner`'s cache).
        var validDomains: [[UInt32]: Bool] = [:]

        /// `buffer`'s memory, moved out (so the taken array is the only
        /// reference and is written in place), with its first `count`
        /// elements `value`. It may be longer: what a longer window left is
        /// kept rather than cleared, and the scanner reads only its first `count`.
        @inline(__always)
        static func take<Element>(_ buffer: inout [Element], filledWith value: Element, count: Int) -> [Element] {
            var taken: [Element] = []
            swap(&taken, &buffer)
            let kept = min(taken.count, count)
            taken.withUnsafeMutableBufferPointer {
                UnsafeMutableBufferPointer(rebasing: $0[..<kept]).update(repeating: value)
            }
            if kept < count { taken.append(contentsOf: repeatElement(value, count: count - kept)) }
            return taken
        }
    }
}
