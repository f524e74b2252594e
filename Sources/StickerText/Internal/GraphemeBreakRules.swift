/// UAX #29's grapheme cluster boundary rules (Unicode 18.0), applied scalar
/// by scalar to the classes of `GraphemeBreakTable`: our own, so that the
/// server, node and every browser cut text alike (public/js/model/grapheme-break-rules.js
/// is the same rules; the conformance corpus and the differential test hold
/// them together, GraphemeBreakTest.txt checks both).
///
/// Fed from a boundary (a text's start, or a boundary the caller knows),
/// `isBoundary(before:)` says whether a cluster ends before the next scalar.
/// What the rules remember of the scalars before is three small states, so a
/// text is segmented in one pass whatever it holds.
struct GraphemeBreakRules {
    /// GB11's left side: `\p{ExtPict} Extend*`, then its ZWJ.
    private enum EmojiState {
        case none
        case pictograph
        case joiner
    }

    /// Nil at the start of text.
    private var previous: GraphemeBreakClass?
    private var emoji = EmojiState.none
    /// GB9c's left side: an InCB Linker, then InCB Extend and Linker scalars. Since 18.0 no
    /// consonant need come before the linker (GraphemeBreakTest-18.0.0: `094D × 0915`).
    private var linked = false
    private var oddRegionalIndicators = false

    @inline(__always)
    mutating func isBoundary(before next: GraphemeBreakClass) -> Bool {
        let boundary = decide(next)
        remember(next)
        return boundary
    }

    /// UAX #29's rules in their order; the first that applies decides.
    @inline(__always)
    private func decide(_ next: GraphemeBreakClass) -> Bool {
        guard let previous else { return true }  // GB1: sot ÷
        if previous == .cr && next == .lf { return false }  // GB3: CR × LF
        if previous == .cr || previous == .lf || previous == .control { return true }  // GB4
        if next == .cr || next == .lf || next == .control { return true }  // GB5
        if previous == .l && (next == .l || next == .v || next == .lv || next == .lvt) { return false }  // GB6
        if (previous == .lv || previous == .v) && (next == .v || next == .t) { return false }  // GB7
        if (previous == .lvt || previous == .t) && next == .t { return false }  // GB8
        // GB9: × (Extend | ZWJ)
        if next == .extend || next == .conjunctExtend || next == .conjunctLinker || next == .zwj { return false }
        if next == .spacingMark { return false }  // GB9a
        if previous == .prepend { return false }  // GB9b
        // GB9c (18.0): \p{InCB=Linker} [\p{InCB=Extend}\p{InCB=Linker}]* × \p{InCB=Consonant}
        if next == .consonant && linked { return false }
        // GB11: \p{ExtPict} Extend* ZWJ × \p{ExtPict}
        if next == .pictographic && emoji == .joiner { return false }
        // GB12, GB13: an odd regional indicator pairs with the next.
        if next == .regionalIndicator && oddRegionalIndicators { return false }
        return true  // GB999
    }

    /// What the rules keep of `next` for the scalars after it.
    @inline(__always)
    private mutating func remember(_ next: GraphemeBreakClass) {
        previous = next
        // GB11's ExtPict Extend* ZWJ (Extend: Grapheme_Cluster_Break Extend, whatever its InCB).
        switch next {
        case .pictographic: emoji = .pictograph
        case .zwj: emoji = emoji == .pictograph ? .joiner : .none
        case .extend, .conjunctExtend, .conjunctLinker: if emoji != .pictograph { emoji = .none }
        default: emoji = .none
        }
        // GB9c's linker, then InCB Extend (ZWJ among them) and Linker.
        switch next {
        case .conjunctLinker, .linker: linked = true
        case .conjunctExtend, .zwj: break
        default: linked = false
        }
        // GB12, GB13: regional indicators pair from the first of a run.
        oddRegionalIndicators = next == .regionalIndicator && !oddRegionalIndicators
    }
}
