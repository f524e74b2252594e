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

import { forEachCluster } from '../model/graphemes.js';

/** `text` cut after the clusters that could take part in an insert under a limit of `max`
 *  (the catalog's codes counting one each); `text` itself when it is no longer. */
export function fitting(text, catalog, max) {
  if (max === null || max === undefined) return text;
  const clusters = (max + 1) * (catalog.maxContentLength + 2);
  if (text.length <= clusters) return text; // no more clusters than UTF-16 units
  let end = 0,
    seen = 0;
  forEachCluster(text, 0, text.length, (_, clusterEnd) => {
    end = clusterEnd;
    seen += 1;
    return seen < clusters;
  });
  return text.slice(0, end);
}
