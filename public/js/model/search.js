// Owns: finding stickers by what people type, over the packs document: a
// code, a name in Chinese or English, pinyin or its initials, a keyword. The
// same ranking as the Swift core's StickerCatalog.search (GET /api/stickers),
// held to it by the conformance corpus (Tests/conformance/search.json):
// tiers code → name → pinyin → initials → substring, then the shorter
// matching key, then catalog order. Pure: runs in node and in the page with
// no network call.

import { EditError } from './editing.js';
import { nfkc } from './compatibility.js';

/** The ranking's tiers, best first (SearchResult.Match in Swift). */
const SearchMatch = Object.freeze(['code', 'name', 'pinyin', 'initials', 'substring']);
export const MAX_QUERY_LENGTH = 64;
const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

/** NFKC (our own, Unicode 18.0's, as the server's: not the engine's), then
 *  each code point's own lowercase mapping with no context (Σ is always σ),
 *  exactly as SearchFolding.fold in Swift. */
function fold(text) {
  let out = '';
  for (const c of nfkc(text)) out += c.toLowerCase();
  return out;
}

/** A query as searched: folded, without the spaces around it, and without the
 *  `[` a code starts with and the `]` it ends with (`[xk` searches `xk`). */
function foldQuery(text) {
  let q = fold(text);
  let start = 0,
    end = q.length;
  while (start < end && q[start] === ' ') start++;
  while (end > start && q[end - 1] === ' ') end--;
  q = q.slice(start, end);
  if (q.startsWith('[')) q = q.slice(1);
  if (q.endsWith(']')) q = q.slice(0, -1);
  return q;
}

const scalars = (s) => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

/** Every sticker's folded keys, built once per catalog. */
const indexes = new WeakMap();
function indexOf(catalog) {
  let index = indexes.get(catalog);
  if (index) return index;
  index = [];
  for (const pack of catalog.packs) {
    for (const sticker of pack.stickers) {
      const codes = [...(sticker.tag ? [sticker.tag] : []), ...(sticker.aliases ?? [])].map((c) =>
        fold(c.slice(1, -1)),
      );
      index.push({
        pack: pack.id,
        sticker,
        codes: sticker.emoji ? [...codes, fold(sticker.emoji)] : codes,
        words: [fold(sticker.name.zh), fold(sticker.name.en), ...codes, ...(sticker.keywords ?? []).map(fold)],
        pinyin: fold(sticker.pinyin ?? ''),
        initials: fold(sticker.initials ?? ''),
      });
    }
  }
  indexes.set(catalog, index);
  return index;
}

const shortest = (keys, test) => {
  let best = Infinity;
  for (const k of keys) if (test(k)) best = Math.min(best, scalars(k));
  return best === Infinity ? null : best;
};

/** [match, length of the shortest key matching so] of one sticker, or null. */
function matchOf(keys, q, pq) {
  let n;
  if ((n = shortest(keys.codes, (k) => k === q)) !== null) return ['code', n];
  if ((n = shortest(keys.words, (k) => k.startsWith(q))) !== null) return ['name', n];
  if (pq) {
    if (keys.pinyin.startsWith(pq)) return ['pinyin', scalars(keys.pinyin)];
    if (keys.initials.startsWith(pq)) return ['initials', scalars(keys.initials)];
  }
  if ((n = shortest(keys.words, (k) => k.includes(q))) !== null) return ['substring', n];
  if (pq && keys.pinyin.includes(pq)) return ['substring', scalars(keys.pinyin)];
  return null;
}

/** The stickers `text` finds, best first: `[{sticker, pack, match}]`, at most `limit`. */
export function searchStickers(catalog, text, limit = DEFAULT_LIMIT) {
  const q = foldQuery(text);
  if (!q) return [];
  const pq = q.replace(/[ ']/g, '');
  const found = [];
  indexOf(catalog).forEach((keys, order) => {
    const m = matchOf(keys, q, pq);
    if (m) found.push({ rank: SearchMatch.indexOf(m[0]), length: m[1], order, keys, match: m[0] });
  });
  found.sort((a, b) => a.rank - b.rank || a.length - b.length || a.order - b.order);
  return found.slice(0, limit).map(({ keys, match }) => ({ sticker: keys.sticker, pack: keys.pack, match }));
}

/** `GET /api/stickers?q=&limit=` as an object `{q, limit?}`: `{stickers: [...]}`,
 *  each sticker as the packs document has it plus `pack` and `match`; throws
 *  EditError with the API's error code. */
export function search(request, catalog) {
  const { q, limit = DEFAULT_LIMIT } = request;
  if (typeof q !== 'string') throw new EditError('invalid_request', 'q must be a string');
  const length = scalars(q);
  if (length === 0) throw new EditError('invalid_request', 'q must not be empty');
  if (length > MAX_QUERY_LENGTH)
    throw new EditError('invalid_request', `q is ${length} characters long; at most ${MAX_QUERY_LENGTH}`);
  if (q.includes('\0')) throw new EditError('invalid_request', 'q must not contain U+0000');
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new EditError('invalid_request', `limit must be between 1 and ${MAX_LIMIT}`);
  }
  return {
    stickers: searchStickers(catalog, q, limit).map(({ sticker, pack, match }) => ({ ...sticker, match, pack })),
  };
}
