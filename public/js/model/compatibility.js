// Owns: NFKC of our own (Unicode 18.0, compatibility-table.js), for the
// search fold (search.js): the mirror of the
// Swift core's Normalization.nfkc, where the engine's `normalize('NFKC')`
// would follow its own ICU's Unicode version. NFC's machinery is
// normalization.js's.

import { compatibilityDecompositions } from './compatibility-table.js';
import {
  canonical,
  COMPATIBLE,
  COMPOSES_AFTER,
  DECOMPOSES,
  expanded,
  flags,
  normalized,
  parseMappings,
} from './normalization.js';

const compatibilityMapping = new Map(); // one level
for (const [code, mapping] of parseMappings(compatibilityDecompositions)) {
  compatibilityMapping.set(code, mapping);
  flags[code] |= COMPATIBLE;
}
/** Each scalar's full compatibility decomposition: its mappings, canonical or not, all the way down. */
const compatibility = new Map();
const one = (c) => compatibilityMapping.get(c) ?? canonical.get(c);
for (const code of [...compatibilityMapping.keys(), ...canonical.keys()]) compatibility.set(code, expanded(code, one));

/** The NFKC form of `s`. */
export const nfkc = (s) => normalized(s, (c) => compatibility.get(c), DECOMPOSES | COMPOSES_AFTER | COMPATIBLE);
