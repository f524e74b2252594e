/// HTML escaping into a byte buffer. Every byte of user text passes through
/// `appendEscaped` exactly once; it is the only way text reaches the output.
enum HTMLEscaping {
    /// 0: copy as is; 1: `&`, 2: `<`, 3: `>`, 4: `"`, 5: `'`, 6: CR, 7: LF, 8: NUL.
    static let byteClass: [UInt8] = {
        var t = [UInt8](repeating: 0, count: 256)
        t[Int(UInt8(ascii: "&"))] = 1
        t[Int(UInt8(ascii: "<"))] = 2
        t[Int(UInt8(ascii: ">"))] = 3
        t[Int(UInt8(ascii: "\""))] = 4
        t[Int(UInt8(ascii: "'"))] = 5
        t[0x0D] = 6
        t[0x0A] = 7
        t[0x00] = 8
        return t
    }()

    static let amp = Array("&amp;".utf8), lt = Array("&lt;".utf8), gt = Array("&gt;".utf8)
    static let quot = Array("&quot;".utf8), apos = Array("&#39;".utf8)
    // The HTML parser turns a raw CR into LF; a character reference keeps it.
    static let cr = Array("&#13;".utf8), br = Array("<br>".utf8), nul = Array("\u{FFFD}".utf8)

    /// Appends `p[range]` escaped. With `lineBreaks`, LF becomes `<br>`.
    /// NUL, which HTML cannot carry, becomes U+FFFD (the renderer refuses
    /// NUL before it gets here; this keeps the function safe on its own).
    @inline(__always)
    static func appendEscaped(_ p: UnsafeRawBufferPointer, _ range: Range<Int>, lineBreaks: Bool, to out: inout [UInt8]) {
        byteClass.withUnsafeBufferPointer { table in
            var copyFrom = range.lowerBound
            var i = range.lowerBound
            while i < range.upperBound {
                let k = table[Int(p[i])]
                if k == 0 || (k == 7 && !lineBreaks) { i += 1; continue }
                if copyFrom < i { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[copyFrom ..< i])) }
                switch k {
                case 1: out.append(contentsOf: amp)
                case 2: out.append(contentsOf: lt)
                case 3: out.append(contentsOf: gt)
                case 4: out.append(contentsOf: quot)
                case 5: out.append(contentsOf: apos)
                case 6: out.append(contentsOf: cr)
                case 7: out.append(contentsOf: br)
                default: out.append(contentsOf: nul)
                }
                i += 1
                copyFrom = i
            }
            if copyFrom < range.upperBound { out.append(contentsOf: UnsafeRawBufferPointer(rebasing: p[copyFrom ..< range.upperBound])) }
        }
    }

    static func escaped(_ s: String) -> [UInt8] {
        var out: [UInt8] = []
        var s = s
        s.withUTF8 { appendEscaped(UnsafeRawBufferPointer($0), 0 ..< $0.count, lineBreaks: false, to: &out) }
        return out
    }
}
