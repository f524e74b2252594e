// Owns: the text model's public face. The model is pure (no DOM, no
// network) and runs in node; it follows the Swift core's rules exactly, which
// the conformance corpus (Tests/conformance) and the differential test prove.
// The tests and benchmarks in node use this face; the page imports the modules
// it uses on their own, so that this face is no part of its start. Three
// modules are not here: sticker search (search.js, for the finders), the undo
// history (history.js) and POST /api/render's body (render-request.js, which
// the page never calls).

export { Catalog } from './catalog.js';
export { scanCodes } from './scanner.js';
export { TextBackedString } from './text-backed-string.js';
export { unlimited } from './policy.js';
export { applyEdit } from './editing.js';
export { counts } from './counting.js';
export { loadGB18030, hasGB18030, loadURLs } from './lengths.js';
export { edit, count, parsePolicy } from './requests.js';
export { changeBetween } from './text-diff.js';
