/// NFC and NFKC (UAX #15) of our own, from Unicode 18.0's data
/// (`NormalizationTable`, generated from the UCD; the page's JS model,
/// normalization.js and compatibility.js, reads the same strings): not
/// Foundation's, which on Linux cuts a scalar beyond U+FFFF to its low 16
/// bits before composing a mark after it (U+E0067 U+0301 became U+01F5) and
/// leaves a Hangul LV syllable and a trailing jamo apart, and whose Unicode
/// version is the toolchain's.
///
/// In time linear in the text: one pass decomposes (full mappings, Hangul by
/// the algorithm), each run of marks out of order is put in canonical order
/// (a few by insertion, more by a counting sort by class), and one pass
/// composes (each scalar with the last starter unless blocked). Text whose
/// scalars neither decompose nor compose with the one before, its marks in
/// order, is copied as it is: the common case skips the work.
enum Normalization {
    enum Form {
        /// Canonical decomposition, then composition.
        case nfc
        /// Compatibility decomposition, then canonical composition.
        case nfkc
    }

    /// Appends the `form` of the valid UTF-8 `utf8[range]` to `out`.
    static func append(
        _ form: Form, of range: Range<Int>, in utf8: UnsafeBufferPointer<UInt8>, to out: inout [UInt32]
    ) {
        // Two scalars (a letter and its accent, the usual cluster that is not simple) go the short way.
        let second = range.lowerBound + UTF8Bytes.sequenceLength(utf8[range.lowerBound])
        if second < range.upperBound && second + UTF8Bytes.sequenceLength(utf8[second]) == range.upperBound,
            NormalizationData.shared.appendPair(
                UTF8Bytes.scalar(at: range.lowerBound, in: utf8), UTF8Bytes.scalar(at: second, in: utf8), form: form,
                to: &out)
        {
            return
        }
        append(form, of: ScalarValues(bytes: utf8, range: range), to: &out)
    }

    /// The `form` of `scalars`.
    static func normalized(_ form: Form, _ scalars: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        out.reserveCapacity(scalars.count)
        append(form, of: scalars, to: &out)
        return out
    }

    /// Appends the `form` of `scalars` (read twice: a value that iterates from its start each time) to `out`.
    @inline(__always)
    private static func append<S: Sequence<UInt32>>(_ form: Form, of scalars: S, to out: inout [UInt32]) {
        let data = NormalizationData.shared
        let mask = form == .nfc ? NormalizationData.nfcFlags : NormalizationData.nfkcFlags
        // The quick check: nothing decomposes or composes with the scalar before it, marks in order.
        var quick = true
        var lastClass: UInt8 = 0
        for c in scalars {
            if c < 0xA0 {  // nothing below U+00A0 decomposes, composes or has a class
                lastClass = 0
                continue
            }
            let k = data.combiningClass(c)
            if data.flags(c) & mask != 0 || (k != 0 && lastClass > k) {
                quick = false
                break
            }
            lastClass = k
        }
        if quick {
            out.append(contentsOf: scalars)
            return
        }
        let base = out.count
        for c in scalars { data.appendDecomposition(of: c, form: form, to: &out) }
        data.composeInOrder(&out, from: base)
    }
}

/// The tables of `Normalization`, built once from `NormalizationTable`'s strings.
final class NormalizationData: Sendable {
    static let shared = NormalizationData()

    /// A scalar's flags: a canonical decomposition, may compose with the scalar
    /// before it (NFC_QC Maybe), a compatibility decomposition.
    static let decomposes: UInt8 = 1
    static let composesAfter: UInt8 = 2
    static let compatible: UInt8 = 4
    static let nfcFlags = decomposes | composesAfter
    static let nfkcFlags = decomposes | composesAfter | compatible

    /// Below this the flat tables answer; above, only the CJK compatibility
    /// ideographs (singletons) have data (the generator checks it).
    static let flatEnd: UInt32 = 0x20000

    private let classes: [UInt8]
    private let flagTable: [UInt8]
    /// Each scalar's full canonical decomposition, Hangul apart.
    private let canonical: [UInt32: [UInt32]]
    /// Each scalar's full compatibility decomposition (its mappings, canonical or not, all the way down).
    private let compatibility: [UInt32: [UInt32]]
    /// first << 32 | second → the primary composite.
    private let composites: CompositeTable

    private init() {
        var classes = [UInt8](repeating: 0, count: Int(Self.flatEnd))
        for entry in NormalizationTable.combiningClasses.split(separator: " ") {
            let parts = entry.split(separator: ":")
            let bounds = parts[0].split(separator: "-").map { Int($0, radix: 16)! }
            for c in bounds[0]...bounds[bounds.count - 1] { classes[c] = UInt8(parts[1])! }
        }
        var flags = [UInt8](repeating: 0, count: Int(Self.flatEnd))
        var oneLevel: [UInt32: [UInt32]] = [:]
        var composites: [UInt64: UInt32] = [:]
        for (code, mapping, composes) in Self.mappings(NormalizationTable.canonicalDecompositions) {
            oneLevel[code] = mapping
            if code < Self.flatEnd { flags[Int(code)] |= Self.decomposes }
            if composes {
                composites[UInt64(mapping[0]) << 32 | UInt64(mapping[1])] = code
                flags[Int(mapping[1])] |= Self.composesAfter
            }
        }
        for c in Hangul.vBase..<Hangul.vBase + Hangul.vCount { flags[Int(c)] |= Self.composesAfter }
        for c in Hangul.tBase + 1..<Hangul.tBase + Hangul.tCount { flags[Int(c)] |= Self.composesAfter }
        var compatibilityLevel: [UInt32: [UInt32]] = [:]
        for (code, mapping, _) in Self.mappings(NormalizationTable.compatibilityDecompositions) {
            compatibilityLevel[code] = mapping
            flags[Int(code)] |= Self.compatible
        }
        let canonical = oneLevel.mapValues { Self.expanded($0) { oneLevel[$0] } }
        var compatibility: [UInt32: [UInt32]] = [:]
        for code in Set(compatibilityLevel.keys).union(oneLevel.keys) {
            compatibility[code] = Self.expanded(compatibilityLevel[code] ?? oneLevel[code]!) {
                compatibilityLevel[$0] ?? oneLevel[$0]
            }
        }
        self.classes = classes
        self.flagTable = flags
        self.canonical = canonical
        self.compatibility = compatibility
        self.composites = CompositeTable(composites)
    }

    /// The entries of a table string: code, one-level mapping, whether it is a primary composite.
    private static func mappings(_ text: String) -> [(UInt32, [UInt32], Bool)] {
        text.split(separator: " ").map { entry in
            let composes = entry.contains("=")
            let parts = entry.split(separator: composes ? "=" : ">")
            return (
                UInt32(parts[0], radix: 16)!, parts[1].split(separator: ".").map { UInt32($0, radix: 16)! }, composes
            )
        }
    }

    /// `mapping` with each of its scalars decomposed by `one`, all the way down.
    private static func expanded(_ mapping: [UInt32], _ one: (UInt32) -> [UInt32]?) -> [UInt32] {
        mapping.flatMap { c in one(c).map { expanded($0, one) } ?? [c] }
    }

    @inline(__always)
    func combiningClass(_ c: UInt32) -> UInt8 {
        c < Self.flatEnd ? classes.withUnsafeBufferPointer { $0[Int(c)] } : 0
    }

    @inline(__always)
    func flags(_ c: UInt32) -> UInt8 {
        if c < Self.flatEnd { return flagTable.withUnsafeBufferPointer { $0[Int(c)] } }
        return (0x2F800...0x2FA1D).contains(c) ? Self.decomposes : 0
    }

    /// Appends `c` decomposed by `form` (`composeInOrder` then orders and composes what was appended).
    func appendDecomposition(of c: UInt32, form: Normalization.Form, to out: inout [UInt32]) {
        if Hangul.isSyllable(c) {
            let index = c - Hangul.sBase
            out.append(Hangul.lBase + index / (Hangul.vCount * Hangul.tCount))
            out.append(Hangul.vBase + (index / Hangul.tCount) % Hangul.vCount)
            if index % Hangul.tCount != 0 { out.append(Hangul.tBase + index % Hangul.tCount) }
            return
        }
        let mask = form == .nfc ? Self.decomposes : Self.decomposes | Self.compatible
        if c >= 0xA0, flags(c) & mask != 0, let mapping = (form == .nfc ? canonical[c] : compatibility[c]) {
            out += mapping
        } else {
            out.append(c)
        }
    }

    /// Appends the `form` of the pair `a` `b` and says true, where neither
    /// decomposes under `form`, `a` is a starter and neither is a Hangul
    /// syllable: then nothing is put in order and only the two may compose,
    /// as the whole algorithm would find. Else false, nothing appended.
    @inline(__always)
    func appendPair(_ a: UInt32, _ b: UInt32, form: Normalization.Form, to out: inout [UInt32]) -> Bool {
        let mask = form == .nfc ? Self.decomposes : Self.decomposes | Self.compatible
        guard flags(a) & mask == 0, flags(b) & mask == 0, combiningClass(a) == 0, !Hangul.isSyllable(a),
            !Hangul.isSyllable(b)
        else { return false }
        if flags(b) & Self.composesAfter != 0, let composed = composite(a, b) {
            out.append(composed)
        } else {
            out.append(a)
            out.append(b)
        }
        return true
    }

    /// Puts each run of marks of `out[from...]` in canonical order, then composes it in place.
    func composeInOrder(_ out: inout [UInt32], from base: Int) {
        var runStart = base
        var ordered = true
        var last: UInt8 = 0
        for i in base..<out.count {
            let k = combiningClass(out[i])
            if k == 0 {
                if !ordered { putInOrder(&out, runStart..<i) }
                ordered = true
                runStart = i + 1
            } else if last > k && i > runStart {
                ordered = false
            }
            last = k
        }
        if !ordered { putInOrder(&out, runStart..<out.count) }
        compose(&out, from: base)
    }

    /// Stably sorts `out[run]`, marks, by class: a few by insertion, more each
    /// put after the marks of lower classes and of its class before it (a
    /// counting sort, as classes are below 256), so linear in the run.
    private func putInOrder(_ out: inout [UInt32], _ run: Range<Int>) {
        if run.count <= 8 {
            for j in run.dropFirst() {
                let c = out[j]
                let k = combiningClass(c)
                var at = j
                while at > run.lowerBound && combiningClass(out[at - 1]) > k {
                    out[at] = out[at - 1]
                    at -= 1
                }
                out[at] = c
            }
            return
        }
        var start = [Int](repeating: 0, count: 257)
        for j in run { start[Int(combiningClass(out[j])) + 1] += 1 }
        for k in 1...256 { start[k] += start[k - 1] }
        var sorted = [UInt32](repeating: 0, count: run.count)
        for j in run {
            let k = Int(combiningClass(out[j]))
            sorted[start[k]] = out[j]
            start[k] += 1
        }
        out.replaceSubrange(run, with: sorted)
    }

    /// Composes `out[base...]` (decomposed, in canonical order) in place: each
    /// scalar with the last starter, unless a mark between blocks it (one of
    /// the same or a higher class, or any starter).
    private func compose(_ out: inout [UInt32], from base: Int) {
        var starter = -1
        var lastClass: UInt8 = 0
        var kept = base
        for i in base..<out.count {
            let c = out[i]
            let k = combiningClass(c)
            // Only a scalar flagged `composesAfter` is the second of any composite: the others are not looked up.
            if starter >= 0 && (kept == starter + 1 || (lastClass != 0 && lastClass < k)),
                flags(c) & Self.composesAfter != 0, let p = composite(out[starter], c)
            {
                out[starter] = p
                continue
            }
            if k == 0 { starter = kept }
            lastClass = k
            out[kept] = c
            kept += 1
        }
        out.removeSubrange(kept...)
    }

    /// The primary composite of `a` then `b` (Hangul by the algorithm), or nil.
    private func composite(_ a: UInt32, _ b: UInt32) -> UInt32? {
        if (Hangul.lBase..<Hangul.lBase + Hangul.lCount).contains(a),
            (Hangul.vBase..<Hangul.vBase + Hangul.vCount).contains(b)
        {
            return Hangul.sBase + ((a - Hangul.lBase) * Hangul.vCount + (b - Hangul.vBase)) * Hangul.tCount
        }
        if Hangul.isSyllable(a), (a - Hangul.sBase) % Hangul.tCount == 0, b > Hangul.tBase,
            b < Hangul.tBase + Hangul.tCount
        {
            return a + (b - Hangul.tBase)
        }
        return composites.composite(of: UInt64(a) << 32 | UInt64(b))
    }
}

/// The primary composites by their pair (`first << 32 | second`), in an
/// open-addressed table with a multiplicative hash: NFC looks one up for
/// every mark after a letter, and a `Dictionary`'s SipHash was most of
/// composing a letter and its accent.
struct CompositeTable: Sendable {
    private let keys: [UInt64]
    private let values: [UInt32]
    private let shift: UInt64
    private static let empty = UInt64.max

    init(_ pairs: [UInt64: UInt32]) {
        var bits: UInt64 = 4
        while (1 << bits) < 2 * pairs.count { bits += 1 }
        var keys = [UInt64](repeating: Self.empty, count: 1 << bits)
        var values = [UInt32](repeating: 0, count: 1 << bits)
        shift = 64 - bits
        for (key, value) in pairs {
            var slot = Self.slot(of: key, shift: shift)
            while keys[slot] != Self.empty { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            values[slot] = value
        }
        self.keys = keys
        self.values = values
    }

    @inline(__always)
    private static func slot(of key: UInt64, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The composite of the pair `key`, or nil.
    @inline(__always)
    func composite(of key: UInt64) -> UInt32? {
        keys.withUnsafeBufferPointer { keys in
            var slot = Self.slot(of: key, shift: shift)
            while true {
                let found = keys[slot]
                if found == key { return values.withUnsafeBufferPointer { $0[slot] } }
                if found == Self.empty { return nil }
                slot = (slot + 1) & (keys.count - 1)
            }
        }
    }
}

/// The constants of Hangul syllables' (de)composition (Unicode's chapter 3.12).
enum Hangul {
    static let sBase: UInt32 = 0xAC00
    static let lBase: UInt32 = 0x1100
    static let vBase: UInt32 = 0x1161
    static let tBase: UInt32 = 0x11A7
    static let lCount: UInt32 = 19
    static let vCount: UInt32 = 21
    static let tCount: UInt32 = 28
    static let sCount = lCount * vCount * tCount

    static func isSyllable(_ c: UInt32) -> Bool { c >= sBase && c < sBase + sCount }
}
