extension TwitterURLs {
    /// The TLDs as a trie (see `tldTrie`).
    struct TLDTrie {
        /// (node << 32 | code point) → child node; node 0 is the root.
        private var children: [UInt64: Int32] = [:]
        /// Whether the path to a node spells a whole TLD.
        private var ends: [Bool] = [false]

        init(_ words: [[UInt32]]) {
            for word in words {
                var node: Int32 = 0
                for scalar in word {
                    let key = UInt64(UInt32(node)) << 32 | UInt64(scalar)
                    if let child = children[key] {
                        node = child
                    } else {
                        node = Int32(ends.count)
                        ends.append(false)
                        children[key] = node
                    }
                }
                ends[Int(node)] = true
            }
        }

        @inline(__always)
        func child(of node: Int32, _ scalar: UInt32) -> Int32? { children[UInt64(UInt32(node)) << 32 | UInt64(scalar)] }

        @inline(__always)
        func endsWord(_ node: Int32) -> Bool { ends[Int(node)] }
    }
}
