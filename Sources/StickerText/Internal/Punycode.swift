/// RFC 3492, the encoder's output length.
enum Punycode {
    static func encodedLength(_ input: ArraySlice<UInt32>) -> Int {
        let base = 36
        let tmin = 1
        let tmax = 26
        var output = input.lazy.filter { $0 < 0x80 }.count
        let b = output
        if b > 0 { output += 1 }
        var h = b
        var n: UInt32 = 128
        var delta = 0
        var bias = 72
        func adapt(_ delta: Int, _ points: Int, _ first: Bool) -> Int {
            var delta = first ? delta / 700 : delta / 2
            delta += delta / points
            var k = 0
            while delta > ((base - tmin) * tmax) / 2 {
                delta /= base - tmin
                k += base
            }
            return k + (base - tmin + 1) * delta / (delta + 38)
        }
        while h < input.count {
            var m = UInt32.max  // the least code point not yet written (no array made for it: one a round)
            for c in input where c >= n && c < m { m = c }
            delta += Int(m - n) * (h + 1)
            n = m
            for c in input {
                if c < n { delta += 1 }
                if c == n {
                    var q = delta
                    var k = base
                    while true {
                        let t = k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias
                        if q < t { break }
                        output += 1
                        q = (q - t) / (base - t)
                        k += base
                    }
                    output += 1
                    bias = adapt(delta, h + 1, h == b)
                    delta = 0
                    h += 1
                }
            }
            delta += 1
            n += 1
        }
        return output
    }
}
