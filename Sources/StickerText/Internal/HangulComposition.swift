/// Foundation on Linux leaves a Hangul LV syllable and a following trailing
/// jamo apart (하 + ᆫ stays two scalars) where NFC composes them into one LVT
/// syllable (한). The one rule of that composition, for the code that takes
/// Foundation's NFC and must have true NFC (the JS model's
/// `normalize('NFC')`): the weighted count (`NFCWeight`), the URL finder's
/// text (`TwitterURLs.normalized`) and IDNA's nameprep.
enum HangulComposition {
    /// The LVT syllable that `previous` and `trailing` compose into, or nil.
    @inline(__always)
    static func syllable(_ previous: UInt32, _ trailing: UInt32) -> UInt32? {
        guard (0x11A8...0x11C2).contains(trailing), (0xAC00...0xD7A3).contains(previous), (previous - 0xAC00) % 28 == 0
        else {
            return nil
        }
        return previous + (trailing - 0x11A7)
    }

    /// `scalars` with each LV syllable and the trailing jamo after it composed.
    static func composed(_ scalars: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(scalars.count)
        for c in scalars {
            if let last = out.last, let lvt = syllable(last, c) {
                out[out.count - 1] = lvt
            } else {
                out.append(c)
            }
        }
        return out
    }
}
