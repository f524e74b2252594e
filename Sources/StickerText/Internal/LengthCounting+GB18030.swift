/// GB18030's byte count (ASCII 1, most of the BMP 2 or 4, beyond it 4), read
/// from the generated `GB18030Table` through a flag per BMP code point.
extension LengthCounting {
    /// GB18030 bytes of `utf8[range]`: a pass over scalars, no segmentation needed.
    static func gb18030Length(of range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>) -> Int {
        bmpFlags.withUnsafeBufferPointer { flags in
            var total = 0
            var i = range.lowerBound
            while i < range.upperBound {
                let b = utf8[i]
                if b < 0x80 {
                    total &+= 1
                    i &+= 1
                    continue
                }
                let n = UTF8Bytes.sequenceLength(b)
                if n == 4 {
                    total &+= 4
                } else {
                    let scalar = UTF8Bytes.scalar(at: i, in: utf8)
                    total &+= flags[Int(scalar)] & gb18030TwoByteFlag != 0 ? 2 : 4
                }
                i &+= n
            }
            return total
        }
    }

    @inline(__always)
    static func gb18030Length(_ scalar: UInt32) -> Int {
        if scalar < 0x80 { return 1 }
        if scalar > 0xFFFF { return 4 }
        return bmpFlags[Int(scalar)] & gb18030TwoByteFlag != 0 ? 2 : 4
    }
}
