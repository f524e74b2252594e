extension TwitterURLs {
    /// The TLDs as a trie (see `tldTrie`), its nodes' children in flat
    /// sorted arrays: a step of a walk is a search among a node's few
    /// children (the root's a binary search), not a hash of the character
    /// as a dictionary's lookup would be, and the walk runs after every `.`
    /// of a text that may hold a URL.
    struct TLDTrie {
        /// Node `n`'s children are at `first[n]..<first[n + 1]` of `scalars`
        /// (sorted) and `nodes`; node 0 is the root.
        private let first: [Int32]
        private let scalars: [UInt32]
        private let nodes: [Int32]
        /// Whether the path to a node spells a whole TLD.
        private let ends: [Bool]
        /// The root's child for each ASCII character, or -1: the first step
        /// of every walk, after every dot a TLD may follow, is one load
        /// instead of a search among the root's many children (whose
        /// branches, taken one way or the other by each letter, were most of
        /// the walk's cost).
        private let rootASCII: [Int32]

        init(_ words: [[UInt32]]) {
            var children: [[UInt32: Int32]] = [[:]]
            var ends = [false]
            for word in words {
                var node = 0
                for scalar in word {
                    if let child = children[node][scalar] {
                        node = Int(child)
                    } else {
                        children[node][scalar] = Int32(children.count)
                        node = children.count
                        children.append([:])
                        ends.append(false)
                    }
                }
                ends[node] = true
            }
            var first: [Int32] = [0]
            var scalars: [UInt32] = []
            var nodes: [Int32] = []
            for node in children {
                for (scalar, child) in node.sorted(by: { $0.key < $1.key }) {
                    scalars.append(scalar)
                    nodes.append(child)
                }
                first.append(Int32(scalars.count))
            }
            self.first = first
            self.scalars = scalars
            self.nodes = nodes
            self.ends = ends
            rootASCII = (0..<128).map { children[0][UInt32($0)] ?? -1 }
        }

        @inline(__always)
        func child(of node: Int32, _ scalar: UInt32) -> Int32? {
            if node == 0 && scalar < 128 {
                let child = rootASCII[Int(scalar)]
                return child < 0 ? nil : child
            }
            var lo = Int(first[Int(node)])
            let end = Int(first[Int(node) + 1])
            // The first child not below `scalar` is in lo...hi.
            var hi = end
            while hi - lo > 4 {
                let mid = (lo + hi) / 2
                if scalars[mid] < scalar { lo = mid + 1 } else { hi = mid }
            }
            while lo < end && scalars[lo] < scalar { lo += 1 }
            return lo < end && scalars[lo] == scalar ? nodes[lo] : nil
        }

        @inline(__always)
        func endsWord(_ node: Int32) -> Bool { ends[Int(node)] }
    }
}
