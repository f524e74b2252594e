// Owns: twitter-text v3's URL rule (extractUrlsWithIndices with URLs without a
// protocol, as parseTweet runs it), the mirror of the Swift core's
// TwitterURLs: which spans of a text are URLs, each weighing 23 in the
// weighted count. Loaded on demand with its tables (`loadURLs()` in lengths.js).
//
// The official rule is one backtracking regex plus checks after it; this is
// the same rule written out as a scan, with the regex's own character
// classes, TLDs and case folding (twitter-text-tables.js, generated from the
// same source as the Swift table). Positions are offsets in an array of code
// points.

import * as T from './twitter-text-tables.js';
import { forEachCluster, isSimple } from './graphemes.js';
import { IntList, Room, runPointsRoom } from './int-list.js';
import { STOPS } from './url-stops.js';
import { appendNFC } from './normalization.js';

export const URL_WEIGHT = 2300; // 1/100 units

class CodePointSet {
  constructor(pairs) {
    this.ranges = pairs;
    this.ascii = new Uint8Array(128);
    for (let k = 0; k < pairs.length; k += 2) {
      for (let c = pairs[k]; c <= Math.min(pairs[k + 1], 0x7f); c++) this.ascii[c] = 1;
    }
  }

  has(c) {
    if (c < 128) return this.ascii[c] === 1;
    const r = this.ranges;
    let lo = 0,
      hi = r.length / 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (r[2 * mid + 1] < c) lo = mid + 1;
      else hi = mid;
    }
    return lo < r.length / 2 && r[2 * lo] <= c;
  }
}

const preceding = new CodePointSet(T.preceding);
const domainChar = new CodePointSet(T.domain);
const pathGeneral = new CodePointSet(T.pathGeneral);
const pathEnding = new CodePointSet(T.pathEnding);
const queryChar = new CodePointSet(T.query);
const queryEnding = new CodePointSet(T.queryEnding);
const tldFollower = new CodePointSet(T.tldFollower);
const asciiDomainChar = new CodePointSet(T.asciiDomain);
const punycodeChar = new CodePointSet(T.punycode);
const tcoSlugChar = new CodePointSet(T.tcoSlug);

/** The rule's case folding as a table up to its last key (U+212A KELVIN
 *  SIGN), every code point above its own fold: literals are tried at nearly
 *  every position of a text (the Swift core's `flatFold`). */
const flatFold = (() => {
  let end = 0;
  for (let k = 0; k < T.fold.length; k += 2) end = Math.max(end, T.fold[k] + 1);
  const table = new Uint32Array(end);
  for (let c = 0; c < end; c++) table[c] = c;
  for (let k = 0; k < T.fold.length; k += 2) table[T.fold[k]] = T.fold[k + 1];
  return table;
})();
/** The character `c` matches in a literal under IGNORECASE. */
const fold = (c) => (c < flatFold.length ? flatFold[c] : c);
const isDigit = (c) => c >= 0x30 && c <= 0x39;
/** Whether `c`, of a run `Scanner.labelEnd` passes (domain characters, `-`
 *  and `_`), is a domain character: neither of those two is one, so the
 *  set is not searched for a label's edges. */
const isLabelEdge = (c) => c !== 0x2d && c !== 0x5f;

/** The TLDs as a trie over their code points (each already lowercase), so
 *  the longest TLD at a position is found in one walk of at most the longest
 *  TLD's length, whatever the number of TLDs sharing a first letter. */
class TLDTrie {
  constructor(words) {
    /** By node, code point → child node; node 0 is the root. */
    this.children = [new Map()];
    /** Whether the path to a node spells a whole TLD. */
    this.ends = [false];
    for (const word of words) {
      let node = 0;
      for (const ch of word) {
        const c = ch.codePointAt(0);
        let child = this.children[node].get(c);
        if (child === undefined) {
          child = this.ends.length;
          this.children.push(new Map());
          this.ends.push(false);
          this.children[node].set(c, child);
        }
        node = child;
      }
      this.ends[node] = true;
    }
  }

  /** The child of `node` by `c`, or -1. */
  child(node, c) {
    return this.children[node].get(c) ?? -1;
  }

  endsWord(node) {
    return this.ends[node];
  }
}

const tldTrie = new TLDTrie(T.tlds.split('|'));

/** The distance a Uint16Array of distances holds as "this far or more". */
const FAR = 0xffff;

/** `i` plus its distance in `to`: where that is FAR or more, the position
 *  FAR ahead is in the same stretch (a run of domain characters, a stretch
 *  without `_`), so its distance goes on from there. */
function farAhead(to, i) {
  let at = i;
  while (to[at] === FAR) at += FAR;
  return at + to[at];
}

/** What `toTLDEnd` holds at a position not worked out yet, where there is no
 *  TLD, and where it is too long to keep in a byte (an `xn--` TLD of 253 or
 *  more, worked out again when asked: each position is asked once or twice). */
const TLD_UNKNOWN = 0xff,
  TLD_NONE = 0xfe,
  TLD_LONG = 0xfd;

/** The domains' validity a scanner keeps, then starts over: a text of one short
 *  IDN repeated hits them, and a text of many different ones
 *  (`url-idn-distinct`) kept an entry for each, long enough to be promoted. */
const VALID_DOMAINS_KEPT = 64;

/** What `domainEnds` holds at a position not worked out yet, and where there is none. */
const UNKNOWN = -2,
  NONE = -1;
/** A label start of the chain being worked out holds LINKED - the label start
 *  before it: the chain is walked back through them, where a list of its
 *  starts took 4 to 8 bytes a label, twice that as it grew, each pass. */
const LINKED = -3;

/** The URLs in `t` (NFC code points, an array or an Int32Array) as
 *  [start, end) pairs, in order (`forEachURL`; `afterCode`: `t` follows a
 *  sticker code). */
export function findURLs(t, piece, afterCode = false) {
  const urls = [];
  forEachURL(t, (a, b) => urls.push([a, b]), piece, 0, afterCode);
  return urls;
}

/** Calls `body(start, end)` for each URL in `t` (NFC code points), in order.
 *  A text longer than `piece` is read a piece at a time, each ending with
 *  the first stop past that length and the next beginning with it
 *  (url-stops.js: no URL holds a stop, and none looks past one; what precedes
 *  a URL is read, so the stop is in both), so that the scanner's tables
 *  (9 bytes a code point) are a piece's, not the whole text's. `reserve`:
 *  the length the tables of a text read whole are made for at least (see
 *  lengths.js `urlRunLengths`). `afterCode`: `t` follows a sticker code,
 *  and is read as twitter-text reads it after the code's `]` (Scanner). */
export function forEachURL(t, body, piece = 4096, reserve = 0, afterCode = false) {
  if (!t.includes(0x2e)) return;
  for (let from = 0; from < t.length; ) {
    let stop = Math.min(t.length, from + piece);
    while (stop < t.length && !STOPS.has(t[stop])) stop += 1;
    const part = from === 0 && stop >= t.length ? t : t.subarray ? t.subarray(from, stop + 1) : t.slice(from, stop + 1);
    if (part.includes(0x2e)) {
      const at = from;
      new Scanner(part, tablesRoom, part === t ? reserve : 0, afterCode && from === 0).run((a, b) =>
        body(at + a, at + b),
      );
    }
    if (stop >= t.length) break;
    from = stop;
  }
}

/** A Scanner's tables for texts of up to `length - 1` code points (what
 *  each holds: see Scanner), in one buffer (a Room frees it at once when it
 *  grows): 9 bytes a code point. */
class ScannerTables {
  constructor(length) {
    this.length = length;
    this.buffer = new ArrayBuffer(9 * length);
    this.domainEnds = new Int32Array(this.buffer, 0, length);
    this.toLabelEnd = new Uint16Array(this.buffer, 4 * length, length);
    this.toUnderscore = new Uint16Array(this.buffer, 6 * length, length);
    this.toTLDEnd = new Uint8Array(this.buffer, 8 * length, length);
  }
}

/** The rooms (int-list.js) of what the scan makes again on each piece and
 *  each pass over a text: a Scanner's tables (forEachURL's) and asciiDomains's two. Made
 *  anew, the tables of one long piece were 5 MB a pass over 512 KiB. */
const tablesRoom = new Room(ScannerTables);
const domainRoom = new Room();

/** The regex's matches, found in time linear in the text. The regex tries a
 *  match at nearly every position, and each try walks a chain of domain
 *  labels to its end: the chain from one label start is that label plus the
 *  chain from the next, so each label start's answer is worked out once and
 *  kept (`domainEnds`), as is each position's TLD (`toTLDEnd`). A match, once
 *  found, moves the scan past its end, so the path, port and query of each
 *  are read once. */
class Scanner {
  /** `room`, if given, the Room its tables are taken from (see
   *  ScannerTables), for at least `reserve` code points. `afterCode`: `t`
   *  follows a sticker code; twitter-text reads the code's `]` before it,
   *  so its first character is no text's start (`ñandu.com` alone holds
   *  `andu.com`, after `[ok]` all of it). */
  constructor(t, room = null, reserve = 0, afterCode = false) {
    this.t = t;
    this.afterCode = afterCode;
    const n = (this.n = t.length);
    const tables = room ? room.take(Math.max(n, reserve) + 1) : new ScannerTables(n + 1);
    // From each position, how far on the first that is not a domain
    // character, - or _ is (`labelEnd`), and the first _ (`underscoreAfter`),
    // or the end: two bytes each, FAR where it is at least that far.
    this.toLabelEnd = tables.toLabelEnd;
    this.toUnderscore = tables.toUnderscore;
    this.toLabelEnd[n] = 0;
    this.toUnderscore[n] = 0;
    for (let i = n - 1; i >= 0; i--) {
      const c = t[i];
      this.toLabelEnd[i] =
        c === 0x2d || c === 0x5f || domainChar.has(c) ? Math.min(FAR, this.toLabelEnd[i + 1] + 1) : 0;
      this.toUnderscore[i] = c === 0x5f ? 0 : Math.min(FAR, this.toUnderscore[i + 1] + 1);
    }
    // Answers already worked out, by position: UNKNOWN, NONE, or an end (a
    // TLD's as its distance, LONG where that is too far to keep).
    this.domainEnds = tables.domainEnds.fill(UNKNOWN, 0, n + 1);
    this.toTLDEnd = tables.toTLDEnd.fill(TLD_UNKNOWN, 0, n + 1);
    // Whether each non-ASCII domain met so far is valid: a text of one short
    // IDN repeated paid Punycode for each.
    this.validDomains = new Map();
  }

  at(i) {
    return i < this.n ? this.t[i] : -1;
  }

  /** The first position at or after `i` that is not a domain character, - or _. */
  labelEnd(i) {
    return farAhead(this.toLabelEnd, i);
  }

  /** The first `_` at or after `i`, or the text's end. */
  underscoreAfter(i) {
    return farAhead(this.toUnderscore, i);
  }

  /** Whether t[i...] begins with `literal` (lowercase ASCII) under IGNORECASE. */
  hasLiteral(literal, i) {
    for (let k = 0; k < literal.length; k++) {
      if (i + k >= this.n || fold(this.t[i + k]) !== literal.charCodeAt(k)) return false;
    }
    return true;
  }

  /** The URLs as [start, end) pairs, in order; or, given `body`, each
   *  passed to `body(start, end)` as it is found, no list made (a list of a
   *  piece's pairs lived long enough to be promoted to the old generation:
   *  ~17 MB a request of 512 KiB of short URLs). */
  run(body) {
    const { t, n } = this;
    const urls = body ? null : [];
    let pos = 0;
    while (pos < n) {
      let found = null;
      for (let p = pos; p < n; p++) {
        // After a code the regex tries its `]` first, a character that may precede a URL.
        if (p === 0 && this.afterCode) {
          found = this.match(0, 0x5d);
          if (found) break;
        }
        if (preceding.has(t[p])) {
          found = this.match(p + 1, t[p]);
          if (found) break;
        }
        if (p === 0 && !this.afterCode) {
          found = this.match(0, null);
          if (found) break;
        }
      }
      if (!found) break;
      if (body) for (const [a, b] of this.accept(found)) body(a, b);
      else urls.push(...this.accept(found));
      pos = found.end;
    }
    return urls;
  }

  /** The regex's first match of the URL part at `u` (protocol, domain, port, path, query). */
  match(u, before) {
    // The protocols in the regex's order: https://, http://, none. Tried at
    // nearly every position of a text (any character but a letter or digit
    // may precede a URL), so no array is made for them.
    return (
      (this.hasLiteral('https://', u) && this.matchWithProtocol(u, 8, before)) ||
      (this.hasLiteral('http://', u) && this.matchWithProtocol(u, 7, before)) ||
      this.matchWithProtocol(u, 0, before)
    );
  }

  /** The match at `u` whose protocol is `length` long (0: none), or null where no domain follows it. */
  matchWithProtocol(u, length, before) {
    const domainEnd = this.domain(u + length);
    if (domainEnd === null) return null;
    let i = domainEnd;
    if (this.at(i) === 0x3a && isDigit(this.at(i + 1))) {
      // :port
      i += 1;
      while (isDigit(this.at(i))) i += 1;
    }
    let hasPath = false;
    if (this.at(i) === 0x2f) {
      hasPath = true;
      i = this.path(i + 1);
    }
    if (this.at(i) === 0x3f) {
      const end = this.query(i + 1);
      if (end !== null) i = end;
    }
    return { before, start: u, protocolLength: length, domain: [u + length, domainEnd], hasPath, end: i };
  }

  /** A subdomain label (`_` allowed) or, with `name`, a domain name label, ending at a `.`: its end. */
  label(i, name) {
    const { t, n } = this;
    const e = this.labelEnd(i);
    if (!(e > i && e < n && t[e] === 0x2e && isLabelEdge(t[i]) && isLabelEdge(t[e - 1]))) return null;
    if (name && this.underscoreAfter(i) < e) return null;
    return e;
  }

  /** validSubdomain* validDomainName (gTLD | ccTLD | punycode): the most
   *  subdomains that still leave a TLD. The regex takes as many labels as
   *  there are, then gives them back one by one until a domain name label and
   *  a TLD follow: so the answer at a label start is the next label start's
   *  answer, or else this label as the name. */
  domain(i) {
    // No label at i (the usual case): none of a domain name either, which is stricter.
    if (i >= this.n || this.label(i, false) === null) return null;
    const ends = this.domainEnds;
    if (ends[i] === UNKNOWN) {
      // The chain of label starts not worked out yet, each LINKED to the
      // one before it, then each from the last (a loop, not a recursion: a
      // chain may be as long as the text).
      let s = i,
        tail = NONE;
      for (;;) {
        const next = this.labelEnd(s) + 1;
        if (!(next < this.n && this.label(next, false) !== null)) break;
        if (ends[next] !== UNKNOWN) {
          tail = ends[next];
          break;
        }
        ends[next] = LINKED - s;
        s = next;
      }
      for (;;) {
        const before = LINKED - ends[s];
        if (tail === NONE) {
          const e = this.label(s, true);
          if (e !== null) tail = this.tld(e + 1) ?? NONE;
        }
        ends[s] = tail;
        if (s === i) break;
        s = before;
      }
    }
    return ends[i] === NONE ? null : ends[i];
  }

  /** The longest TLD at `i` followed by a character that may follow one (or
   *  the text's end), else `xn--…`; worked out once per position (by the
   *  function tld below, which asciiDomains calls on a domain alone). */
  tld(i) {
    if (i >= this.n) return null;
    const known = this.toTLDEnd[i];
    if (known === TLD_NONE) return null;
    if (known !== TLD_UNKNOWN && known !== TLD_LONG) return i + known;
    const end = tld(this.t, i, this.n);
    this.toTLDEnd[i] = end === null ? TLD_NONE : end - i < TLD_LONG ? end - i : TLD_LONG;
    return end;
  }

  /** validUrlPath* after a `/`: up to the last path character that may end a path, then any balanced parentheses right after it (see TwitterURLs.path in Swift). */
  path(i) {
    const { t, n } = this;
    let j = i,
      last = null;
    while (j < n) {
      const c = t[j];
      if (pathGeneral.has(c)) {
        j += 1;
        if (pathEnding.has(c)) last = j;
      } else if (c === 0x28) {
        const b = this.balancedParens(j);
        if (b === null) break;
        j = b;
      } else {
        break;
      }
    }
    let end = last ?? i;
    for (let b; this.at(end) === 0x28 && (b = this.balancedParens(end)) !== null; ) end = b;
    return end;
  }

  /** `(…)` or `(…(…)…)` of path characters. */
  balancedParens(i) {
    const { t, n } = this;
    let k = i + 1;
    while (k < n && pathGeneral.has(t[k])) k += 1;
    if (k > i + 1 && this.at(k) === 0x29) return k + 1;
    if (this.at(k) !== 0x28) return null;
    let k2 = k + 1;
    while (k2 < n && pathGeneral.has(t[k2])) k2 += 1;
    if (!(k2 > k + 1 && this.at(k2) === 0x29)) return null;
    let k3 = k2 + 1;
    while (k3 < n && pathGeneral.has(t[k3])) k3 += 1;
    return this.at(k3) === 0x29 ? k3 + 1 : null;
  }

  /** Query characters after a `?`, up to the last that may end a query; null if none may. */
  query(i, limit = this.n) {
    const t = this.t;
    let j = i,
      last = null;
    while (j < limit && queryChar.has(t[j])) {
      j += 1;
      if (queryEnding.has(t[j - 1])) last = j;
    }
    return last;
  }

  /** domainIsValid of `domain`, kept for a non-ASCII one (Scanner.accept in Swift keeps them too). */
  isValid(domain) {
    // Kept for short domains only: a long one is seldom met twice, and its key would be as long as the text.
    if (isASCII(domain) || domain.length > 255) return domainIsValid(domain);
    // A code unit a code point where all are in the BMP (one string per domain, lone surrogates too),
    // else the numbers: such a key is ASCII, and a cached domain is not.
    let bmp = true;
    for (let k = 0; k < domain.length && bmp; k++) bmp = domain[k] <= 0xffff;
    const key = bmp ? String.fromCharCode.apply(null, domain) : domain.join(',');
    let valid = this.validDomains.get(key);
    if (valid === undefined) {
      if (this.validDomains.size >= VALID_DOMAINS_KEPT) this.validDomains.clear();
      valid = domainIsValid(domain);
      this.validDomains.set(key, valid);
    }
    return valid;
  }

  /** The checks after the regex: IDNA, the URL length, what may precede a URL
   *  without a protocol and its ASCII-only domains, t.co slugs. */
  accept(m) {
    const t = this.t;
    // A view where `t` is a typed array (no copy of each URL's domain).
    const domain = t.subarray ? t.subarray(m.domain[0], m.domain[1]) : t.slice(m.domain[0], m.domain[1]);
    if (!this.isValid(domain)) return [];
    // The JS build's length: the protocol ("https://" when absent) and the URL in UTF-16 units.
    const protocolLength = m.protocolLength > 0 ? m.protocolLength : 8;
    let utf16 = 0;
    for (let k = m.start; k < m.end; k++) utf16 += t[k] > 0xffff ? 2 : 1;
    if (protocolLength + utf16 > 4096) return [];
    if (m.protocolLength === 0) {
      const b = m.before;
      if (b === 0x2d || b === 0x5f || b === 0x2e || b === 0x2f) return [];
      const urls = asciiDomains(domain).map(([s, e]) => [s + m.domain[0], e + m.domain[0]]);
      // The last gets the path and query in place of the whole domain (see Swift).
      if (m.hasPath && urls.length) urls[urls.length - 1][1] += m.end - m.domain[1];
      return urls;
    }
    let end = m.end;
    if (this.hasLiteral('t.co/', m.start + m.protocolLength)) {
      let k = m.start + m.protocolLength + 5;
      const slugStart = k;
      while (k < m.end && tcoSlugChar.has(t[k])) k += 1;
      if (k > slugStart) {
        if (k - slugStart > 40) return [];
        end = k;
        if (this.at(k) === 0x3f && k < m.end) {
          const last = this.query(k + 1, m.end);
          if (last !== null) end = last;
        }
      }
    }
    return [[m.start, end]];
  }
}

/** The longest TLD at `i` followed by a character that may follow one (or `limit`), else `xn--…`. */
function tld(t, i, limit) {
  if (i >= limit) return null;
  let node = 0,
    longest = null;
  for (let k = i; k < limit; ) {
    node = tldTrie.child(node, fold(t[k]));
    if (node < 0) break;
    k += 1;
    if (tldTrie.endsWord(node) && (k === limit || tldFollower.has(t[k]))) longest = k;
  }
  if (longest !== null) return longest;
  if (
    limit - i >= 5 &&
    fold(t[i]) === 0x78 &&
    fold(t[i + 1]) === 0x6e &&
    fold(t[i + 2]) === 0x2d &&
    fold(t[i + 3]) === 0x2d &&
    punycodeChar.has(t[i + 4])
  ) {
    let end = i + 5;
    while (end < limit && punycodeChar.has(t[end])) end += 1;
    return end;
  }
  return null;
}

/** validAsciiDomain found repeatedly in the domain alone:
 *  ([-a-z0-9À…]+\.)+ then a TLD. As in Scanner.domain, the regex takes every
 *  label it can and gives them back until a TLD follows, so the answer after
 *  a `.` is the next one's, or else a TLD there; each is worked out once. */
function asciiDomains(d) {
  const m = d.length;
  // Its two tables, one after the other, from a room: made anew for each
  // URL without a protocol, they were about 40% of what a scan of many short
  // URLs allocated.
  const room = domainRoom.take(2 * (m + 1));
  // runEnd[i]: the first position at or after i that is not an ASCII domain character.
  const runEnd = room.subarray(0, m + 1);
  runEnd[m] = m;
  for (let i = m - 1; i >= 0; i--) runEnd[i] = asciiDomainChar.has(d[i]) ? runEnd[i + 1] : i;
  /** The position after the `.` that ends a label at `i`, or -1 if none does. */
  const afterLabel = (i) => {
    const k = runEnd[i];
    return k > i && k < m && d[k] === 0x2e ? k + 1 : -1;
  };
  // By position after a `.`: UNKNOWN, NONE, or the end of the last TLD its labels reach.
  const ends = room.subarray(m + 1, 2 * (m + 1)).fill(UNKNOWN);
  const end = (start) => {
    if (ends[start] === UNKNOWN) {
      // As in Scanner.domain: the chain LINKED, then each from the last.
      let s = start,
        tail = NONE;
      for (;;) {
        const next = afterLabel(s);
        if (next < 0) break;
        if (ends[next] !== UNKNOWN) {
          tail = ends[next];
          break;
        }
        ends[next] = LINKED - s;
        s = next;
      }
      for (;;) {
        const before = LINKED - ends[s];
        if (tail === NONE) tail = tld(d, s, m) ?? NONE;
        ends[s] = tail;
        if (s === start) break;
        s = before;
      }
    }
    return ends[start];
  };
  const out = [];
  for (let p = 0; p < m; ) {
    const start = afterLabel(p);
    const e = start < 0 ? NONE : end(start);
    if (e !== NONE) {
      out.push([p, e]);
      p = e;
    } else {
      p += 1;
    }
  }
  return out;
}

// ---- The check twitter-text's official JS build (3.1.0) makes of each domain (IDNA.swift)
//
// Its `idna.toAscii` (lib/idna.js) with the punycode package 1.4.1's `toASCII`, which it
// pins; not IDNA 2003's ToASCII, which PyPI's port runs: no nameprep, no case
// mapping, and the ideographic full stops do not end a label. The domain is
// split at `.` only; each label's ASCII form keeps its parts (split at `.`
// `。` `．` `｡`) in printable ASCII as they are and writes the others `xn--`
// and their Punycode, an empty part allowed, and must have 1 to 63
// characters. So `好。example.com` and `http://．.co` hold URLs (the port: none).

const isASCII = (cs) => cs.every((c) => c < 0x80);
const isDot = (c) => c === 0x2e || c === 0x3002 || c === 0xff0e || c === 0xff61;
const isPrintableASCII = (c) => c >= 0x20 && c <= 0x7e;

/** Whether twitter-text's JS build takes `domain` (code points): one
 *  beginning `xn--` must hold an ASCII domain somewhere (`validAsciiDomain`,
 *  not anchored: `xn--ą.com` passes), and each label's ASCII form must have
 *  1 to 63 characters. Linear in the domain. */
function domainIsValid(domain) {
  if (domain[0] === 0x78 && domain[1] === 0x6e && domain[2] === 0x2d && domain[3] === 0x2d) {
    if (!asciiDomains(domain).length) return false;
  }
  // Label by label, each a view of the domain (no array per label: a domain may be as long as the text).
  const part = (a, b) => (domain.subarray ? domain.subarray(a, b) : domain.slice(a, b));
  let start = 0;
  for (let k = 0; k <= domain.length; k++) {
    if (k < domain.length && domain[k] !== 0x2e) continue;
    const length = asciiLengthOfLabel(part(start, k));
    if (length === null || length < 1) return false;
    start = k + 1;
  }
  return true;
}

/** The length of the punycode package's `toASCII(label)`, or null when it is over 63. */
function asciiLengthOfLabel(label) {
  // Each part keeps its characters, or gains `xn--` and at least one Punycode digit for each past
  // printable ASCII: never shorter than the label. A longer one is refused unread, so Punycode's
  // encoder (quadratic in a part's length) never sees more than 63 code points.
  if (label.length > 63) return null;
  let total = 0,
    start = 0;
  for (let k = 0; k <= label.length; k++) {
    if (k < label.length && !isDot(label[k])) continue;
    const part = Array.from(label.slice(start, k));
    total += part.every(isPrintableASCII) ? part.length : 4 + punycodeLength(part);
    if (k < label.length) total += 1;
    start = k + 1;
  }
  return total <= 63 ? total : null;
}

/** RFC 3492, the encoder's output length. */
function punycodeLength(input) {
  const base = 36,
    tmin = 1,
    tmax = 26;
  let output = input.filter((c) => c < 0x80).length;
  const b = output;
  if (b > 0) output += 1;
  let h = b,
    n = 128,
    delta = 0,
    bias = 72;
  const adapt = (d, points, first) => {
    d = first ? Math.floor(d / 700) : Math.floor(d / 2);
    d += Math.floor(d / points);
    let k = 0;
    while (d > ((base - tmin) * tmax) / 2) {
      d = Math.floor(d / (base - tmin));
      k += base;
    }
    return k + Math.floor(((base - tmin + 1) * d) / (d + 38));
  };
  while (h < input.length) {
    let m = Infinity;
    for (const c of input) if (c >= n && c < m) m = c;
    delta += (m - n) * (h + 1);
    n = m;
    for (const c of input) {
      if (c < n) delta += 1;
      if (c === n) {
        let q = delta;
        for (let k = base; ; k += base) {
          const t = k <= bias ? tmin : k >= bias + tmax ? tmax : k - bias;
          if (q < t) break;
          output += 1;
          q = Math.floor((q - t) / (base - t));
        }
        output += 1;
        bias = adapt(delta, h + 1, h === b);
        delta = 0;
        h += 1;
      }
    }
    delta += 1;
    n += 1;
  }
  return output;
}

/** The rooms of `urlSpans`'s tables (used within a call; what it gives is its own; its code points in int-list.js `runPointsRoom`). */
const spanRooms = { ends: new Room(), pointEnds: new Room() };

/** The URLs of the text run `s[start..<end]` as flat `[start, end, …]`
 *  UTF-16 pairs (an Int32Array), each widened to whole grapheme clusters (the
 *  insert cut's estimate weighs them by their clusters): the run normalized
 *  cluster by cluster, so each cluster's code points are known (see
 *  TwitterURLs.spans in Swift). `clusterEnds`, if given, holds the ends of
 *  the run's clusters in order (the caller has segmented the run already: a
 *  second pass through the segmenter cost as much as the first). */
export function urlSpans(s, start, end, clusterEnds) {
  // Per cluster, its end in the text and, once a cluster is not one code
  // point, the end of its code points in `points` (until then, its index + 1).
  const ends = clusterEnds ? null : new IntList(end - start, spanRooms.ends),
    points = new IntList(end - start, runPointsRoom);
  let pointEnds = null,
    clusters = 0;
  const add = (a, b, simple) => {
    if (simple) points.push(s.codePointAt(a));
    else appendNFC(points, s, a, b);
    ends?.push(b);
    clusters += 1;
    if (!pointEnds && points.length !== clusters) {
      // One per cluster: as many as `clusterEnds` holds, if given.
      pointEnds = new IntList(clusterEnds ? clusterEnds.length : end - start, spanRooms.pointEnds);
      for (let k = 1; k < clusters; k++) pointEnds.push(k);
    }
    pointEnds?.push(points.length);
  };
  if (clusterEnds) {
    let a = start;
    for (const b of clusterEnds) {
      const c = s.codePointAt(a);
      add(a, b, b - a === (c > 0xffff ? 2 : 1) && isSimple(c));
      a = b;
    }
  } else {
    forEachCluster(s, start, end, add);
  }
  const clusterEndsAt = clusterEnds ?? ends.view(),
    pointEndsAt = pointEnds?.view();
  /** The cluster holding code point `i`. */
  const holding = (i) => {
    if (!pointEndsAt) return i;
    let lo = 0,
      hi = pointEndsAt.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pointEndsAt[mid] <= i) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const startOf = (k) => (k === 0 ? start : clusterEndsAt[k - 1]);
  const spans = new IntList();
  // The runs are the text between stickers: one that does not begin the text follows a code.
  forEachURL(
    points.view(),
    (a, b) => {
      spans.push(startOf(holding(a)));
      spans.push(clusterEndsAt[holding(b - 1)]);
    },
    undefined,
    0,
    start > 0,
  );
  return spans.view();
}

// What the test oracle, this scanner as it was before it was made linear
// (Tests/js/fixtures/urls-reference.mjs), shares with it, and asciiDomains
// for the test that compares the two directly (Tests/js/urls-linear.test.mjs).
export {
  Scanner,
  asciiDomains,
  domainChar,
  fold,
  tldFollower,
  asciiDomainChar,
  punycodeChar,
  tcoSlugChar,
  isASCII,
  isDot,
  domainIsValid,
  asciiLengthOfLabel,
  punycodeLength,
};
