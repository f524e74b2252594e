/// The weighted count's URL rule: a text run holding URLs weighs 23 for each,
/// and what its text around them weighs.
extension LengthCounting {
    /// The twitter-text v3 weight (1/100 units) of the text run `utf8[range]` when
    /// it holds a URL, else nil (then `measure`'s weight stands). As
    /// `parseTweet` does, URLs are found in the NFC text; each weighs 23, and
    /// the text around them weighs what `measure` gives it.
    static func weightWithURLs(_ range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> Int? {
        guard TwitterURLs.mayHoldURL(range, in: utf8) else { return nil }
        let scalars = TwitterURLs.normalized(range, in: utf8).scalars
        let urls = TwitterURLs.find(in: scalars)
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
