// Owns: UAX #29's grapheme cluster boundary rules (Unicode 18.0), applied
// scalar by scalar, and the class of a scalar they read; the mirror of the
// Swift core's GraphemeBreakRules and GraphemeBreakClass+Lookup.
//
// The data is our own (grapheme-break-table.js, generated from the Unicode
// Character Database), not the engine's: Intl.Segmenter follows each
// browser's ICU, whose Unicode version need not be the server's.

import { CLASS_BITS, GraphemeBreakClass as C, runs } from './grapheme-break-table.js';
import { runValue } from './packed-runs.js';

/** Below this, a scalar's class is one load from `flat`; above, a search of `runs`
 *  (only tags, variation selectors and the planes without marks are there). */
const FLAT_END = 0x20000;
const MASK = (1 << CLASS_BITS) - 1;

const flat = new Uint8Array(FLAT_END);
for (let k = 0; k < runs.length; k++) {
  const first = runs[k] >>> CLASS_BITS;
  if (first >= FLAT_END) break;
  const next = k + 1 < runs.length ? runs[k + 1] >>> CLASS_BITS : 0x110000;
  flat.fill(runs[k] & MASK, first, Math.min(next, FLAT_END));
}

/** The class of the scalar `c` (a lone surrogate's is Control, as the data says). */
export function classOf(c) {
  if (c < FLAT_END) return flat[c];
  return runValue(runs, CLASS_BITS, c);
}

// The rules' memory of what came before, as in Swift.
const EMOJI_NONE = 0;
const EMOJI_PICTOGRAPH = 1; // ExtPict Extend*: GB11's left side so far
const EMOJI_JOINER = 2; // ExtPict Extend* ZWJ: a pictograph joins next

/** The rules, fed one scalar's class at a time from a boundary (the start of a
 *  text, or a boundary the caller knows): `isBoundaryBefore(next)` says whether
 *  a cluster ends before that scalar. */
export class GraphemeBreakRules {
  constructor() {
    this.previous = -1; // none yet: the start of text
    this.emoji = EMOJI_NONE;
    // GB9c's left side: InCB Linker [Extend Linker]*, a consonant joins next. Since 18.0 no
    // consonant need come before the linker (GraphemeBreakTest-18.0.0: 094D × 0915).
    this.linked = false;
    this.oddRegionalIndicators = false;
  }

  isBoundaryBefore(next) {
    const boundary = this.decide(this.previous, next);
    this.remember(next);
    return boundary;
  }

  /** UAX #29's rules in their order; the first that applies decides. */
  decide(previous, next) {
    if (previous < 0) return true; // GB1: sot ÷
    if (previous === C.cr && next === C.lf) return false; // GB3: CR × LF
    if (previous === C.cr || previous === C.lf || previous === C.control) return true; // GB4
    if (next === C.cr || next === C.lf || next === C.control) return true; // GB5
    if (previous === C.l && (next === C.l || next === C.v || next === C.lv || next === C.lvt)) return false; // GB6
    if ((previous === C.lv || previous === C.v) && (next === C.v || next === C.t)) return false; // GB7
    if ((previous === C.lvt || previous === C.t) && next === C.t) return false; // GB8
    // GB9: × (Extend | ZWJ)
    if (next === C.extend || next === C.conjunctExtend || next === C.conjunctLinker || next === C.zwj) return false;
    if (next === C.spacingMark) return false; // GB9a
    if (previous === C.prepend) return false; // GB9b
    // GB9c (18.0): \p{InCB=Linker} [\p{InCB=Extend}\p{InCB=Linker}]* × \p{InCB=Consonant}
    if (next === C.consonant && this.linked) return false;
    // GB11: \p{ExtPict} Extend* ZWJ × \p{ExtPict}
    if (next === C.pictographic && this.emoji === EMOJI_JOINER) return false;
    // GB12, GB13: an odd regional indicator pairs with the next
    if (next === C.regionalIndicator && this.oddRegionalIndicators) return false;
    return true; // GB999
  }

  /** What the rules keep of `next` for the scalars after it. */
  remember(next) {
    this.previous = next;
    // GB11's ExtPict Extend* ZWJ (Extend: Grapheme_Cluster_Break Extend, whatever its InCB).
    switch (next) {
      case C.pictographic:
        this.emoji = EMOJI_PICTOGRAPH;
        break;
      case C.zwj:
        this.emoji = this.emoji === EMOJI_PICTOGRAPH ? EMOJI_JOINER : EMOJI_NONE;
        break;
      case C.extend:
      case C.conjunctExtend:
      case C.conjunctLinker:
        if (this.emoji !== EMOJI_PICTOGRAPH) this.emoji = EMOJI_NONE;
        break;
      default:
        this.emoji = EMOJI_NONE;
    }
    // GB9c's linker, then InCB Extend (ZWJ among them) and Linker.
    switch (next) {
      case C.conjunctLinker:
      case C.linker:
        this.linked = true;
        break;
      case C.conjunctExtend:
      case C.zwj:
        break;
      default:
        this.linked = false;
    }
    // GB12, GB13: regional indicators pair from the first of a run.
    this.oddRegionalIndicators = next === C.regionalIndicator && !this.oddRegionalIndicators;
  }
}
