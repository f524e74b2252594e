// long-paste.js owns cutting a paste (or a drop) to what could ever fit,
// before the model sees it: a paste of 1.2 MB blocked the page for half a
// second while the model segmented and counted all of it, and its check then
// went to the server whole, which refused it (413). Pure: it runs in node.
//
// Under a limit of `max` units, what an insert keeps is at most `max` units,
// and one unit is a grapheme cluster or a sticker's code, which is at most
// the catalog's longest code in clusters. So the first (max + 1) × (longest
// code + 2) clusters hold what fits and the next unit whole: the model's cut
// of them is the cut of the whole paste (Tests/js/long-paste.test.mjs checks
// it against the model on the whole text), and its note says it was cut. Only
// as many clusters as that are segmented: the cost is bounded, whatever the
// paste's length.
//
// What the field must lay out is bounded too: the paste is cut before its
// first cluster of more than HEAVIEST_CLUSTER code points, with a note. A
// browser lays out a cluster of combining marks in time that grows with the
// square of its marks (Chromium) or with the marks of the line (WebKit), and
// the 97 KB paste of 10 clusters froze the page for seconds; under a
// limit of 140, the field then holds at most 140 × 32 code points, a few ms of
// layout in Chromium and tens in WebKit (docs/page.md has the figures,
// Benchmarks/paste-layout.py measures them). No standard
// cluster comes near 32: the longest emoji sequences are 10 code points, and
// Unicode's stream-safe text (UAX #15) has at most 30 marks in a row.

import { forEachCluster } from '../model/graphemes.js';

/** The most code points a pasted cluster may have: the paste is cut before a heavier one. */
export const HEAVIEST_CLUSTER = 32;

/** `text` cut after the clusters that could take part in an insert under a limit of `max`
 *  (the catalog's codes counting one each), and before its first cluster of more than
 *  HEAVIEST_CLUSTER code points, `hooks.onNote(null, 'tooHeavyToShow')` said then (after this task's
 *  edit; `hooks`: the editor's); `text` itself when neither cuts it. */
export function fitting(text, catalog, max, hooks = null) {
  if (max === null || max === undefined) return text;
  const clusters = (max + 1) * (catalog.maxContentLength + 2);
  let end = 0,
    seen = 0,
    heavy = false;
  forEachCluster(text, 0, text.length, (start, clusterEnd, simple) => {
    // More than HEAVIEST_CLUSTER code points needs more UTF-16 units than that.
    if (!simple && clusterEnd - start > HEAVIEST_CLUSTER && codePoints(text, start, clusterEnd) > HEAVIEST_CLUSTER) {
      heavy = true;
      return false;
    }
    end = clusterEnd;
    seen += 1;
    return seen < clusters;
  });
  // Said once the edit the cut text goes into is made (a note said before an edit goes with it).
  if (heavy) queueMicrotask(() => hooks?.onNote(null, 'tooHeavyToShow'));
  return end === text.length ? text : text.slice(0, end);
}

/** The code points of `text` from `start` to `end`, counted up to one past HEAVIEST_CLUSTER. */
function codePoints(text, start, end) {
  let n = 0;
  for (let i = start; i < end && n <= HEAVIEST_CLUSTER; n++) i += text.codePointAt(i) > 0xffff ? 2 : 1;
  return n;
}
